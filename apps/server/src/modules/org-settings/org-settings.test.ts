import { createHmac } from 'node:crypto';
import { DEFAULT_BRAND_COLOR, type WebhookEndpointCreated } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createAdminRepository } from '../admin/admin-repository.js';
import { createAdminService } from '../admin/admin-service.js';
import { createIntegrationRepository } from '../integration/integration-repository.js';
import { createIntegrationService } from '../integration/integration-service.js';
import { createOrgSettingsRepository } from './org-settings-repository.js';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  createOrgSettingsService,
  type OrgActor,
  type OrgAuditEntry,
  type OrgSettingsService,
} from './org-settings-service.js';

const ORG_A = 'demo-university';
const ORG_B = 'settings-other-org';
const A: OrgActor = { orgId: ORG_A, userId: '00000000-0000-4000-8000-00000000000a', ip: '10.0.0.1' };
const B: OrgActor = { orgId: ORG_B, userId: '00000000-0000-4000-8000-00000000000b', ip: '10.0.0.2' };

describe("the owner's settings: integration, branding, notifications (service)", () => {
  let t: TestApp;
  let settings: OrgSettingsService;
  const audits: OrgAuditEntry[] = [];
  const sent: { url: string; body: string; headers: Record<string, string> }[] = [];
  let catalogueChanges = 0;
  let integration: ReturnType<typeof createIntegrationService>;

  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', WEBHOOK_JOBS: 'off', WEBHOOK_ALLOW_PRIVATE: '1' } });
    await t.db.orm.execute(sql`insert into organisations (id, name) values (${ORG_B}, 'Other org')`);
    integration = createIntegrationService({
      repo: createIntegrationRepository(t.db.orm),
      secretKey: new Uint8Array(32).fill(7),
      publicUrl: 'https://app.example',
      now: t.clock.now,
      log: t.app.log,
      candidateByMobile: () => Promise.resolve(null),
      createTransaction: () => Promise.reject(new Error('unused')),
      ownerHasSignedIn: () => Promise.resolve(false),
      issueSso: () => Promise.reject(new Error('unused')),
      webhookTargets: { allowPrivate: true, httpsOnly: false },
      send: (url, body, headers) => {
        sent.push({ url, body, headers });
        return Promise.resolve(200);
      },
    });
    const admin = createAdminService({
      repo: createAdminRepository(t.db.orm),
      audit: () => Promise.reject(new Error('the portal writes no staff audit')),
      configs: () => Promise.resolve(new Map()),
      partnerOrgIds: [],
      onCatalogueChanged: () => (catalogueChanges += 1),
      now: t.clock.now,
    });
    settings = createOrgSettingsService({
      repo: createOrgSettingsRepository(t.db.orm),
      integration,
      admin,
      audit: (entry) => {
        audits.push(entry);
        return Promise.resolve();
      },
      now: t.clock.now,
    });
  });
  afterAll(() => t?.close());

  const lastAudit = () => audits.at(-1)!;

  describe('integration, for the caller’s organisation only', () => {
    it('creates a key shown once, lists it without the key, revokes it; each change audited', async () => {
      const created = await settings.createKey(A, 'ATS');
      expect(created.key).toMatch(/^vdk_/);
      expect(lastAudit()).toMatchObject({
        orgId: ORG_A,
        userId: A.userId,
        action: 'api-key.create',
        targetId: created.id,
        ip: '10.0.0.1',
      });
      const list = await settings.listKeys(A);
      expect(list.find((k) => k.id === created.id)).toBeTruthy();
      expect(JSON.stringify(list)).not.toContain(created.key);
      const revoked = await settings.revokeKey(A, created.id);
      expect(revoked.revokedAt).not.toBeNull();
      expect(lastAudit()).toMatchObject({ action: 'api-key.revoke', targetId: created.id });
      await expect(integration.authenticate(created.key)).rejects.toThrow();
    });

    it("never shows, revokes, disables, rotates or replays another organisation's key, endpoint or delivery", async () => {
      const key = await settings.createKey(A, 'A key');
      const endpoint = await settings.createEndpoint(A, 'http://127.0.0.1:9/hook');
      const deliveryId = await queueDelivery(endpoint);
      const before = audits.length;

      expect((await settings.listKeys(B)).map((k) => k.id)).not.toContain(key.id);
      expect((await settings.listEndpoints(B)).map((e) => e.id)).not.toContain(endpoint.id);
      expect((await settings.deliveries(B)).map((d) => d.id)).not.toContain(deliveryId);
      await expect(settings.revokeKey(B, key.id)).rejects.toMatchObject({ errorName: 'API_KEY_NOT_FOUND' });
      await expect(settings.disableEndpoint(B, endpoint.id)).rejects.toMatchObject({
        errorName: 'WEBHOOK_ENDPOINT_NOT_FOUND',
      });
      await expect(settings.rotateSecret(B, endpoint.id)).rejects.toMatchObject({
        errorName: 'WEBHOOK_ENDPOINT_NOT_FOUND',
      });
      await expect(settings.replay(B, deliveryId)).rejects.toMatchObject({
        errorName: 'WEBHOOK_DELIVERY_NOT_FOUND',
      });
      // Nothing changed for A, nothing audited for B.
      expect(audits.length).toBe(before);
      expect((await settings.listKeys(A)).find((k) => k.id === key.id)!.revokedAt).toBeNull();
      expect((await settings.listEndpoints(A)).find((e) => e.id === endpoint.id)!.active).toBe(true);
      // And the owner of A can.
      await settings.replay(A, deliveryId);
      expect(lastAudit()).toMatchObject({ action: 'webhook.replay', targetId: deliveryId, orgId: ORG_A });
      expect((await settings.disableEndpoint(A, endpoint.id)).active).toBe(false);
      expect(lastAudit()).toMatchObject({ action: 'webhook.disable', targetId: endpoint.id });
    });

    it('rotates the secret: answered once, the earlier header signed by the new one at once (both sign the standard one for a day: webhook-standard.test.ts)', async () => {
      const endpoint = await settings.createEndpoint(A, 'http://127.0.0.1:9/rotated');
      expect(endpoint.secret).toMatch(/^whsec_/);
      const rotated = await settings.rotateSecret(A, endpoint.id);
      expect(rotated.secret).toMatch(/^whsec_/);
      expect(rotated.secret).not.toBe(endpoint.secret);
      expect(lastAudit()).toMatchObject({ action: 'webhook.rotate-secret', targetId: endpoint.id });
      expect(JSON.stringify(lastAudit())).not.toContain(rotated.secret);
      expect(JSON.stringify(await settings.listEndpoints(A))).not.toContain(rotated.secret);

      await queueDelivery(endpoint);
      sent.length = 0;
      while (await integration.deliverOnce()) {
        /* every due delivery */
      }
      const got = sent.find((s) => s.url === endpoint.url)!;
      const [, tPart, v1Part] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(got.headers['x-veridocs-signature']!)!;
      const sign = (secret: string) =>
        createHmac('sha256', secret).update(`${tPart}.${got.body}`).digest('hex');
      expect(v1Part).toBe(sign(rotated.secret));
      expect(v1Part).not.toBe(sign(endpoint.secret));
    });

    it('answers not found for a malformed id, as for an unknown one', async () => {
      await expect(settings.rotateSecret(A, 'not-a-uuid')).rejects.toMatchObject({
        errorName: 'WEBHOOK_ENDPOINT_NOT_FOUND',
      });
      await expect(settings.replay(A, 'nope')).rejects.toMatchObject({
        errorName: 'WEBHOOK_DELIVERY_NOT_FOUND',
      });
    });
  });

  describe('branding', () => {
    it("answers the organisation's name and the default colour until saved", async () => {
      expect(await settings.branding(ORG_B)).toEqual({
        displayName: 'Other org',
        primaryColor: DEFAULT_BRAND_COLOR,
        imageUrl: null,
        custom: false,
      });
    });

    it('saves a colour of 4.5:1 with white text and refuses one under (330), audited', async () => {
      await expect(
        settings.setBranding(B, { displayName: 'Other', primaryColor: '#777777' }),
      ).rejects.toMatchObject({ errorName: 'BRANDING_CONTRAST_TOO_LOW' });
      expect((await settings.branding(ORG_B)).custom).toBe(false);
      const saved = await settings.setBranding(B, {
        displayName: 'Other Admissions',
        primaryColor: '#76767A',
      });
      expect(saved).toMatchObject({ displayName: 'Other Admissions', primaryColor: '#76767a', custom: true });
      expect(lastAudit()).toMatchObject({ orgId: ORG_B, action: 'branding.update' });
      // A's branding is untouched.
      expect((await settings.branding(ORG_A)).custom).toBe(false);
    });

    it('takes a logo through the admin check and storage, and removes it', async () => {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e4fa3' } })
        .png()
        .toBuffer();
      const changes = catalogueChanges;
      const view = await settings.setLogo(B, png);
      expect(view.imageUrl).toMatch(new RegExp(`/${ORG_B}/`));
      expect(catalogueChanges).toBe(changes + 1);
      expect(lastAudit()).toMatchObject({ orgId: ORG_B, action: 'branding.logo' });
      await expect(settings.setLogo(B, Buffer.from('<svg/>'))).rejects.toBeInstanceOf(AppError);
      expect((await settings.removeLogo(B)).imageUrl).toBeNull();
      expect(lastAudit()).toMatchObject({ orgId: ORG_B, action: 'branding.logo-remove' });
      const logos = await t.db.orm.execute(sql`select 1 from organisation_logos where org_id = ${ORG_B}`);
      expect((logos as { rows: unknown[] }).rows).toHaveLength(0);
      // A's logo is untouched.
      expect((await settings.branding(ORG_A)).imageUrl).toBe('/api/assets/demo-logo.svg');
    });
  });

  describe('notification settings', () => {
    it('answers the defaults, then what the owner saved, per organisation', async () => {
      expect(await settings.notificationSettings(ORG_A)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      const saved = await settings.setNotificationSettings(A, {
        email: 'hr@demo.example',
        onActionRequired: false,
        onFinished: true,
        dailyDigest: true,
      });
      expect(saved).toEqual({
        email: 'hr@demo.example',
        onActionRequired: false,
        onFinished: true,
        dailyDigest: true,
      });
      expect(await settings.notificationSettings(ORG_A)).toEqual(saved);
      expect(lastAudit()).toMatchObject({ orgId: ORG_A, action: 'notifications.update' });
      expect(await settings.notificationSettings(ORG_B)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      await settings.setNotificationSettings(A, { ...saved, email: null });
      expect((await settings.notificationSettings(ORG_A)).email).toBeNull();
    });
  });

  /** A due delivery to `endpoint` (as the state-change hook makes one). */
  async function queueDelivery(endpoint: WebhookEndpointCreated): Promise<string> {
    const rows = (await t.db.orm.execute(sql`
      insert into org_webhook_deliveries (endpoint_id, event_id, event_type, payload, next_attempt_at, created_at)
      values (${endpoint.id}, gen_random_uuid(), 'transaction.state_changed', '{"id":"x"}'::jsonb,
              ${t.clock.now().toISOString()}, ${t.clock.now().toISOString()})
      returning id`)) as { rows: { id: string }[] };
    return rows.rows[0]!.id;
  }
});
