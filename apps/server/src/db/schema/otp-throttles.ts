import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-number counters behind the OTP limits (docs/decisions/0002-mobile-otp-rules.md), and the hourly
 * send budgets against SMS pumping, keyed `budget:all` and `budget:+<prefix>` (never a 10-digit number).
 */
export const otpThrottles = pgTable('otp_throttles', {
  mobile: text('mobile').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
  /** OTP requests inside the current window. */
  requests: integer('requests').notNull().default(0),
  lastRequestedAt: timestamp('last_requested_at', { withTimezone: true }),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
