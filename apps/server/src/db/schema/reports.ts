import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { transactions } from './transactions.js';

/**
 * `generating`: the job makes the PDF; `sending`: delivery due at `next_attempt_at`; `sent`; `failed`
 * (retries spent: an admin may send it again); `no_partner` (no evaluation partner or no endpoint for it).
 */
export type ReportStatus = 'generating' | 'sending' | 'sent' | 'failed' | 'no_partner';

/** What the report states, frozen when it is made: the PDF's text and the public check answer the same. */
export interface ReportFacts {
  candidate: { name: string; verifiedName: string | null; maskedMobile: string };
  organisation: string;
  form: string;
  transactionState: string;
  submittedAt: string | null;
  decidedAt: string;
  verifications: {
    name: string;
    label: string;
    result: 'VERIFIED' | 'FAILED' | 'CLOSED' | 'SKIPPED';
    reason: string | null;
    method: string;
    documents: { name: string; pages: number | null; findings: number }[];
  }[];
  partner: { id: string; name: string; reference: string | null } | null;
}

/**
 * One verification report per transaction (docs/decisions/0028): enqueued by the state-change hook in
 * the database transaction that settles the transaction (unique `txn_id`: a retry never makes two), made
 * and delivered by the job loop (rows claimed with SKIP LOCKED).
 */
export const verificationReports = pgTable(
  'verification_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    txnId: uuid('txn_id')
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** Random, 60 bits, base32 (no I, L, O, U); shown grouped as XXXX-XXXX-XXXX. */
    code: text('code').notNull().unique(),
    status: text('status').$type<ReportStatus>().notNull().default('generating'),
    /** The evaluation partner chosen by the candidate when the report was enqueued (null: none). */
    partnerId: text('partner_id'),
    facts: jsonb('facts').$type<ReportFacts>(),
    storageKey: text('storage_key').unique(),
    sha256: text('sha256'),
    size: bigint('size', { mode: 'number' }),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    /** Delivery attempts since the last (re)send. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_reports_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('generating', 'sending')`),
    index('verification_reports_sha256_idx').on(t.sha256),
  ],
);

/** Every delivery attempt of a report, kept for the console. */
export const reportDeliveryAttempts = pgTable(
  'report_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => verificationReports.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    partnerId: text('partner_id').notNull(),
    url: text('url').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('report_delivery_attempts_report_idx').on(t.reportId, t.id)],
);
