import type { OrgBucket } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { transactions } from './transactions.js';

/**
 * Each move of a transaction between the portal's buckets (issue 28), written by refreshQueue in the
 * database transaction of the move, so the organisation's e-mails can neither miss one nor see one that
 * rolled back. The e-mail job marks a move processed in the database transaction of its e-mails.
 */
export const orgBucketMoves = pgTable(
  'org_bucket_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    formId: text('form_id').notNull(),
    txnId: uuid('txn_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    fromBucket: text('from_bucket').$type<OrgBucket>(),
    toBucket: text('to_bucket').$type<OrgBucket>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    // The job's claim: the unprocessed moves, oldest first.
    index('org_bucket_moves_pending_idx')
      .on(t.id)
      .where(sql`${t.processedAt} is null`),
    // The daily digest: one organisation's moves of one day.
    index('org_bucket_moves_org_at_idx').on(t.orgId, t.at),
  ],
);

/**
 * The organisation's e-mails (issue 28), an outbox: `key` is unique (the change's or the digest's key and
 * the recipient), so a retried or concurrent job writes each e-mail once; `due_at` is the delivery's
 * lease and retry time, `sent_at` set once the provider accepted it.
 */
export const orgNotificationMails = pgTable(
  'org_notification_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: text('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind').$type<'change' | 'digest'>().notNull(),
    /** The digest's IST day (YYYY-MM-DD); null for a change's e-mail. */
    digestDay: text('digest_day'),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('org_notification_mails_key_uq').on(t.key),
    index('org_notification_mails_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null`),
    index('org_notification_mails_digest_idx')
      .on(t.orgId, t.digestDay)
      .where(sql`${t.digestDay} is not null`),
  ],
);

/**
 * The daily digest's change lines (ADR 0049 "Erasure"): each names one candidate, several per mail, so
 * each is recorded with its transaction and what it reads once that candidate is erased; the erasure
 * rewrites line `line_no` of the mail's body and sets `erased_at`. No foreign key to the transaction: a
 * deleted transaction must not take with it the only way to find its candidate's name in a digest.
 */
export const orgDigestLines = pgTable(
  'org_digest_lines',
  {
    mailId: uuid('mail_id')
      .notNull()
      .references(() => orgNotificationMails.id, { onDelete: 'cascade' }),
    /** The line's index in the body split at newlines. */
    lineNo: integer('line_no').notNull(),
    txnId: uuid('txn_id').notNull(),
    erasedText: text('erased_text').notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'org_digest_lines_pk', columns: [t.mailId, t.lineNo] }),
    // The erasure's look-up: the lines still naming a transaction's candidate.
    index('org_digest_lines_txn_idx')
      .on(t.txnId)
      .where(sql`${t.erasedAt} is null`),
  ],
);
