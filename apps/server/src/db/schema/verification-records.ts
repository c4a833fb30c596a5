import type { State } from '@veridocs/shared';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { transactions } from './transactions.js';

/** The open request as kept on the record (documents and id absent on rows from before ADR 0020). */
export interface StoredInsufficiency {
  id?: string;
  reason: string;
  raisedAt: string;
  documents?: { key: string; label: string }[];
}

/** One requested verification of a transaction; its state follows the verification state machine. */
export const verificationRecords = pgTable(
  'verification_records',
  {
    txnId: uuid('txn_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The form's order. */
    position: integer('position').notNull(),
    category: text('category').notNull(),
    subType: text('sub_type'),
    state: text('state').$type<State>().notNull().default('NOT_INITIALIZED'),
    markedAsSkip: boolean('marked_as_skip').notNull().default(false),
    skipAllowed: boolean('skip_allowed').notNull().default(false),
    marksheetRequired: boolean('marksheet_required').notNull().default(false),
    /**
     * The open insufficiency request, as transaction info shows it (ADR 0020): a copy of the open row of
     * insufficiency_requests, null once answered. The history itself is that table.
     */
    insufficiency: jsonb('insufficiency').$type<StoredInsufficiency | null>(),
    /** What the candidate typed (DATA_SAVED) or submitted. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'verification_records_pk', columns: [t.txnId, t.name] })],
);
