import type { State } from '@veridocs/shared';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { transactions } from './transactions.js';

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
    insufficiency: jsonb('insufficiency').$type<{ reason: string; raisedAt: string } | null>(),
    /** What the candidate typed (DATA_SAVED) or submitted. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'verification_records_pk', columns: [t.txnId, t.name] })],
);
