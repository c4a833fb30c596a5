import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.js';

/**
 * One Aadhaar OTP check a candidate started (issue 11). The number is kept only as its HMAC and last
 * 4 digits; the OTP is never stored here (the provider checks it; the sandbox keeps it hashed).
 */
export const aadhaarRequests = pgTable(
  'aadhaar_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    txnId: uuid('txn_id').notNull(),
    numberHash: text('number_hash').notNull(),
    last4: text('last4').notNull(),
    provider: text('provider').notNull(),
    /** The provider's reference of this check. */
    providerRef: text('provider_ref').notNull(),
    /** captcha → otp → done, or closed (too many wrong OTPs, or a newer request). */
    stage: text('stage').$type<'captcha' | 'otp' | 'done' | 'closed'>().notNull(),
    otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('aadhaar_requests_profile_created_idx').on(t.profileId, t.createdAt)],
);

/** The embedded sandbox's known people (providers/aadhaar/sandbox-provider.ts SANDBOX_AADHAAR). */
export type SandboxAadhaarRecord = 'captcha' | 'direct' | 'minor';

/**
 * The embedded Aadhaar sandbox's own checks, "another company" like the other sandboxes: in the
 * database so that a check started on one instance is answered on any. It keeps which sandbox person
 * the check is for, never a number; the captcha's answer and the OTP only as HMACs.
 */
export const sandboxAadhaarChecks = pgTable(
  'sandbox_aadhaar_checks',
  {
    /** The reference the sandbox answered (the product keeps it as aadhaar_requests.provider_ref). */
    ref: text('ref').primaryKey(),
    record: text('record').$type<SandboxAadhaarRecord>().notNull(),
    /** Set while the check waits for its captcha's answer. */
    captchaHash: text('captcha_hash'),
    /** Set once the OTP was sent. */
    otpHash: text('otp_hash'),
    otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }),
    /** After this the check can no longer succeed; swept a while later. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_aadhaar_checks_expires_idx').on(t.expiresAt)],
);
