import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';

/**
 * The `sso` of an organisation's candidate link (ADR 0004, 0025): a single-use, short-lived ticket,
 * stored as SHA-256, that starts one `link` session for a wallet the organisation created and nobody
 * has signed in to by OTP yet. Using one spends every other ticket of the wallet.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    transactionId: uuid('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_links_profile_idx').on(t.profileId)],
);
