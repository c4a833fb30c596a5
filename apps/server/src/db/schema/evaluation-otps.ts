import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';
import { transactions } from './transactions.js';

/**
 * One e-mail OTP sent for an evaluation-partner reference number (docs/decisions/0016); its id is the
 * otpId the candidate verifies against. The counters (requests, failures, block) are the candidate's
 * row of otp_throttles, keyed `eval:<profileId>`.
 */
export const evaluationOtps = pgTable(
  'evaluation_otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    txnId: uuid('txn_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    partner: text('partner').notNull(),
    reference: text('reference').notNull(),
    /** The address it went to, masked (what the candidate was shown). */
    maskedEmail: text('masked_email').notNull(),
    /** HMAC-SHA256 of `id:code`; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** A newer OTP of the candidate replaced this one (only the latest works), or a block retired it. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('evaluation_otps_profile_created_idx').on(t.profileId, t.createdAt)],
);
