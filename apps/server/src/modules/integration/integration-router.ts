import {
  INTEGRATION_API_PATHS,
  apiKeyCreateSchema,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeySchema,
  integrationCreateTransactionResponseSchema,
  integrationCreateTransactionSchema,
  integrationTransactionSchema,
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
import { ok, responses } from '../../http/envelope.js';
import { bearerToken } from '../auth/session-service.js';
import type { AuditInput } from '../ops-auth/ops-auth-service.js';
import { currentStaff, originOf } from '../ops-auth/ops-guard.js';
import type { IntegrationService } from './integration-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the integration guard: the organisation of the request's API key. */
    integrationOrg: { orgId: string; keyId: string } | null;
  }
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() }).passthrough();
const id = z.string().trim().min(1).max(100);

function orgOf(request: FastifyRequest) {
  if (!request.integrationOrg) throw new AppError('API_KEY_INVALID');
  return request.integrationOrg;
}

/**
 * /api/integration/v1 (ADR 0025): an organisation's system, with its API key as the bearer. A candidate
 * or ops token is no API key (210); a key reaches only its organisation's transactions.
 */
export const integrationRouter: FastifyPluginAsyncZod<{ integration: IntegrationService }> = async (
  app,
  { integration },
) => {
  app.decorateRequest('integrationOrg', null);
  const tags = ['integration'];
  const security = [{ integrationKey: [] }];
  const guard = async (request: FastifyRequest) => {
    request.integrationOrg = await integration.authenticate(bearerToken(request.headers.authorization));
  };
  // Every route of the integration API; before the body is read or validated (ADR 0004).
  app.addHook('onRequest', guard);

  app.post(
    INTEGRATION_API_PATHS.transactions,
    {
      schema: {
        tags,
        summary: "Creates a candidate's transaction and answers their link (header Idempotency-Key)",
        description:
          'With candidate.mobile: the transaction (one per candidate and form) and `sso`, a candidate ' +
          'sign-in to append to the link as `&sso=<sso>`; a new mobile needs candidate.name (214). Without ' +
          'a mobile: the form link only. An Idempotency-Key reused with another body: 198.',
        security,
        headers: idempotencyHeaders,
        body: integrationCreateTransactionSchema,
        response: responses(integrationCreateTransactionResponseSchema),
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      const value = typeof key === 'string' ? key.trim() : undefined;
      if (value !== undefined && !IDEMPOTENCY_KEY.test(value)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
      return ok(await integration.createTransaction(orgOf(request).orgId, request.body, value));
    },
  );

  app.get(
    INTEGRATION_API_PATHS.transactionRoute,
    {
      schema: {
        tags,
        summary: "A transaction of the key's organisation: its state and its verifications' states",
        security,
        params: z.object({ txnId: id }),
        response: responses(integrationTransactionSchema),
      },
    },
    async (request) => ok(await integration.transaction(orgOf(request).orgId, request.params.txnId)),
  );
};

/** Admin routes under /api/ops/orgs/:orgId: API keys, webhook endpoints, deliveries; every one audited. */
export const integrationOpsRouter: FastifyPluginAsyncZod<{
  integration: IntegrationService;
  audit: (entry: AuditInput) => Promise<void>;
}> = async (app, { integration, audit }) => {
  const tags = ['ops'];
  const security = [{ opsBearer: [] }];
  const orgParams = z.object({ orgId: id });
  const record = (
    request: FastifyRequest,
    action: string,
    targetType: string,
    targetId: string,
    detail?: object,
  ) =>
    audit({
      staffId: currentStaff(request).staffId,
      action,
      targetType,
      targetId,
      detail: detail as Record<string, unknown> | undefined,
      ip: originOf(request).ip,
    });

  app.post(
    INTEGRATION_API_PATHS.apiKeysRoute,
    {
      schema: {
        tags,
        summary: "Creates an organisation's API key: the key is answered here only",
        security,
        params: orgParams,
        body: apiKeyCreateSchema,
        response: responses(apiKeyCreatedSchema),
      },
    },
    async (request) => {
      const created = await integration.createKey(
        request.params.orgId,
        request.body.name,
        currentStaff(request).staffId,
      );
      await record(request, 'api-key.create', 'org', request.params.orgId, { keyId: created.id });
      return ok(created);
    },
  );

  app.get(
    INTEGRATION_API_PATHS.apiKeysRoute,
    {
      schema: {
        tags,
        summary: "An organisation's API keys (never the key)",
        security,
        params: orgParams,
        response: responses(apiKeyListSchema),
      },
    },
    async (request) => {
      const list = await integration.listKeys(request.params.orgId);
      await record(request, 'api-key.list', 'org', request.params.orgId);
      return ok({ list });
    },
  );

  app.post(
    INTEGRATION_API_PATHS.revokeApiKeyRoute,
    {
      schema: {
        tags,
        summary: 'Revokes an API key at once',
        security,
        params: orgParams.extend({ keyId: z.uuid() }),
        response: responses(apiKeySchema),
      },
    },
    async (request) => {
      const key = await integration.revokeKey(request.params.orgId, request.params.keyId);
      await record(request, 'api-key.revoke', 'org', request.params.orgId, { keyId: key.id });
      return ok(key);
    },
  );

  app.post(
    INTEGRATION_API_PATHS.webhooksRoute,
    {
      schema: {
        tags,
        summary: 'Adds a webhook endpoint: its signing secret is answered here only',
        security,
        params: orgParams,
        body: webhookEndpointCreateSchema,
        response: responses(webhookEndpointCreatedSchema),
      },
    },
    async (request) => {
      const created = await integration.createEndpoint(request.params.orgId, request.body.url);
      await record(request, 'webhook.create', 'org', request.params.orgId, {
        endpointId: created.id,
        url: created.url,
      });
      return ok(created);
    },
  );

  app.get(
    INTEGRATION_API_PATHS.webhooksRoute,
    {
      schema: {
        tags,
        summary: "An organisation's webhook endpoints",
        security,
        params: orgParams,
        response: responses(webhookEndpointListSchema),
      },
    },
    async (request) => {
      const list = await integration.listEndpoints(request.params.orgId);
      await record(request, 'webhook.list', 'org', request.params.orgId);
      return ok({ list });
    },
  );

  app.post(
    INTEGRATION_API_PATHS.disableWebhookRoute,
    {
      schema: {
        tags,
        summary: 'Disables a webhook endpoint (its pending deliveries then fail)',
        security,
        params: orgParams.extend({ endpointId: z.uuid() }),
        response: responses(webhookEndpointSchema),
      },
    },
    async (request) => {
      const endpoint = await integration.disableEndpoint(request.params.orgId, request.params.endpointId);
      await record(request, 'webhook.disable', 'org', request.params.orgId, { endpointId: endpoint.id });
      return ok(endpoint);
    },
  );

  app.get(
    INTEGRATION_API_PATHS.deliveriesRoute,
    {
      schema: {
        tags,
        summary: "The organisation's latest 100 webhook deliveries, each with every attempt",
        security,
        params: orgParams,
        response: responses(webhookDeliveryListSchema),
      },
    },
    async (request) => {
      const list = await integration.deliveries(request.params.orgId);
      await record(request, 'webhook.deliveries', 'org', request.params.orgId);
      return ok({ list });
    },
  );

  app.post(
    INTEGRATION_API_PATHS.replayDeliveryRoute,
    {
      schema: {
        tags,
        summary: 'Sends a delivery again now, with a fresh retry schedule',
        security,
        params: orgParams.extend({ deliveryId: id }),
        response: responses(z.object({ replayed: z.literal(true) })),
      },
    },
    async (request) => {
      await integration.replay(request.params.orgId, request.params.deliveryId);
      await record(request, 'webhook.replay', 'org', request.params.orgId, {
        deliveryId: request.params.deliveryId,
      });
      return ok({ replayed: true as const });
    },
  );
};
