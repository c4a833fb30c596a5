/** Business constants of spec §9 and the OTP rules of docs/decisions/0002-mobile-otp-rules.md. */
export const MOBILE_LENGTH = 10;
/** An Indian mobile number: 10 digits, the first 6 to 9. The schema and the login form both use it. */
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;
export const MOBILE_OTP_LENGTH = 6;
export const OTP = {
  /** An OTP stops working after this many seconds. */
  ttlSeconds: 600,
  /** The candidate may ask for a new OTP after this many seconds (the countdown on the screen). */
  resendAfterSeconds: 30,
  /** At most this many OTPs per number inside one request window. */
  maxRequests: 3,
  requestWindowSeconds: 30 * 60,
  /** This many wrong codes in a row block the number. */
  maxFailedAttempts: 3,
  blockSeconds: 2 * 60 * 60,
  /** After a new number proves its OTP it has this long to give its name and create the wallet. */
  signupWindowSeconds: 15 * 60,
} as const;

export const SESSION = {
  /** Access-token lifetime and the spec's refreshTokenExpiresIn default (seconds). */
  refreshTokenExpiresInDefault: 3600,
  /** The refresh timer fires this many seconds before the access token expires. */
  refreshLeadSeconds: 60,
  postSsoRefreshDelayMs: 200,
  requestTimeoutMs: 600_000,
} as const;

/** A status that is polled (spec §4 "Payment status", §9): every 6 s, at most 20 times. */
export const POLL = { intervalMs: 6000, maxPolls: 20 } as const;

export const PROFILE_NAME = { min: 2, max: 100 } as const;

export const UI_LIMITS = {
  snackbarMax: 2,
  desktopMinWidth: 1080,
  desktopMinHeight: 500,
  formBreakpoint: 1024,
  pageSizeDefault: 10,
  homeTransactionCheck: 100,
  chatDelayMs: 3000,
  /** Spec §9: "credentials fetch 100" (GET /credentials seed=0, count=100). */
  credentialsCount: 100,
} as const;

/** The built-in partner organisation id sent in the partner-org-id header (spec §1, §6). */
export const DEFAULT_PARTNER_ORG_ID = 'veridocs';
export const PARTNER_ORG_HEADER = 'partner-org-id';
