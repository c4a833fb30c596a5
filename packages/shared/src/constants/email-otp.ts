/**
 * The e-mail OTP that validates an evaluation-partner reference number (spec §5, §9 and the FAQ of
 * §8; docs/decisions/0016-evaluation-partner-email-otp.md): 6 digits, at most 3 requests, a 2-hour
 * block after 3 failed attempts, only the latest works. Server and web app read these.
 */
export const EMAIL_OTP = {
  length: 6,
  /** E-mail can take up to 5 minutes (FAQ): a code lives twice that. */
  ttlSeconds: 600,
  resendAfterSeconds: 30,
  maxRequests: 3,
  /** The 3 requests are counted over this window (then the count starts again). */
  requestWindowSeconds: 2 * 60 * 60,
  maxFailedAttempts: 3,
  blockSeconds: 2 * 60 * 60,
  /** Reference look-ups (validate-reference) per candidate and hour: each tells whether one exists. */
  maxLookupsPerHour: 10,
} as const;
