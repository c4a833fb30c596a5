import type { State } from '@veridocs/shared';
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { transactions } from './transactions.js';

/** Audit: every state change of a transaction or of one of its verifications (docs/decisions/0007). */
export const stateChanges = pgTable(
  'state_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txnId: uuid('txn_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    entity: text('entity').$type<'transaction' | 'verification'>().notNull(),
    verificationName: text('verification_name'),
    fromState: text('from_state').$type<State>(),
    toState: text('to_state').$type<State>().notNull(),
    action: text('action').notNull(),
    /** Who caused it: the candidate, or null for ops and the system. */
    profileId: uuid('profile_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('state_changes_txn_idx').on(t.txnId, t.id)],
);
