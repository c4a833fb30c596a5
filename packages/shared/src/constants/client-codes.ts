/** Codes the client never shows in a snackbar (spec §8). 105 is silent only on the login path. */
export const SILENT_CODES = { always: [104], onLoginPath: [105] } as const;
/** The code that forces a logout (spec §8). */
export const LOGOUT_CODE = 138;
/** "OTP resent too soon": the sign-in page shows its own countdown for it. */
export const OTP_RESEND_TOO_SOON_CODE = 110;
/** "Blocked after failed attempts": the OTP steps stop their countdown and input while it lasts. */
export const OTP_BLOCKED_CODE = 108;
/** "Not allowed in the transaction's state": the form home shows its own message for it. */
export const INVALID_TRANSITION_CODE = 123;
/** "No such organisation": the form link's first screen shows its own message for it. */
export const ORG_NOT_FOUND_CODE = 120;
