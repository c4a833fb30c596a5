import { z } from 'zod';
import { mobileSchema, profileNameSchema } from './auth.js';
import { stateSchema } from './verification.js';

/** Organisations' integration API (docs/decisions/0025). */

export const integrationCreateTransactionSchema = z.object({
  formId: z.string().trim().min(1).max(100),
  candidate: z
    .object({ mobile: mobileSchema.optional(), name: profileNameSchema.optional() })
    .strict()
    .default({}),
  reference: z.string().trim().min(1).max(200).optional(),
});
export type IntegrationCreateTransaction = z.infer<typeof integrationCreateTransactionSchema>;

/**
 * With the candidate's mobile: the transaction made for them and its link. `sso` (append `&sso=` to the
 * link) is there only when this organisation's call created the candidate's wallet and its owner has
 * never signed in: single use, valid until `ssoExpiresAt` (ADR 0025). Otherwise the candidate opens the
 * link and signs in with their mobile OTP. Without a mobile: only the form's link.
 */
export const integrationCreateTransactionResponseSchema = z.object({
  transactionId: z.string().optional(),
  link: z.string(),
  sso: z.string().optional(),
  ssoExpiresAt: z.string().optional(),
});
export type IntegrationCreateTransactionResponse = z.infer<typeof integrationCreateTransactionResponseSchema>;

export const integrationTransactionSchema = z.object({
  transactionId: z.string(),
  formId: z.string(),
  state: stateSchema,
  updatedAt: z.string(),
  verifications: z.array(z.object({ name: z.string(), state: stateSchema })),
});
export type IntegrationTransaction = z.infer<typeof integrationTransactionSchema>;

export const apiKeyCreateSchema = z.object({ name: z.string().trim().min(1).max(100) });
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
/** The key itself is answered here only, once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
export const apiKeyListSchema = z.object({ list: z.array(apiKeySchema) });

export const webhookEndpointCreateSchema = z.object({
  url: z
    .url()
    .max(2000)
    .refine((u) => /^https?:\/\//i.test(u), 'http or https only'),
});
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
/** The signing secret is answered here only, once. */
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;
export const webhookEndpointListSchema = z.object({ list: z.array(webhookEndpointSchema) });

/** What an organisation's webhook event says happened (issue 30 §2; ADR 0025 "Names"). */
export const WEBHOOK_EVENT_TYPES = [
  'transaction.created',
  'transaction.started',
  'transaction.submitted',
  'transaction.in_progress',
  'transaction.action_required',
  'transaction.completed',
  'transaction.failed',
  'transaction.closed',
  'verification.created',
  'verification.saved',
  'verification.skipped',
  'verification.submitted',
  'verification.in_progress',
  'verification.action_required',
  'verification.completed',
  'verification.failed',
  'verification.closed',
  'report.sent',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  attemptLog: z.array(
    z.object({
      at: z.string(),
      statusCode: z.number().int().nullable(),
      error: z.string().nullable(),
      durationMs: z.number().int(),
    }),
  ),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ list: z.array(webhookDeliverySchema) });
