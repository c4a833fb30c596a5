import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staffAccounts } from './staff.js';
import { transactions } from './transactions.js';

/**
 * One insufficiency round of a verification record (docs/decisions/0020): what the team asked for
 * and when; never overwritten. At most one open (unanswered) round per record.
 */
export const insufficiencyRequests = pgTable(
  'insufficiency_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    txnId: uuid('txn_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The record's key (`verification_records.name`, opaque: `bgv-degree~2` too). */
    verificationName: text('verification_name').notNull(),
    reason: text('reason').notNull(),
    documents: jsonb('documents').$type<{ key: string; label: string }[]>().notNull(),
    raisedBy: uuid('raised_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('insufficiency_requests_record_idx').on(t.txnId, t.verificationName, t.raisedAt),
    uniqueIndex('insufficiency_requests_open_idx')
      .on(t.txnId, t.verificationName)
      .where(sql`${t.answeredAt} is null`),
  ],
);

/** The candidate's answer: one row per file given for an asked document. */
export const insufficiencyAnswers = pgTable(
  'insufficiency_answers',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => insufficiencyRequests.id, { onDelete: 'cascade' }),
    documentKey: text('document_key').notNull(),
    /** A file of the files module (its id; the file is linked to the transaction when answered). */
    fileId: uuid('file_id').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('insufficiency_answers_file_idx').on(t.requestId, t.documentKey, t.fileId)],
);
