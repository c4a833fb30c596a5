import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { staffAccounts } from './staff.js';

/**
 * An organisation's API key (docs/decisions/0025): random 32 bytes shown once; only its SHA-256 is kept,
 * with a short prefix to tell keys apart in the console. Revoked keys stay for the record.
 */
export const orgApiKeys = pgTable(
  'org_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: uuid('created_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('org_api_keys_hash_uq').on(t.keyHash), index('org_api_keys_org_idx').on(t.orgId)],
);

/** Idempotency-Key of POST /transactions: a retried request answers the transaction it made. */
export const orgApiRequests = pgTable(
  'org_api_requests',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    transactionId: uuid('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('org_api_requests_uq').on(t.orgId, t.idempotencyKey)],
);

/**
 * Where an organisation receives its webhooks. The signing secret is kept encrypted (AES-256-GCM with
 * a key derived from the server secret) because signing needs it back; it is answered only at creation.
 */
export const orgWebhookEndpoints = pgTable(
  'org_webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secretEnc: text('secret_enc').notNull(),
    /** The secret before the last rotation: it signs beside the new one until it expires (ADR 0025). */
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('org_webhook_endpoints_org_idx').on(t.orgId)],
);

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint; the job loop claims `pending` rows whose time has come (SKIP LOCKED). */
export const orgWebhookDeliveries = pgTable(
  'org_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => orgWebhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The transaction the event is about and its place among that transaction's events (null: older rows). */
    transactionId: uuid('transaction_id'),
    sequence: bigint('sequence', { mode: 'number' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('org_webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('org_webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('org_webhook_deliveries_order_idx')
      .on(t.endpointId, t.transactionId, t.sequence)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** The last sequence number given to an event of each transaction (one row per transaction with events). */
export const orgWebhookSequences = pgTable('org_webhook_sequences', {
  transactionId: uuid('transaction_id').primaryKey(),
  lastSequence: bigint('last_sequence', { mode: 'number' }).notNull(),
});

/** Every attempt of a delivery, kept for the console. */
export const orgWebhookAttempts = pgTable(
  'org_webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => orgWebhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('org_webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
