import {
  DEFAULT_BRAND_COLOR,
  carriesWhiteText,
  type ApiKey,
  type ApiKeyCreated,
  type OrgBranding,
  type OrgBrandingView,
  type OrgNotificationSettings,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from '@veridocs/shared';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AdminService } from '../admin/admin-service.js';
import type { IntegrationService } from '../integration/integration-service.js';
import type { NotificationSettingsRow, OrgSettingsRepository } from './org-settings-repository.js';

/** Who acts: the signed-in owner (OrgPrincipal's part) and where from. */
export interface OrgActor {
  orgId: string;
  userId: string;
  ip: string | null;
}

/** One row of `org_audit` (the org-auth module owns it and writes it). */
export interface OrgAuditEntry {
  orgId: string;
  userId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  detail?: Record<string, unknown>;
  ip: string | null;
}

export interface OrgSettingsServiceDeps {
  repo: OrgSettingsRepository;
  /** The integration service, called with the caller's organisation: the admin's screens, reused. */
  integration: Pick<
    IntegrationService,
    | 'createKey'
    | 'listKeys'
    | 'revokeKey'
    | 'createEndpoint'
    | 'listEndpoints'
    | 'disableEndpoint'
    | 'rotateSecret'
    | 'deliveries'
    | 'replay'
  >;
  /** The admin module's organisation and logo (its check and storage). */
  admin: Pick<AdminService, 'org' | 'setOwnLogo' | 'removeOwnLogo'>;
  /** The organisation's audit (modules/org-auth). */
  audit: (entry: OrgAuditEntry) => Promise<void>;
  /** Called after the branding changed: cached transaction snapshots embed it. */
  onBrandingChanged?: () => void;
  now: Clock;
}

export const DEFAULT_NOTIFICATION_SETTINGS: OrgNotificationSettings = {
  email: null,
  onActionRequired: true,
  onFinished: true,
  dailyDigest: false,
};

function settingsOut(row: NotificationSettingsRow | undefined): OrgNotificationSettings {
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    email: row.email,
    onActionRequired: row.onActionRequired,
    onFinished: row.onFinished,
    dailyDigest: row.dailyDigest,
  };
}

/**
 * The organisation owner's settings (issue 28, ADR 0047): the integration screens (the integration
 * service's own keys, endpoints and deliveries, always for the caller's organisation: another
 * organisation's id is not found), the candidate pages' branding, and the notifications' settings. Every
 * change is audited in the organisation's audit.
 */
export function createOrgSettingsService(deps: OrgSettingsServiceDeps) {
  const { repo, integration, admin, now } = deps;
  const audit = (actor: OrgActor, action: string, targetType: string, targetId: string, detail = {}) =>
    deps.audit({
      orgId: actor.orgId,
      userId: actor.userId,
      action,
      targetType,
      targetId,
      detail,
      ip: actor.ip,
    });

  return {
    // ── Integration ──
    async createKey(actor: OrgActor, name: string): Promise<ApiKeyCreated> {
      const created = await integration.createKey(actor.orgId, name, null);
      await audit(actor, 'api-key.create', 'api-key', created.id, { name: created.name });
      return created;
    },
    listKeys: (actor: OrgActor): Promise<ApiKey[]> => integration.listKeys(actor.orgId),
    async revokeKey(actor: OrgActor, keyId: string): Promise<ApiKey> {
      const key = await integration.revokeKey(actor.orgId, keyId);
      await audit(actor, 'api-key.revoke', 'api-key', key.id);
      return key;
    },
    async createEndpoint(actor: OrgActor, url: string): Promise<WebhookEndpointCreated> {
      const created = await integration.createEndpoint(actor.orgId, url);
      await audit(actor, 'webhook.create', 'webhook', created.id, { url: created.url });
      return created;
    },
    listEndpoints: (actor: OrgActor): Promise<WebhookEndpoint[]> => integration.listEndpoints(actor.orgId),
    async disableEndpoint(actor: OrgActor, endpointId: string): Promise<WebhookEndpoint> {
      const endpoint = await integration.disableEndpoint(actor.orgId, endpointId);
      await audit(actor, 'webhook.disable', 'webhook', endpoint.id);
      return endpoint;
    },
    async rotateSecret(actor: OrgActor, endpointId: string): Promise<WebhookEndpointCreated> {
      const rotated = await integration.rotateSecret(actor.orgId, endpointId);
      await audit(actor, 'webhook.rotate-secret', 'webhook', rotated.id);
      return rotated;
    },
    deliveries: (actor: OrgActor): Promise<WebhookDelivery[]> => integration.deliveries(actor.orgId),
    async replay(actor: OrgActor, deliveryId: string): Promise<void> {
      await integration.replay(actor.orgId, deliveryId);
      await audit(actor, 'webhook.replay', 'delivery', deliveryId);
    },

    // ── Branding ──
    async branding(orgId: string): Promise<OrgBrandingView> {
      const org = await admin.org(orgId);
      const row = await repo.branding(orgId);
      return {
        displayName: row?.displayName ?? org.name,
        primaryColor: row?.primaryColor ?? DEFAULT_BRAND_COLOR,
        imageUrl: org.imageUrl,
        custom: row !== undefined,
      };
    },
    async setBranding(actor: OrgActor, input: OrgBranding): Promise<OrgBrandingView> {
      if (!carriesWhiteText(input.primaryColor)) throw new AppError('BRANDING_CONTRAST_TOO_LOW');
      const primaryColor = input.primaryColor.toLowerCase();
      await repo.putBranding({
        orgId: actor.orgId,
        displayName: input.displayName,
        primaryColor,
        updatedAt: now(),
      });
      deps.onBrandingChanged?.();
      await audit(actor, 'branding.update', 'org', actor.orgId, {
        displayName: input.displayName,
        primaryColor,
      });
      return this.branding(actor.orgId);
    },
    async setLogo(actor: OrgActor, bytes: Buffer): Promise<OrgBrandingView> {
      const org = await admin.setOwnLogo(actor.orgId, bytes);
      await audit(actor, 'branding.logo', 'org', actor.orgId, {
        imageUrl: org.imageUrl,
        bytes: bytes.length,
      });
      return this.branding(actor.orgId);
    },
    async removeLogo(actor: OrgActor): Promise<OrgBrandingView> {
      const { removed } = await admin.removeOwnLogo(actor.orgId);
      if (removed) await audit(actor, 'branding.logo-remove', 'org', actor.orgId);
      return this.branding(actor.orgId);
    },

    // ── Notifications ──
    async notificationSettings(orgId: string): Promise<OrgNotificationSettings> {
      return settingsOut(await repo.notificationSettings(orgId));
    },
    /** The organisations whose notifications go as one daily digest (the e-mail job). */
    digestOrgIds: (): Promise<string[]> => repo.digestOrgIds(),
    async setNotificationSettings(
      actor: OrgActor,
      input: OrgNotificationSettings,
    ): Promise<OrgNotificationSettings> {
      const saved = await repo.putNotificationSettings({ orgId: actor.orgId, ...input, updatedAt: now() });
      await audit(actor, 'notifications.update', 'org', actor.orgId, { ...input });
      return settingsOut(saved);
    },
  };
}
export type OrgSettingsService = ReturnType<typeof createOrgSettingsService>;
