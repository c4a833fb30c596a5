/**
 * The paths the sign-in page needs, in a module of their own: the rest of the API's paths (api-paths.ts)
 * are kept out of that page's bundle (apps/web/vite.config.ts), so new routes do not grow it.
 * The spec's backend services are route prefixes of the one server (DESIGN.md §1).
 */
export const SERVICE_BASES = {
  webWallet: '/api/web-wallet',
  issuer: '/api/issuer',
  verificationV1: '/api/verification/v1',
  verificationWebWallet: '/api/verification-web-wallet',
  verificationV2: '/api/verification/v2',
  utility: '/api/utility',
  notification: '/api/notification',
  /** Payments share the verification v1 base (spec §7). */
  payment: '/api/verification/v1',
} as const;

/** The wallet's profile and sign-in routes, relative to SERVICE_BASES.webWallet (API_PATHS.profile). */
export const PROFILE_PATHS = {
  /** Relative to SERVICE_BASES.webWallet. */
  base: '/profile',
  login: '/profile/login',
  verifyOtp: (txnId: string) => `/profile/otp/${encodeURIComponent(txnId)}/verify`,
  verifyOtpRoute: '/profile/otp/:txnId/verify',
  getToken: '/profile/login/get-token',
  logout: '/profile/logout',
  /** The candidate's Aadhaar-verified details (masked number only). */
  aadhaar: '/profile/aadhaar',
  /** PUT: what the candidate may edit (basic and contact details). */
  verificationDetail: '/profile/verification-detail',
} as const;

/** An organisation's public details, relative to SERVICE_BASES.verificationV1 (API_PATHS.verifier). */
export const VERIFIER_PATHS = {
  /** Relative to SERVICE_BASES.verificationV1; public. */
  base: '/verifier',
  org: (orgId: string) => `/verifier/${encodeURIComponent(orgId)}`,
  orgRoute: '/verifier/:orgId',
} as const;
