/**
 * The one table of response codes. `code` travels in the envelope, `status` is the HTTP status sent
 * with it. The specification fixes 104 and 105 (never shown to the user) and 138 (forces logout);
 * the rest are ours (docs/decisions/0003-api-envelope-and-error-codes.md).
 */
export const ERROR_CODES = {
  OK: { code: 0, status: 200, message: 'Success' },
  VALIDATION_FAILED: { code: 100, status: 400, message: 'Invalid request' },
  NOT_FOUND: { code: 101, status: 404, message: 'Not found' },
  UNAUTHORIZED: { code: 102, status: 401, message: 'Session expired, please log in again' },
  FORBIDDEN: { code: 103, status: 403, message: 'You are not allowed to do this' },
  /** A lookup that found nothing where nothing is a normal answer; the client shows no snackbar. */
  NO_DATA: { code: 104, status: 200, message: 'No data' },
  /** No wallet exists for this mobile number; silent on the login path. */
  USER_NOT_FOUND: { code: 105, status: 404, message: 'No account exists for this mobile number' },
  OTP_INVALID: { code: 106, status: 400, message: 'Incorrect OTP, please try again' },
  OTP_EXPIRED: { code: 107, status: 400, message: 'OTP has expired, please request a new one' },
  OTP_BLOCKED: {
    code: 108,
    status: 429,
    message: 'Too many failed attempts. This number is blocked for 2 hours',
  },
  OTP_REQUEST_LIMIT: {
    code: 109,
    status: 429,
    message: 'You have reached the maximum number of OTP requests, please try again later',
  },
  OTP_RESEND_TOO_SOON: {
    code: 110,
    status: 429,
    message: 'Please wait before requesting a new OTP',
  },
  RATE_LIMITED: { code: 111, status: 429, message: 'Too many requests, please slow down' },
  PAYLOAD_TOO_LARGE: { code: 112, status: 413, message: 'Request body is too large' },
  PARTNER_ORG_INVALID: {
    code: 113,
    status: 400,
    message: 'Missing or unknown partner-org-id header',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    code: 114,
    status: 415,
    message: 'Unsupported content type, send application/json',
  },
  CONFLICT: { code: 115, status: 409, message: 'This request conflicts with the current state' },
  OTP_ALREADY_USED: {
    code: 116,
    status: 400,
    message: 'This OTP has already been used, please request a new one',
  },
  SIGNUP_WINDOW_EXPIRED: {
    code: 117,
    status: 400,
    message: 'Verification timed out, please request a new OTP',
  },
  FORM_EXPIRED: { code: 118, status: 410, message: 'This form has expired' },
  FORM_NOT_FOUND: { code: 119, status: 404, message: 'This verification form does not exist' },
  ORG_NOT_FOUND: { code: 120, status: 404, message: 'This organisation does not exist' },
  /** Ops only: candidate routes answer 122 for an id they cannot open, so no answer tells which ids exist. */
  TRANSACTION_NOT_FOUND: { code: 121, status: 404, message: 'This verification request does not exist' },
  /**
   * A transaction the caller cannot open (unknown, another candidate's, another organisation's): one
   * answer for all, and the init screen shows "Access not allowed".
   */
  TRANSACTION_ACCESS_DENIED: { code: 122, status: 403, message: 'Access not allowed' },
  INVALID_TRANSITION: { code: 123, status: 409, message: 'This step cannot be done in the current state' },
  SKIP_NOT_ALLOWED: { code: 124, status: 400, message: 'This verification cannot be skipped' },
  QUESTIONNAIRE_REQUIRED: { code: 125, status: 400, message: 'Please answer the questions before starting' },
  VERIFICATION_NOT_IN_FORM: { code: 126, status: 400, message: 'This verification is not part of the form' },
  PAYMENT_REQUIRED: { code: 127, status: 402, message: 'Payment is required before submitting' },
  /** Uploads (spec §5 "File upload", §8): the spec's exact texts where it gives one. */
  FILE_TOO_LARGE: { code: 128, status: 413, message: 'File size should be less than 25 MB' },
  FILE_TOO_SMALL: { code: 129, status: 400, message: 'File size should be more than 40 KB' },
  FILE_TYPE_NOT_ALLOWED: {
    code: 130,
    status: 415,
    message: 'Please upload a file of type: jpeg, jpg, png, pdf',
  },
  FILE_COUNT: { code: 131, status: 400, message: 'Only 1 file(s) can be uploaded' },
  FILE_MISSING: { code: 132, status: 400, message: 'Please choose a file to upload' },
  /** Unknown, or another candidate's: the answer does not tell which. */
  FILE_NOT_FOUND: { code: 133, status: 404, message: 'This file does not exist' },
  /** The checks found the file unusable (encrypted or active-content PDF, unreadable, too many pixels); data: { state, issues }. */
  FILE_UNUSABLE: { code: 134, status: 422, message: "The file you uploaded isn't supported by our system." },
  FILE_LINK_INVALID: { code: 135, status: 403, message: 'This download link is invalid or has expired' },
  FILE_FETCH_FAILED: { code: 136, status: 400, message: 'The file could not be fetched from this URL' },
  /** The refresh token is unknown, revoked, expired or was reused: the client logs out. */
  SESSION_REVOKED: { code: 138, status: 401, message: 'Session expired, please log in again' },
  /** The evaluation partner has no application with this reference number (issue 11). */
  EVAL_REFERENCE_NOT_FOUND: {
    code: 150,
    status: 404,
    message: 'No application with this reference number was found, please check it',
  },
  /** The form asks for the evaluation partner's reference (step 3) before the request is submitted. */
  EVAL_REFERENCE_REQUIRED: {
    code: 151,
    status: 409,
    message: 'Validate your evaluation partner reference number before submitting',
  },
  /** Aadhaar by OTP (issue 11). */
  CAPTCHA_INVALID: { code: 160, status: 400, message: 'The text does not match the image, please try again' },
  AADHAAR_PROVIDER_DOWN: {
    code: 161,
    status: 503,
    message: 'The Aadhaar service is not responding right now, please try again in a few minutes',
  },
  AADHAAR_NOT_FOUND: { code: 162, status: 400, message: 'No Aadhaar record was found for this number' },
  AADHAAR_IN_USE: {
    code: 163,
    status: 409,
    message: 'This Aadhaar number is already linked to another account',
  },
  /**
   * The verification team's sign-in (ADR 0019): one answer for an unknown e-mail, a wrong password, a
   * disabled or locked account and an account over its hourly codes, so none tells which e-mails exist.
   */
  OPS_SIGN_IN_FAILED: {
    code: 170,
    status: 401,
    message: 'Wrong e-mail or password, or too many attempts: try again later',
  },
  /** Retired (issue 23): a locked account answers 170 like an unknown e-mail. Kept so 171 is not reused. */
  OPS_ACCOUNT_LOCKED: {
    code: 171,
    status: 429,
    message: 'Too many wrong passwords. Sign-in is locked for 15 minutes',
  },
  /** Several submissions of one type (issue 12). */
  INSTANCE_LIMIT: {
    code: 180,
    status: 409,
    message: 'You cannot add more of this verification',
  },
  MULTIPLE_NOT_ALLOWED: {
    code: 181,
    status: 400,
    message: 'This verification can be submitted only once',
  },
  /** Payments (issue 13, ADR 0023). */
  IDEMPOTENCY_KEY_REQUIRED: { code: 190, status: 400, message: 'An Idempotency-Key header is required' },
  PAYMENT_NOT_REQUIRED: { code: 191, status: 400, message: 'This form does not need a payment' },
  PAYMENT_ALREADY_DONE: {
    code: 192,
    status: 409,
    message: 'This verification request has already been paid for',
  },
  PAYMENT_ORDER_NOT_FOUND: { code: 193, status: 404, message: 'This payment does not exist' },
  WEBHOOK_SIGNATURE_INVALID: { code: 194, status: 401, message: 'The webhook signature is not valid' },
  REFUND_NOT_ALLOWED: { code: 195, status: 409, message: 'Only a successful payment can be refunded' },
  REFUND_TOO_LARGE: { code: 196, status: 400, message: 'The amount is more than what is left to refund' },
  PAYMENT_GATEWAY_UNAVAILABLE: {
    code: 197,
    status: 503,
    message: 'The payment gateway is not answering, please try again',
  },
  IDEMPOTENCY_KEY_REUSED: {
    code: 198,
    status: 409,
    message: 'This Idempotency-Key belongs to another request',
  },
  PAYMENT_NOT_CONFIGURED: { code: 199, status: 409, message: 'Prices for this form are not set' },
  /** A paid order that no longer covers the quote (ADR 0023); data: { toPay, currency }. */
  PAYMENT_SUPERSEDED: {
    code: 200,
    status: 409,
    message: 'Your verifications changed after you paid: please pay the new amount',
  },
  API_KEY_INVALID: { code: 210, status: 401, message: 'The API key is missing, unknown or revoked' },
  API_KEY_NOT_FOUND: { code: 211, status: 404, message: 'This API key does not exist' },
  WEBHOOK_ENDPOINT_NOT_FOUND: { code: 212, status: 404, message: 'This webhook endpoint does not exist' },
  WEBHOOK_DELIVERY_NOT_FOUND: { code: 213, status: 404, message: 'This webhook delivery does not exist' },
  INTEGRATION_NAME_REQUIRED: {
    code: 214,
    status: 400,
    message: "A new candidate's name is needed with their mobile",
  },
  INTEGRATION_TRANSACTION_NOT_FOUND: { code: 215, status: 404, message: 'This transaction does not exist' },
  /** A webhook URL the server will not call (ADR 0025 "Webhook addresses"); the message says why. */
  WEBHOOK_URL_NOT_ALLOWED: { code: 216, status: 400, message: 'This webhook address cannot be used' },
  VERIFICATION_LOCKED: {
    code: 220,
    status: 409,
    message: 'Another member of the team is working on this verification',
  },
  /** Admin (ADR 0029): codes 230–239. */
  ORG_ID_TAKEN: { code: 230, status: 409, message: 'An organisation with this id already exists' },
  LOGO_INVALID: {
    code: 231,
    status: 400,
    message: 'The logo must be a PNG or JPEG image between 16 and 2048 pixels a side',
  },
  LOGO_TOO_LARGE: { code: 232, status: 413, message: 'The logo must be at most 512 KB' },
  LAST_ADMIN: {
    code: 233,
    status: 409,
    message: 'This would leave no enabled administrator: make another one first',
  },
  STAFF_ACCOUNT_NOT_FOUND: { code: 234, status: 404, message: 'This staff account does not exist' },
  STAFF_EMAIL_TAKEN: { code: 235, status: 409, message: 'A staff account with this e-mail already exists' },
  FORM_ID_TAKEN: { code: 236, status: 409, message: 'A form with this id already exists' },
  CREDENTIAL_NOT_FOUND: { code: 245, status: 404, message: 'This credential does not exist' },
  CREDENTIAL_ALREADY_REVOKED: { code: 246, status: 409, message: 'This credential is already revoked' },
  CREDENTIAL_REVOKED: {
    code: 263,
    status: 409,
    message: 'This credential was revoked by its issuer and cannot be added to a wallet',
  },
  CREDENTIAL_OWN: {
    code: 264,
    status: 409,
    message: 'This credential is already yours: it is in your wallet',
  },
  CREDENTIAL_NOT_VALID: {
    code: 265,
    status: 409,
    message: 'This credential did not verify (expired or not valid) and cannot be added to a wallet',
  },
  WALLET_DOCUMENT_NOT_FOUND: {
    code: 266,
    status: 404,
    message: 'This document is not kept with this credential',
  },
  CASE_FINISHED: { code: 221, status: 409, message: 'This verification request is already finished' },
  STAFF_NOT_FOUND: { code: 222, status: 404, message: 'This team member does not exist or is disabled' },
  CASE_CURSOR_INVALID: {
    code: 223,
    status: 400,
    message: 'This page link is not valid, start from the first page',
  },
  CASE_FILE_NOT_FOUND: {
    code: 224,
    status: 404,
    message: 'This document is not part of a verification request',
  },
  REPORT_NOT_FOUND: {
    code: 225,
    status: 404,
    message: 'There is no verification report for this request yet',
  },
  REPORT_CODE_UNKNOWN: { code: 226, status: 404, message: 'No verification report has this code' },
  REPORT_NOT_READY: { code: 227, status: 409, message: 'The verification report is still being prepared' },
  REPORT_NO_PARTNER: {
    code: 228,
    status: 409,
    message: 'This request has no evaluation partner to send the report to',
  },
  NOTIFICATION_STREAM_TOKEN_INVALID: {
    code: 240,
    status: 401,
    message: 'The notification stream token is invalid or expired',
  },
  NOTIFICATION_STREAMS_EXCEEDED: {
    code: 241,
    status: 429,
    message: 'Too many notification streams are open',
  },
  /** Support chat and telemetry (issue 15, ADR 0032). */
  CHAT_HASH_MOBILE_MISMATCH: {
    code: 250,
    status: 403,
    message: 'The chat can only be opened for your own mobile number',
  },
  SUPPORT_CONVERSATION_NOT_FOUND: { code: 251, status: 404, message: 'This conversation does not exist' },
  SUPPORT_MESSAGE_LIMIT: {
    code: 252,
    status: 429,
    message: 'Please wait for the support team to answer before sending more messages',
  },
  TELEMETRY_DISABLED: { code: 253, status: 404, message: 'This collector is not enabled' },
  // Issuer sources (issue 26): DigiLocker for the candidate, API Setu for the team.
  SOURCE_SESSION_INVALID: {
    code: 280,
    status: 400,
    message: 'This DigiLocker sign-in has ended or was not started here, please start again',
  },
  SOURCE_REFUSED: {
    code: 281,
    status: 400,
    message: 'DigiLocker did not share your documents. Try again, or upload your document instead',
  },
  SOURCE_DOWN: {
    code: 282,
    status: 503,
    message: 'The issuer is not answering right now. Upload your document instead, or try again later',
  },
  SOURCE_NOT_SUPPORTED: {
    code: 283,
    status: 400,
    message: 'This verification cannot be fetched from its issuer',
  },
  SOURCE_DOCUMENT_NOT_FOUND: { code: 284, status: 404, message: 'The issuer has no such document' },
  SOURCE_LIMIT: {
    code: 285,
    status: 429,
    message: 'Too many DigiLocker requests, please try again in an hour',
  },
  INSTITUTION_NOT_FOUND: { code: 290, status: 404, message: 'This institution is not in the directory' },
  CONTACT_NOT_CONFIRMED: {
    code: 291,
    status: 409,
    message: 'This contact has not confirmed its address yet',
  },
  RESPONSE_LINK_INVALID: {
    code: 292,
    status: 404,
    message: 'This link is not valid or has expired. Ask the verification team for a new one',
  },
  RESPONSE_CODE_WRONG: { code: 293, status: 400, message: 'The code is not correct' },
  RESPONSE_LOCKED: {
    code: 294,
    status: 429,
    message: 'Too many wrong codes. This link is closed for a while, please try again later',
  },
  REQUEST_ALREADY_OPEN: {
    code: 295,
    status: 409,
    message: 'An open request to an institution already covers this verification',
  },
  ANSWER_NOT_FOUND: { code: 296, status: 404, message: 'There is no such answer' },
  CONTACT_CONSENT_MISSING: {
    code: 297,
    status: 409,
    message: 'The candidate has not consented to the institutions being contacted',
  },
  // The organisation portal (issue 28): 300–309 accounts, 310–319 candidates, 320–329 billing,
  // 330–339 integration and branding.
  ORG_SIGN_IN_FAILED: {
    code: 300,
    status: 401,
    message: 'Wrong e-mail or password, or too many attempts: try again later',
  },
  ORG_CODE_INVALID: {
    code: 301,
    status: 400,
    message: 'The code is wrong or has expired. Sign in again to receive a new one',
  },
  ORG_UNAUTHORISED: { code: 302, status: 401, message: 'Please sign in again' },
  ORG_ROLE_FORBIDDEN: { code: 303, status: 403, message: 'Your role does not allow this' },
  ORG_USER_NOT_FOUND: { code: 304, status: 404, message: 'This user does not exist' },
  ORG_USER_EMAIL_TAKEN: { code: 305, status: 409, message: 'A user with this e-mail already exists' },
  ORG_INVITATION_INVALID: {
    code: 306,
    status: 404,
    message: 'This invitation is not valid or has expired. Ask your organisation for a new one',
  },
  ORG_LAST_OWNER: { code: 307, status: 409, message: 'An organisation needs at least one owner' },
  ORG_CANDIDATE_NOT_FOUND: { code: 310, status: 404, message: 'This candidate does not exist' },
  ORG_FORM_UNKNOWN: { code: 311, status: 404, message: 'This form does not exist' },
  INVITE_FILE_INVALID: {
    code: 312,
    status: 400,
    message: 'The file must be a CSV or XLSX with the columns name, mobile, email, form',
  },
  INVITE_FILE_TOO_LARGE: { code: 313, status: 413, message: 'A file can hold at most 10,000 rows' },
  INVITE_BATCH_NOT_FOUND: { code: 314, status: 404, message: 'This upload does not exist' },
  INVITE_BATCH_NOT_SENDABLE: {
    code: 315,
    status: 409,
    message: 'This upload has already been sent or has nothing to send',
  },
  ORG_REPORT_NOT_READY: { code: 316, status: 409, message: 'The report is not ready yet' },
  ORG_CREDITS_EXHAUSTED: {
    code: 320,
    status: 402,
    message: "The organisation's credits are used up. Please try again later",
  },
  ORG_BILLING_PROFILE_MISSING: {
    code: 321,
    status: 409,
    message: 'Add the billing details (legal name, address, state) first',
  },
  INVOICE_NOT_FOUND: { code: 322, status: 404, message: 'This invoice does not exist' },
  CREDIT_ORDER_NOT_FOUND: { code: 323, status: 404, message: 'This credits order does not exist' },
  BRANDING_CONTRAST_TOO_LOW: {
    code: 330,
    status: 400,
    message: 'This colour is too light: white text on it must reach a contrast of 4.5:1',
  },
  ERASURE_NOT_FOUND: { code: 348, status: 404, message: 'There is no erasure request' },
  ERASURE_PROFILE_NOT_FOUND: { code: 349, status: 404, message: 'This candidate does not exist' },
  CANDIDATE_UNDER_18: {
    code: 350,
    status: 403,
    message:
      'You must be 18 or older to use this service. Your request has stopped and the data collected for it will be erased',
  },
  ERASURE_DONE: { code: 351, status: 409, message: 'This account has been erased' },
  // The candidate's data export (issue 29): 364–366.
  EXPORT_LIMIT_REACHED: {
    code: 364,
    status: 429,
    message: 'You have downloaded your data 5 times today. Please try again tomorrow',
  },
  // 358–363 nomination (issue 29, DPDP Act s. 14).
  NOMINEE_IS_SELF: {
    code: 358,
    status: 400,
    message: 'Your nominee must be someone else: enter their own mobile number',
  },
  NOMINATION_PROFILE_NOT_FOUND: { code: 359, status: 404, message: 'This candidate does not exist' },
  // 343–345 withdrawing consent (issue 29).
  PURPOSE_NOT_GRANTED: {
    code: 343,
    status: 409,
    message: 'Your consent does not grant this purpose for this request, so there is nothing to withdraw',
  },
  // The candidate's right of access (issue 29): 346–347.
  DISCLOSURE_CURSOR_INVALID: {
    code: 346,
    status: 400,
    message: 'This page of disclosures is no longer valid, please start again from the newest',
  },
  CONSENT_REQUIRED: {
    code: 340,
    status: 403,
    message: 'Please read the notice and give your consent first',
  },
  NOTICE_CHANGED: {
    code: 341,
    status: 409,
    message: 'The notice has changed. Please read it again before you agree',
  },
  // Correction requests and grievance tickets (issue 29): 352–357.
  PRIVACY_REQUEST_NOT_FOUND: { code: 352, status: 404, message: 'There is no such request' },
  PRIVACY_REQUEST_NOT_OPEN: {
    code: 353,
    status: 409,
    message: 'This request is no longer open: it has already been answered or closed',
  },
  PRIVACY_REQUEST_TOO_MANY: {
    code: 354,
    status: 429,
    message: 'You have too many open requests. Please wait for an answer before filing another',
  },
  PRIVACY_REQUEST_OUTCOME_INVALID: {
    code: 355,
    status: 400,
    message:
      'This outcome does not fit the request: a correction is corrected or refused, a grievance resolved or rejected',
  },
  PRIVACY_REQUEST_TXN_UNKNOWN: {
    code: 356,
    status: 400,
    message: 'Choose one of your own requests',
  },
  INTERNAL: { code: 500, status: 500, message: 'Something went wrong, please try again later' },
  SERVICE_UNAVAILABLE: {
    code: 503,
    status: 503,
    message: 'Service is unavailable, please try again later',
  },
} as const satisfies Record<string, { code: number; status: number; message: string }>;

export type ErrorName = keyof typeof ERROR_CODES;
export type ErrorCodeValue = (typeof ERROR_CODES)[ErrorName]['code'];

// The client's catalogue needs only these, on the sign-in page (and the form home two more): they live
// apart from the table so the table stays off those pages (apps/web/vite.config.ts); a test keeps them
// equal to its codes.
export {
  INVALID_TRANSITION_CODE,
  LOGOUT_CODE,
  ORG_NOT_FOUND_CODE,
  OTP_BLOCKED_CODE,
  OTP_RESEND_TOO_SOON_CODE,
  SILENT_CODES,
} from './client-codes.js';
