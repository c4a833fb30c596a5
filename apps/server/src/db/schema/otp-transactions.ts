import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One OTP sent to a mobile number; its id is the txnId the client verifies against. */
export const otpTransactions = pgTable(
  'otp_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    /** What the OTP proves; only 'login' today. */
    purpose: text('purpose').notNull().default('login'),
    channel: text('channel').notNull(),
    /** HMAC-SHA256 of the code; the code itself is never stored here. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the OTP has been used up: a login session was issued, or a wallet was created with it. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when a new number proved its OTP; it opens the signup window. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set when a newer OTP for the same number replaced this one (only the latest works). */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_transactions_mobile_created_idx').on(t.mobile, t.createdAt)],
);
