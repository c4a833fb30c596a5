import { jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';
import { transactions } from './transactions.js';

export type NameChangeState = 'REQUESTED';

/**
 * A candidate's request to change the name on a transaction's verification because a verified name
 * (Aadhaar, passport) differs from the profile (spec §3 "Name change request"). One per transaction
 * and verification: a retry gets the stored request back.
 */
export const nameChangeRequests = pgTable(
  'name_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    txnId: uuid('txn_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    verificationName: text('verification_name').notNull(),
    /** The proof documents: labels and the candidate's own uploaded file ids. */
    documentList: jsonb('document_list').$type<{ label: string; fileId: string }[]>().notNull(),
    state: text('state').$type<NameChangeState>().notNull().default('REQUESTED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('name_change_requests_txn_verification').on(t.txnId, t.verificationName)],
);
