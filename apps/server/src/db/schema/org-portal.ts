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
import { ekycForms } from './ekyc-forms.js';
import { organisations } from './organisations.js';

/**
 * The organisation portal (issue 28, ADR 0047). Accounts follow the console's (ADR 0019): e-mail unique
 * across organisations (one sign-in, one organisation), argon2id password, an e-mailed code, lockout.
 */
export const orgUsers = pgTable(
  'org_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<'owner' | 'manager' | 'viewer'>().notNull(),
    passwordHash: text('password_hash').notNull(),
    failedPasswords: integer('failed_passwords').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    codesCountedFrom: timestamp('codes_counted_from', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('org_users_email_uq').on(t.email), index('org_users_org_idx').on(t.orgId)],
);

export const orgUserSignInCodes = pgTable(
  'org_user_sign_in_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => orgUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('org_user_sign_in_codes_user_idx').on(t.userId, t.createdAt)],
);

export const orgUserSessions = pgTable(
  'org_user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => orgUsers.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('org_user_sessions_user_idx').on(t.userId)],
);

/** An owner's (or the platform admin's) invitation of a user: only the link token's hash is kept. */
export const orgUserInvitations = pgTable(
  'org_user_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<'owner' | 'manager' | 'viewer'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The inviting org user; null when the platform admin invited the first owner. */
    invitedBy: uuid('invited_by').references(() => orgUsers.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('org_user_invitations_token_uq').on(t.tokenHash),
    index('org_user_invitations_org_idx').on(t.orgId),
  ],
);

/** What an organisation's users did (append-only), as the console's audit does for staff. */
export const orgAudit = pgTable(
  'org_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('org_audit_org_idx').on(t.orgId, t.at)],
);

/**
 * A candidate invited by the organisation (portal, bulk file or integration API: the same thing). The
 * transaction exists from the invitation on; reminders count here.
 */
export const candidateInvitations = pgTable(
  'candidate_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => ekycForms.id),
    transactionId: uuid('transaction_id').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email'),
    language: text('language').$type<'en' | 'hi'>().notNull().default('en'),
    source: text('source').$type<'portal' | 'bulk' | 'api'>().notNull(),
    batchId: uuid('batch_id'),
    createdBy: uuid('created_by'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One invitation per transaction (a candidate and a form): a retry or a second file finds it.
    uniqueIndex('candidate_invitations_txn_uq').on(t.transactionId),
    index('candidate_invitations_org_form_idx').on(t.orgId, t.formId, t.createdAt),
  ],
);

/** A bulk file, checked row by row into invite_batch_rows before anything is sent. */
export const inviteBatches = pgTable(
  'invite_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    status: text('status').$type<'checked' | 'sending' | 'sent' | 'cancelled'>().notNull(),
    total: integer('total').notNull(),
    valid: integer('valid').notNull(),
    refused: integer('refused').notNull(),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('invite_batches_org_idx').on(t.orgId, t.createdAt)],
);

export const inviteBatchRows = pgTable(
  'invite_batch_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => inviteBatches.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email'),
    formId: text('form_id').notNull(),
    language: text('language').$type<'en' | 'hi'>().notNull().default('en'),
    status: text('status').$type<'valid' | 'refused' | 'sent' | 'failed'>().notNull(),
    reason: text('reason'),
    invitationId: uuid('invitation_id'),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.row] }),
    index('invite_batch_rows_status_idx').on(t.batchId, t.status),
  ],
);

/** Where and when the organisation hears of its candidates (owner's settings). */
export const orgNotificationSettings = pgTable('org_notification_settings', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  email: text('email'),
  onActionRequired: boolean('on_action_required').notNull().default(true),
  onFinished: boolean('on_finished').notNull().default(true),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The candidate's pages' branding (owner): display name and a colour of accessible contrast. */
export const orgBranding = pgTable('org_branding', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
  primaryColor: text('primary_color').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Billing (ADR 0047): mode and the GST recipient's details. No row: prepaid with no balance and no
 * profile (an organisation-paid form then refuses to submit until credits are bought).
 */
export const orgBillingAccounts = pgTable('org_billing_accounts', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  mode: text('mode').$type<'prepaid' | 'arrears'>().notNull().default('prepaid'),
  legalName: text('legal_name'),
  gstin: text('gstin'),
  address: text('address'),
  stateCode: text('state_code'),
  billingEmail: text('billing_email'),
  /** The running balance (paise), changed only together with a ledger row, under a row lock. */
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of an organisation's credits: append-only; a transaction's usage is charged once. */
export const orgCreditLedger = pgTable(
  'org_credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'purchase' | 'usage' | 'refund' | 'adjustment'>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** usage: the transaction charged (its items and tax in `detail`). */
    transactionId: uuid('transaction_id'),
    creditOrderId: uuid('credit_order_id'),
    note: text('note'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('org_credit_ledger_org_idx').on(t.orgId, t.at),
    uniqueIndex('org_credit_ledger_usage_uq')
      .on(t.transactionId)
      .where(sql`${t.kind} = 'usage'`),
    uniqueIndex('org_credit_ledger_purchase_uq')
      .on(t.creditOrderId)
      .where(sql`${t.kind} = 'purchase'`),
  ],
);

/** An owner's purchase of credits through a payment gateway. */
export const orgCreditOrders = pgTable(
  'org_credit_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Credits bought (paise, taxable value); the charge adds GST. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    /** The gateway's checkout page: kept so a pending order can be paid after a reload. */
    checkoutUrl: text('checkout_url'),
    status: text('status').$type<'created' | 'paid' | 'failed' | 'cancelled'>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('org_credit_orders_org_idx').on(t.orgId, t.createdAt)],
);

/** One GST tax invoice per organisation and month; numbered in one series per financial year. */
export const orgInvoices = pgTable(
  'org_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    number: text('number').notNull(),
    /** Everything the PDF prints (supplier, recipient, lines, taxes): frozen at issue. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    taxable: bigint('taxable', { mode: 'number' }).notNull(),
    cgst: bigint('cgst', { mode: 'number' }).notNull(),
    sgst: bigint('sgst', { mode: 'number' }).notNull(),
    igst: bigint('igst', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('org_invoices_period_uq').on(t.orgId, t.period),
    uniqueIndex('org_invoices_number_uq').on(t.number),
  ],
);
