import type { Currency, OrderStatus, PaymentProvider, PaymentRegion, RefundStatus } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffAccounts } from './staff.js';
import { transactions } from './transactions.js';

/**
 * A payment order (docs/decisions/0023): one checkout of a transaction's fee at one gateway. The quote is
 * the snapshot the amount was computed from; `amount` is its toPay, in the currency's smallest unit.
 * At most one open (created/pending) and one successful order per transaction: partial unique indexes,
 * so two concurrent Pay clicks cannot both insert one.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    txnId: uuid('txn_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    profileId: uuid('profile_id').notNull(),
    region: text('region').$type<PaymentRegion>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    express: boolean('express').notNull(),
    /** The quote (the money fields of paymentInfoSchema) the order was priced with. */
    quote: jsonb('quote').$type<Record<string, unknown>>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    gatewayOrderId: text('gateway_order_id'),
    /** The gateway's hosted checkout page for this order (a retried init answers it again). */
    checkoutUrl: text('checkout_url'),
    paymentId: text('payment_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('payment_orders_open_uq')
      .on(t.txnId)
      .where(sql`${t.status} in ('created', 'pending')`),
    uniqueIndex('payment_orders_success_uq')
      .on(t.txnId)
      .where(sql`${t.status} = 'success'`),
    index('payment_orders_profile_idx').on(t.profileId, t.createdAt),
    index('payment_orders_gateway_idx').on(t.provider, t.gatewayOrderId),
    index('payment_orders_status_idx').on(t.status, t.updatedAt),
  ],
);

/** A refund of (part of) a successful order, created by the verification team (admin). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    createdBy: uuid('created_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_idempotency_uq').on(t.idempotencyKey),
    index('payment_refunds_order_idx').on(t.orderId, t.createdAt),
    index('payment_refunds_status_idx').on(t.status, t.updatedAt),
  ],
);

/** Webhook events applied, by the gateway's event id: a redelivery finds its row and changes nothing. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_webhook_events_pk', columns: [t.provider, t.eventId] })],
);

/** Every state change of an order or a refund: from, to, who (candidate, webhook, reconcile, staff), when. */
export const paymentAudit = pgTable(
  'payment_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity').$type<'order' | 'refund'>().notNull(),
    entityId: uuid('entity_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_audit_entity_idx').on(t.entityId, t.id)],
);

/**
 * The embedded sandbox gateway's own books (providers/payments/sandbox.ts): "another company", so
 * nothing of ours refers to these rows and the sandbox reads nothing of ours.
 */
export const sandboxGatewaySessions = pgTable('sandbox_gateway_sessions', {
  /** The sandbox's order id (our order's gateway_order_id). */
  id: text('id').primaryKey(),
  /** The merchant's reference (our order id), echoed in the return URL. */
  merchantReference: text('merchant_reference').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status').$type<'pending' | 'success' | 'failed' | 'cancelled'>().notNull(),
  paymentId: text('payment_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxGatewayRefunds = pgTable(
  'sandbox_gateway_refunds',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    /** The merchant's refund id: a retried refund call finds its refund. */
    merchantRefundId: text('merchant_refund_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<'pending' | 'processed' | 'failed'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_gateway_refunds_merchant_uq').on(t.merchantRefundId)],
);

/** The sandbox's outgoing webhooks: stored with the change they tell of, delivered and retried by a job. */
export const sandboxGatewayWebhooks = pgTable(
  'sandbox_gateway_webhooks',
  {
    id: text('id').primaryKey(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_gateway_webhooks_due_idx').on(t.deliveredAt, t.nextAt)],
);
