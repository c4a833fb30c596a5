import fastifyMultipart from '@fastify/multipart';
import {
  LOGO_LIMITS,
  ORG_API_PATHS as P,
  apiKeyCreateSchema,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeySchema,
  orgBrandingSchema,
  orgBrandingViewSchema,
  orgNotificationSettingsSchema,
  webhookDeliveryListSchema,
  webhookEndpointCreateSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '@veridocs/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { multipartBody, ok, responses } from '../../http/envelope.js';
import { logoUploadError } from '../admin/admin-router.js';
import { allowOrgRoles, currentOrgUser } from '../org-auth/org-guard.js';
import type { OrgActor, OrgSettingsService } from './org-settings-service.js';

function actorOf(request: FastifyRequest): OrgActor {
  const user = currentOrgUser(request);
  return { orgId: user.orgId, userId: user.userId, ip: request.ip || null };
}

/**
 * The owner's settings in the portal (ADR 0047), inside the portal's signed-in family: API keys,
 * webhooks and their deliveries (the integration service, for the caller's organisation only),
 * branding and its logo, notifications. Owner only; every change audited in the organisation's audit.
 */
export const orgSettingsRouter: FastifyPluginAsyncZod<{ settings: OrgSettingsService }> = async (
  app,
  { settings },
) => {
  const tags = ['org'];
  const security = [{ orgBearer: [] }];
  // Before the body is read: a manager learns nothing from validation and sends no upload.
  app.addHook('onRequest', allowOrgRoles('owner'));
  // Scoped to these routes (the logo upload).
  await app.register(fastifyMultipart, {
    limits: { fileSize: LOGO_LIMITS.maxBytes + 1, files: 1, fields: 0, parts: 2, headerPairs: 50 },
  });

  // ── API keys ──
  app.post(
    P.apiKeys,
    {
      schema: {
        tags,
        summary: "Creates one of the organisation's API keys: the key is answered here only",
        security,
        body: apiKeyCreateSchema,
        response: responses(apiKeyCreatedSchema),
      },
    },
    async (request) => ok(await settings.createKey(actorOf(request), request.body.name)),
  );
  app.get(
    P.apiKeys,
    {
      schema: {
        tags,
        summary: "The organisation's API keys (never the key)",
        security,
        response: responses(apiKeyListSchema),
      },
    },
    async (request) => ok({ list: await settings.listKeys(actorOf(request)) }),
  );
  app.post(
    P.revokeApiKeyRoute,
    {
      schema: {
        tags,
        summary: 'Revokes an API key at once',
        security,
        params: z.object({ keyId: z.uuid() }),
        response: responses(apiKeySchema),
      },
    },
    async (request) => ok(await settings.revokeKey(actorOf(request), request.params.keyId)),
  );

  // ── Webhooks ──
  app.post(
    P.webhooks,
    {
      schema: {
        tags,
        summary: 'Adds a webhook endpoint: its signing secret is answered here only',
        security,
        body: webhookEndpointCreateSchema,
        response: responses(webhookEndpointCreatedSchema),
      },
    },
    async (request) => ok(await settings.createEndpoint(actorOf(request), request.body.url)),
  );
  app.get(
    P.webhooks,
    {
      schema: {
        tags,
        summary: "The organisation's webhook endpoints",
        security,
        response: responses(webhookEndpointListSchema),
      },
    },
    async (request) => ok({ list: await settings.listEndpoints(actorOf(request)) }),
  );
  app.post(
    P.disableWebhookRoute,
    {
      schema: {
        tags,
        summary: 'Disables a webhook endpoint (its pending deliveries then fail)',
        security,
        params: z.object({ endpointId: z.uuid() }),
        response: responses(webhookEndpointSchema),
      },
    },
    async (request) => ok(await settings.disableEndpoint(actorOf(request), request.params.endpointId)),
  );
  app.post(
    P.rotateWebhookSecretRoute,
    {
      schema: {
        tags,
        summary: "Replaces an endpoint's signing secret: the new one is answered here only",
        description: 'The old secret signs nothing from now on.',
        security,
        params: z.object({ endpointId: z.uuid() }),
        response: responses(webhookEndpointCreatedSchema),
      },
    },
    async (request) => ok(await settings.rotateSecret(actorOf(request), request.params.endpointId)),
  );
  app.get(
    P.deliveries,
    {
      schema: {
        tags,
        summary: "The organisation's latest 100 webhook deliveries, each with every attempt",
        security,
        response: responses(webhookDeliveryListSchema),
      },
    },
    async (request) => ok({ list: await settings.deliveries(actorOf(request)) }),
  );
  app.post(
    P.replayDeliveryRoute,
    {
      schema: {
        tags,
        summary: 'Sends a delivery again now, with a fresh retry schedule',
        security,
        params: z.object({ deliveryId: z.string().trim().min(1).max(100) }),
        response: responses(z.object({ replayed: z.literal(true) })),
      },
    },
    async (request) => {
      await settings.replay(actorOf(request), request.params.deliveryId);
      return ok({ replayed: true as const });
    },
  );

  // ── Branding ──
  app.get(
    P.branding,
    {
      schema: {
        tags,
        summary: "The candidate pages' branding: display name, colour, logo",
        security,
        response: responses(orgBrandingViewSchema),
      },
    },
    async (request) => ok(await settings.branding(actorOf(request).orgId)),
  );
  app.put(
    P.branding,
    {
      schema: {
        tags,
        summary: 'Sets the display name and the primary colour',
        description: 'The colour must carry white text at 4.5:1 or more (330).',
        security,
        body: orgBrandingSchema,
        response: responses(orgBrandingViewSchema),
      },
    },
    async (request) => ok(await settings.setBranding(actorOf(request), request.body)),
  );
  app.post(
    P.brandingLogo,
    {
      schema: {
        tags,
        summary: 'Uploads the logo (multipart field "file": PNG or JPEG, ≤ 512 KB)',
        description: "Judged by its bytes, as the admin's upload: 16–2048 px a side (231), ≤ 512 KB (232).",
        security,
        consumes: ['multipart/form-data'],
        documentedBody: multipartBody('The logo: PNG or JPEG, 16–2048 px a side, at most 512 KB'),
        response: responses(orgBrandingViewSchema),
      },
    },
    async (request) => {
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'file')
          throw new AppError('VALIDATION_FAILED', 'Send the logo in the field "file"');
        bytes = await file.toBuffer();
      } catch (error) {
        throw logoUploadError(error);
      }
      return ok(await settings.setLogo(actorOf(request), bytes));
    },
  );
  app.delete(
    P.brandingLogo,
    {
      schema: {
        tags,
        summary: 'Removes the logo',
        security,
        response: responses(orgBrandingViewSchema),
      },
    },
    async (request) => ok(await settings.removeLogo(actorOf(request))),
  );

  // ── Notifications ──
  app.get(
    P.notificationSettings,
    {
      schema: {
        tags,
        summary: "The organisation's e-mails: when a candidate needs it, finishes; the daily digest",
        security,
        response: responses(orgNotificationSettingsSchema),
      },
    },
    async (request) => ok(await settings.notificationSettings(actorOf(request).orgId)),
  );
  app.put(
    P.notificationSettings,
    {
      schema: {
        tags,
        summary: "Sets the organisation's e-mails (a null e-mail: the owners')",
        security,
        body: orgNotificationSettingsSchema,
        response: responses(orgNotificationSettingsSchema),
      },
    },
    async (request) => ok(await settings.setNotificationSettings(actorOf(request), request.body)),
  );
};
