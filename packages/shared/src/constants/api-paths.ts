import { PROFILE_PATHS, VERIFIER_PATHS } from './auth-paths.js';

/**
 * Every API path, in one place (with auth-paths.ts, which holds the sign-in page's), used by the
 * server's routers and the web client.
 */
export const API_PATHS = {
  health: '/api/health',
  docs: '/api/docs',
  devOutbox: '/api/dev/outbox',
  devDemo: '/api/dev/demo',
  /** POST {period?}: issues the organisations' invoices of a month now (default: the current IST month). */
  devOrgInvoices: '/api/dev/org-invoices',
  /** POST {mobile}: the candidate's erasure request due now, the job run until done or held (issue 29). */
  devEraseNow: '/api/dev/privacy/erase-now',
  /** POST {needles, bytes}: where personal data still is, every table and stored object (issue 29). */
  devPersonalDataSearch: '/api/dev/privacy/search',
  profile: PROFILE_PATHS,
  verifier: VERIFIER_PATHS,
  /** Relative to SERVICE_BASES.verificationV1 (spec §7 "Verification and forms"). */
  verification: {
    configsInfo: '/verification-configs/info',
    transactions: '/transactions',
    process: '/transactions/process',
    submit: '/transactions/submit',
    info: '/transactions/info',
    typeInfo: (type: string) => `/transactions/${encodeURIComponent(type)}/info`,
    typeInfoRoute: '/transactions/:type/info',
    candidateTransactions: '/transactions/candidate-transaction',
    history: '/transactions/history',
    publicForms: '/ekyc-forms/public',
    purposes: '/purposes/user',
    userResponse: '/transactions/user-response',
    markAsSkip: '/transactions/process/mark-as-skip',
    /** PUT saves a verification's input (DATA_SAVED); POST submits it (READY_TO_SUBMIT). */
    bgv: '/bgv',
    /** POST adds the next instance of a type that accepts several submissions (issue 12). */
    bgvInstances: '/bgv/instances',
    /** GET the transaction's validated evaluation partner; POST verifies the e-mail OTP and stores it. */
    evalInfo: '/transactions/eval-info',
    /** POST sends the e-mail OTP for a partner's reference number. */
    evalInfoOtp: '/transactions/eval-info/otp',
    /** GET the evaluation-partner directory (each partner's reference format). */
    evaluationPartners: '/evaluation-partners',
    /** POST checks a reference number's format and that the partner knows it. */
    validateReference: '/evaluation-partners/validate-reference',
    /**
     * Passport: read the MRZ of an uploaded photo (`type: 'passport'`). Beside the Aadhaar OTP's
     * /verifications/otp/aadhaar; /transactions/verify/identification is the Aadhaar OTP's verify.
     */
    passportScan: '/verifications/scan/passport',
    /** Passport: the fields the candidate confirmed, re-validated and saved (`type: 'passport'`). */
    updateIdentification: '/transactions/update-identification',
    nameChangeRequest: '/transactions/name-change-request',
    /** POST: the candidate's answer to the open insufficiency request of a verification (ADR 0020). */
    bgvInsufficiency: '/bgv/insufficiency',
  },
  /** Payments, relative to SERVICE_BASES.payment (spec §7 "Payments", issue 13). */
  payments: {
    regions: '/transactions/payment/region',
    /** GET the payment mode: showWarning, expressAllowed. */
    mode: '/transactions/payment-option',
    price: '/transactions/payment/price',
    /**
     * GET one verification's price in the transaction (spec §7 "GET {price path}/{verification}/price
     * ?orgId&txnId"): the line the transaction's quote has, or will have once it is submitted.
     */
    verificationPrice: (verification: string) =>
      `/transactions/payment/price/${encodeURIComponent(verification)}/price`,
    verificationPriceRoute: '/transactions/payment/price/:verification/price',
    init: '/transactions/payment/init',
    /** GET the status the screen polls; asks the gateway. */
    status: '/transactions/payment',
    history: '/transactions/payment/history',
  },
  /** Aadhaar by OTP, relative to SERVICE_BASES.verificationV1 (spec §7). */
  aadhaar: {
    /** POST: starts the check for a number (captcha or OTP next). */
    start: '/verifications/otp/aadhaar',
    /** POST: the captcha answer of a started check. */
    preVerify: (requestId: string) => `/verifications/pre-verify/${encodeURIComponent(requestId)}`,
    preVerifyRoute: '/verifications/pre-verify/:requestId',
    /** POST: the OTP; on success the profile is filled and the identity verification done. */
    verify: '/transactions/verify/identification',
  },
  /** Relative to SERVICE_BASES.utility (spec §7 files, geocoding). */
  files: {
    upload: '/files',
    /**
     * Resumable uploads (tus 1.0.0, ADR 0050): POST creates one (Upload-Length, Upload-Metadata), HEAD
     * gives its offset, PATCH sends bytes from it; the last PATCH answers like POST /files.
     */
    resumable: '/files/uploads',
    resumableRoute: '/files/uploads/:id',
    /** POST several PDFs (multipart fields "file", in order): each checked, merged into one stored PDF. */
    merge: '/files/merge',
    fromUrl: '/files/from-url',
    one: (id: string) => `/files/${encodeURIComponent(id)}`,
    oneRoute: '/files/:id',
    content: (id: string) => `/files/${encodeURIComponent(id)}/content`,
    contentRoute: '/files/:id/content',
    link: (id: string) => `/files/${encodeURIComponent(id)}/link`,
    linkRoute: '/files/:id/link',
    /** Signed, short-lived, no bearer needed (an <img>/<a> cannot send headers); outside the service bases. */
    signedDownload: '/api/file-links/:token',
    detectIssues: '/detect-document-issues',
    reverseGeocode: '/geo/reverse',
    mapImage: '/api/geo/map.png',
    country: '/geo/country',
  },
  /**
   * The wallet (spec §7 "Credentials", ADR 0031), relative to SERVICE_BASES.webWallet; verify is public.
   */
  credentials: {
    list: '/credentials',
    one: (id: string) => `/credentials/${encodeURIComponent(id)}`,
    oneRoute: '/credentials/:id',
    /** POST multipart field "file": a supporting document kept with the caller's credential {id}. */
    documents: (id: string) => `/credentials/documents/${encodeURIComponent(id)}`,
    documentsRoute: '/credentials/documents/:id',
    /** DELETE: takes a supporting document off the caller's credential {id} (ADR 0040). */
    document: (id: string, fileId: string) =>
      `/credentials/documents/${encodeURIComponent(id)}/${encodeURIComponent(fileId)}`,
    documentRoute: '/credentials/documents/:id/:fileId',
    /** POST: keeps a credential shared with the caller (its share id) in their wallet (ADR 0037). */
    receive: (shareId: string) => `/credentials/receive/${encodeURIComponent(shareId)}`,
    receiveRoute: '/credentials/receive/:id',
    /** DELETE: takes a credential the caller received (its id) out of their wallet (ADR 0040). */
    received: (id: string) => `/credentials/received/${encodeURIComponent(id)}`,
    receivedRoute: '/credentials/received/:id',
    /** GET (public): verifies the credential behind a share id; POST {jwt} verifies a presented VC-JWT. */
    verify: (shareId: string) => `/credentials/verify/${encodeURIComponent(shareId)}`,
    verifyRoute: '/credentials/verify/:id',
    verifyJwt: '/credentials/verify',
    /** The public verification page of the web app (not an API path). */
    verifyPage: (shareId: string) => `/credentials/verify/${encodeURIComponent(shareId)}`,
    /** The issuer's published documents (absolute). */
    didDocument: '/.well-known/did.json',
    jwks: '/.well-known/jwks.json',
    /** The credentials' JSON-LD context (absolute; CREDENTIALS_CONTEXT_V1, issue 30 §3). */
    contextV1: '/contexts/credentials/v1',
    /** Absolute, outside the service bases (no partner header: any verifier fetches it): list {list}. */
    statusList: (list: number) => `/api/credentials/status/${list}`,
    statusListRoute: '/api/credentials/status/:list',
  },
  /** Support (spec §1, §7; ADR 0032), relative to SERVICE_BASES.webWallet: the candidate's own conversation. */
  support: {
    /** POST {mobile}: the chat identity hash (spec §7 "chat hash"), for the signed-in candidate's own number. */
    chatHash: '/support/chat-hash',
    /** GET the candidate's conversation (only the messages after the message id `after`, when given). */
    chat: '/support/chat',
    /** POST {body}: a message from the candidate. */
    chatMessages: '/support/chat/messages',
  },
  /** Absolute: the client's analytics batches (ADR 0032); answered only when ANALYTICS_INGEST is on. */
  analytics: '/api/analytics',
  /** Relative to SERVICE_BASES.utility: searchable reference lists (seed, count, search → { list, total }). */
  utility: {
    institutes: '/institutes',
    boards: '/boards',
    pincode: (pin: string) => `/pincode/${encodeURIComponent(pin)}`,
    pincodeRoute: '/pincode/:pin',
  },
} as const;

/**
 * Fetch from DigiLocker (issue 26), relative to SERVICE_BASES.verificationV1: GET what the consent
 * screen says; POST start (→ DigiLocker's sign-in); POST the callback's code and state; POST the pull.
 * Its own export, so the sign-in bundle (which holds API_PATHS) carries none of it.
 */
export const DIGILOCKER_API_PATHS = {
  consent: '/digilocker/consent',
  start: '/digilocker/start',
  callback: '/digilocker/callback',
  pull: '/digilocker/pull',
} as const;

/**
 * The candidate's privacy notice and consent before a form starts (issue 29, ADR 0049), relative to
 * SERVICE_BASES.verificationV1. Its own export, so the sign-in bundle (which holds API_PATHS) carries none of it.
 */
export const PRIVACY_CANDIDATE_PATHS = {
  /** GET ?orgId&txnId&lang: the notice in the candidate's language, the purposes asked, the standing grants. */
  notice: '/privacy/notice',
  /** POST {orgId, txnId, noticeHash, purposes}: a consent (every required purpose granted) or a refusal. */
  consent: '/privacy/consent',
} as const;

/**
 * The candidate's notifications (spec §7; ADR 0030), list and stream-token relative to
 * SERVICE_BASES.notification. Its own export, so the sign-in bundle (which holds API_PATHS) carries none of it.
 */
export const NOTIFICATION_API_PATHS = {
  /** GET ?seed&count: the caller's notifications, newest first. */
  list: '/notification',
  /** POST: a short-lived token for the live stream (EventSource cannot send headers). */
  streamToken: '/notification/stream-token',
  /**
   * GET ?token: text/event-stream of new notifications, with heartbeats. Absolute, outside the
   * service bases: EventSource sends no partner-org header (the token names the candidate).
   */
  stream: '/api/notification-stream',
} as const;

/**
 * The verification team's API (ADR 0019): absolute paths, outside the candidate's service bases, with
 * its own token; a candidate token reaches none of them. Its own export, so the candidate's sign-in bundle (which holds API_PATHS) carries none of it.
 */
export const OPS_API_PATHS = {
  base: '/api/ops',
  signIn: '/api/ops/auth/sign-in',
  verifyCode: '/api/ops/auth/verify-code',
  signOut: '/api/ops/auth/sign-out',
  me: '/api/ops/me',
  audit: '/api/ops/audit',
  decisions: (txnId: string) => `/api/ops/transactions/${encodeURIComponent(txnId)}/decisions`,
  decisionsRoute: '/api/ops/transactions/:txnId/decisions',
  insufficiencies: (txnId: string) => `/api/ops/transactions/${encodeURIComponent(txnId)}/insufficiencies`,
  insufficienciesRoute: '/api/ops/transactions/:txnId/insufficiencies',
  /** POST (admin): refund part or all of a paid order; header Idempotency-Key. */
  refunds: (orderId: string) => `/api/ops/orders/${encodeURIComponent(orderId)}/refunds`,
  refundsRoute: '/api/ops/orders/:orderId/refunds',
  /** GET: one queue, keyset-paged (schemas/ops-cases.ts). */
  cases: '/api/ops/cases',
  case: (txnId: string) => `/api/ops/cases/${encodeURIComponent(txnId)}`,
  caseRoute: '/api/ops/cases/:txnId',
  /** POST: assign to oneself, another ({staffId}) or nobody ({staffId: null}). */
  assign: (txnId: string) => `/api/ops/cases/${encodeURIComponent(txnId)}/assign`,
  assignRoute: '/api/ops/cases/:txnId/assign',
  /** POST takes or renews, DELETE releases the lock on one verification. */
  lock: (txnId: string, name: string) =>
    `/api/ops/cases/${encodeURIComponent(txnId)}/verifications/${encodeURIComponent(name)}/lock`,
  lockRoute: '/api/ops/cases/:txnId/verifications/:name/lock',
  /**
   * POST: asks the issuer about one verification of a case (API Setu, issue 26), with the candidate's
   * consent: a match completes it with the issuer's answer.
   */
  askIssuer: (txnId: string, name: string) =>
    `/api/ops/cases/${encodeURIComponent(txnId)}/verifications/${encodeURIComponent(name)}/ask-issuer`,
  askIssuerRoute: '/api/ops/cases/:txnId/verifications/:name/ask-issuer',
  /** GET the case's pulls from issuers (evidence) and which verifications an issuer's API can answer. */
  issuerSources: (txnId: string) => `/api/ops/cases/${encodeURIComponent(txnId)}/issuer-sources`,
  issuerSourcesRoute: '/api/ops/cases/:txnId/issuer-sources',
  /** PUT: the expected completion date the candidate sees. */
  expectedDate: (txnId: string) => `/api/ops/cases/${encodeURIComponent(txnId)}/expected-date`,
  expectedDateRoute: '/api/ops/cases/:txnId/expected-date',
  /** POST (admin): revokes a credential (its status list bit is set; ADR 0031). */
  revokeCredential: (id: string) => `/api/ops/credentials/${encodeURIComponent(id)}/revoke`,
  revokeCredentialRoute: '/api/ops/credentials/:id/revoke',
  /** GET: the support inbox (those waiting for an answer first, then newest activity; ADR 0032, 0035). */
  supportConversations: '/api/ops/support/conversations',
  supportConversation: (id: string) => `/api/ops/support/conversations/${encodeURIComponent(id)}`,
  supportConversationRoute: '/api/ops/support/conversations/:conversationId',
  /** POST {body}: the team's reply. */
  supportReplies: (id: string) => `/api/ops/support/conversations/${encodeURIComponent(id)}/messages`,
  supportRepliesRoute: '/api/ops/support/conversations/:conversationId/messages',
  /** GET a case's document with the ops token (`?download=1`: as an attachment). */
  file: (fileId: string) => `/api/ops/files/${encodeURIComponent(fileId)}`,
  fileRoute: '/api/ops/files/:fileId',
  /** GET the verification report's status and delivery attempts (verifier, admin; ADR 0028). */
  report: (txnId: string) => `/api/ops/cases/${encodeURIComponent(txnId)}/report`,
  reportRoute: '/api/ops/cases/:txnId/report',
  /** GET the report's PDF (verifier, admin). */
  reportPdf: (txnId: string) => `/api/ops/cases/${encodeURIComponent(txnId)}/report/pdf`,
  reportPdfRoute: '/api/ops/cases/:txnId/report/pdf',
  /** POST (admin): deliver the report again now, with a fresh retry schedule. */
  reportResend: (txnId: string) => `/api/ops/cases/${encodeURIComponent(txnId)}/report/resend`,
  reportResendRoute: '/api/ops/cases/:txnId/report/resend',
  /** Admin (ADR 0029): organisations (GET list, POST create; PUT one; PUT its logo, multipart "file"). */
  adminOrgs: '/api/ops/admin/orgs',
  adminOrg: (orgId: string) => `/api/ops/admin/orgs/${encodeURIComponent(orgId)}`,
  adminOrgRoute: '/api/ops/admin/orgs/:orgId',
  adminOrgLogo: (orgId: string) => `/api/ops/admin/orgs/${encodeURIComponent(orgId)}/logo`,
  adminOrgLogoRoute: '/api/ops/admin/orgs/:orgId/logo',
  /** An organisation's forms: GET list, POST create. */
  adminOrgForms: (orgId: string) => `/api/ops/admin/orgs/${encodeURIComponent(orgId)}/forms`,
  adminOrgFormsRoute: '/api/ops/admin/orgs/:orgId/forms',
  /** One form: GET, PUT (the whole form). */
  adminForm: (formId: string) => `/api/ops/admin/forms/${encodeURIComponent(formId)}`,
  adminFormRoute: '/api/ops/admin/forms/:formId',
  /** GET: the verification types a form can ask for. */
  adminVerificationTypes: '/api/ops/admin/verification-types',
  /** Staff accounts: GET list, POST create. */
  adminStaff: '/api/ops/admin/staff',
  adminStaffRole: (staffId: string) => `/api/ops/admin/staff/${encodeURIComponent(staffId)}/role`,
  adminStaffRoleRoute: '/api/ops/admin/staff/:staffId/role',
  adminStaffDisable: (staffId: string) => `/api/ops/admin/staff/${encodeURIComponent(staffId)}/disable`,
  adminStaffDisableRoute: '/api/ops/admin/staff/:staffId/disable',
  adminStaffEnable: (staffId: string) => `/api/ops/admin/staff/${encodeURIComponent(staffId)}/enable`,
  adminStaffEnableRoute: '/api/ops/admin/staff/:staffId/enable',
  adminStaffPassword: (staffId: string) => `/api/ops/admin/staff/${encodeURIComponent(staffId)}/password`,
  adminStaffPasswordRoute: '/api/ops/admin/staff/:staffId/password',
  /** GET ?orderId= | ?txnId=: orders with their refunds and what is left to refund (for `refunds`). */
  adminOrders: '/api/ops/admin/orders',
  /** The institution directory (issue 27; admins write, verifiers read): GET list ?q&kind&sort, POST add. */
  institutions: '/api/ops/institutions',
  /** PUT method, fee, notes (admin). */
  institution: (id: string) => `/api/ops/institutions/${encodeURIComponent(id)}`,
  institutionRoute: '/api/ops/institutions/:institutionId',
  /** POST {email, batchDaily} (admin): a contact; a confirmation link is e-mailed to it. */
  institutionContacts: (id: string) => `/api/ops/institutions/${encodeURIComponent(id)}/contacts`,
  institutionContactsRoute: '/api/ops/institutions/:institutionId/contacts',
  /** DELETE (admin): the contact gets no more requests (its answers stay). */
  institutionContact: (id: string, contactId: string) =>
    `/api/ops/institutions/${encodeURIComponent(id)}/contacts/${encodeURIComponent(contactId)}`,
  institutionContactRoute: '/api/ops/institutions/:institutionId/contacts/:contactId',
  /** GET what a case can ask of which institution, and its requests with their answers; POST sends one. */
  institutionRequests: (txnId: string) => `/api/ops/cases/${encodeURIComponent(txnId)}/institution-requests`,
  institutionRequestsRoute: '/api/ops/cases/:txnId/institution-requests',
  /** POST {answerId, state, reason?}: completes or fails a verification from an institution's answer. */
  decideFromAnswer: (txnId: string, name: string) =>
    `/api/ops/cases/${encodeURIComponent(txnId)}/verifications/${encodeURIComponent(name)}/decide-from-answer`,
  decideFromAnswerRoute: '/api/ops/cases/:txnId/verifications/:name/decide-from-answer',
  /** GET ?status (default escalated): requests across cases, the team's queue of unanswered ones. */
  institutionRequestList: '/api/ops/institution-requests',
} as const;

/**
 * The verification report's public check (ADR 0028): no account needed. Its own export, so the
 * candidate bundle does not carry it.
 */
export const REPORT_PATHS = {
  /** GET (JSON): what the report with this code states. */
  verify: (code: string) => `/api/reports/verify/${encodeURIComponent(code)}`,
  verifyRoute: '/api/reports/verify/:code',
  /** POST (multipart field "file"): is this exact PDF an issued report? */
  verifyFile: '/api/reports/verify',
  /** The HTML page the QR code opens. */
  page: (code: string) => `/reports/verify/${encodeURIComponent(code)}`,
  pageRoute: '/reports/verify/:code',
  /** Dev tools only: the built-in evaluation-partner receiver (POST per partner, GET lists). */
  devPartnerInbox: '/api/dev/partner-inbox',
  devPartnerInboxRoute: '/api/dev/partner-inbox/:partnerId',
} as const;

/** Public: an organisation's uploaded logo (its `imageUrl`); `version` changes with every upload. */
export const ORG_LOGO_PATHS = {
  logo: (orgId: string, version: string) =>
    `/api/assets/org-logos/${encodeURIComponent(orgId)}/${encodeURIComponent(version)}`,
  logoRoute: '/api/assets/org-logos/:orgId/:version',
} as const;

/** The console's pages, served by the same server under /ops (apps/console). */
export const CONSOLE_BASE = '/ops';

/**
 * Absolute: gateways' webhooks and the embedded sandbox's hosted checkout, outside the service bases.
 * Its own export for the same reason.
 */
export const GATEWAY_PATHS = {
  webhook: (provider: string) => `/api/payments/webhooks/${encodeURIComponent(provider)}`,
  webhookRoute: '/api/payments/webhooks/:provider',
  sandboxCheckout: (sessionId: string) => `/api/payments/sandbox/checkout/${encodeURIComponent(sessionId)}`,
  sandboxCheckoutRoute: '/api/payments/sandbox/checkout/:sessionId',
  /** POST with form field `outcome` = pay | fail | cancel. */
  sandboxCheckoutActionRoute: '/api/payments/sandbox/checkout/:sessionId/complete',
} as const;

/**
 * DigiLocker (issue 26): the page DigiLocker sends the candidate back to, and the embedded DigiLocker
 * sandbox's own sign-in pages ("another company" served by this server, like the sandbox checkout).
 * Its own export for the same reason as GATEWAY_PATHS.
 */
export const DIGILOCKER_SANDBOX_PATHS = {
  /** The web app's `digilocker` page ("Verify Documents"): PUBLIC_URL + this is the registered redirect URI. */
  redirectPage: '/digilocker',
  /** GET: the sandbox's sign-in page, DigiLocker's `/oauth2/1/authorize` (response_type=code, S256). */
  authorize: '/sandbox/digilocker/oauth2/1/authorize',
  /** POST (form): mobile number and PIN, or cancel. */
  signIn: '/sandbox/digilocker/oauth2/1/authorize/sign-in',
  /** POST (form): allow or deny the consent. */
  consent: '/sandbox/digilocker/oauth2/1/authorize/consent',
} as const;

/**
 * The institution's side (issue 27): no account. The registrar or HR opens RESPONDER_PAGE?t=<token> from
 * the e-mail, receives a one-time code at that same address, and answers with the session it gives
 * (Authorization: Bearer). Its own export, not in API_PATHS, so the candidate bundle does not carry it.
 */
export const INSTITUTION_API_PATHS = {
  /** The web app's page for the responder (`?t=` the link's token). */
  responderPage: '/respond',
  /** The web app's page a contact's confirmation link opens (`?t=`). */
  confirmPage: '/respond/confirm',
  /** POST {token}: confirms a contact address. */
  confirmContact: '/api/institutions/contacts/confirm',
  /** POST {token}: e-mails a code to the contact the link is bound to. */
  responderCode: '/api/institutions/respond/code',
  /** POST {token, code}: a session for that contact. */
  responderSession: '/api/institutions/respond/session',
  /** GET: the contact's requests. */
  responderRequests: '/api/institutions/respond/requests',
  responderRequest: (id: string) => `/api/institutions/respond/requests/${encodeURIComponent(id)}`,
  responderRequestRoute: '/api/institutions/respond/requests/:requestId',
  /** POST {verificationName, facts, responderName, designation, letterFileId?, declaration}. */
  responderAnswer: (id: string) => `/api/institutions/respond/requests/${encodeURIComponent(id)}/answers`,
  responderAnswerRoute: '/api/institutions/respond/requests/:requestId/answers',
  /** POST (multipart "file"): the optional letter, through the checked upload path (PDF). */
  responderLetter: (id: string) => `/api/institutions/respond/requests/${encodeURIComponent(id)}/letter`,
  responderLetterRoute: '/api/institutions/respond/requests/:requestId/letter',
  /** GET a document of the request (the candidate's upload or the letter) with the session. */
  responderFile: (id: string, fileId: string) =>
    `/api/institutions/respond/requests/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`,
  responderFileRoute: '/api/institutions/respond/requests/:requestId/files/:fileId',
} as const;

/**
 * Organisations' integration API and its admin routes (docs/decisions/0025). Its own export, not in
 * API_PATHS, so the candidate bundle does not carry it.
 */
export const INTEGRATION_API_PATHS = {
  base: '/api/integration/v1',
  /** POST (API key; header Idempotency-Key): a candidate transaction and its link. */
  transactions: '/api/integration/v1/transactions',
  transaction: (id: string) => `/api/integration/v1/transactions/${encodeURIComponent(id)}`,
  transactionRoute: '/api/integration/v1/transactions/:txnId',
  /** Admin (ops token): POST creates (the key answered once), GET lists. */
  apiKeys: (orgId: string) => `/api/ops/orgs/${encodeURIComponent(orgId)}/api-keys`,
  apiKeysRoute: '/api/ops/orgs/:orgId/api-keys',
  revokeApiKey: (orgId: string, keyId: string) =>
    `/api/ops/orgs/${encodeURIComponent(orgId)}/api-keys/${encodeURIComponent(keyId)}/revoke`,
  revokeApiKeyRoute: '/api/ops/orgs/:orgId/api-keys/:keyId/revoke',
  webhooks: (orgId: string) => `/api/ops/orgs/${encodeURIComponent(orgId)}/webhooks`,
  webhooksRoute: '/api/ops/orgs/:orgId/webhooks',
  disableWebhook: (orgId: string, endpointId: string) =>
    `/api/ops/orgs/${encodeURIComponent(orgId)}/webhooks/${encodeURIComponent(endpointId)}/disable`,
  disableWebhookRoute: '/api/ops/orgs/:orgId/webhooks/:endpointId/disable',
  deliveries: (orgId: string) => `/api/ops/orgs/${encodeURIComponent(orgId)}/deliveries`,
  deliveriesRoute: '/api/ops/orgs/:orgId/deliveries',
  replayDelivery: (orgId: string, deliveryId: string) =>
    `/api/ops/orgs/${encodeURIComponent(orgId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
  replayDeliveryRoute: '/api/ops/orgs/:orgId/deliveries/:deliveryId/replay',
} as const;

/** The organisation portal's pages, served by the same server under /org (apps/org, issue 28). */
export const ORG_BASE = '/org';

/**
 * The organisation portal's API (issue 28, ADR 0047): an organisation user's bearer token (its own key
 * and audience); every answer is the caller's organisation's only. Its own export, not in API_PATHS.
 */
const orgEnc = encodeURIComponent;
export const ORG_API_PATHS = {
  base: '/api/org',
  signIn: '/api/org/auth/sign-in',
  verifyCode: '/api/org/auth/verify-code',
  signOut: '/api/org/auth/sign-out',
  /** GET ?token: the invitation's preview; POST {token, password}: accepts it (public). */
  invitation: '/api/org/auth/invitation',
  acceptInvitation: '/api/org/auth/invitation/accept',
  me: '/api/org/me',
  /** Owner: GET ?cursor&limit, the organisation's audit (who did what, when), newest first. */
  activity: '/api/org/activity',
  /** Owner: GET users and open invitations; POST userInvitations invites one. */
  users: '/api/org/users',
  user: (userId: string) => `/api/org/users/${orgEnc(userId)}`,
  userRoute: '/api/org/users/:userId',
  userInvitations: '/api/org/users/invitations',
  userInvitation: (id: string) => `/api/org/users/invitations/${orgEnc(id)}`,
  userInvitationRoute: '/api/org/users/invitations/:invitationId',
  /** Platform admin (ops token): the organisation's first owner. */
  opsOrgOwner: (orgId: string) => `/api/ops/orgs/${orgEnc(orgId)}/owner`,
  opsOrgOwnerRoute: '/api/ops/orgs/:orgId/owner',

  /** GET: the organisation's forms with their bucket counts. */
  forms: '/api/org/forms',
  /** GET ?formId&bucket&q&cursor&limit; candidatesCsv the same filters as CSV. */
  candidates: '/api/org/candidates',
  candidatesCsv: '/api/org/candidates.csv',
  candidate: (txnId: string) => `/api/org/candidates/${orgEnc(txnId)}`,
  candidateRoute: '/api/org/candidates/:txnId',
  /** GET: the candidate's verification report PDF (once issued). */
  candidateReport: (txnId: string) => `/api/org/candidates/${orgEnc(txnId)}/report.pdf`,
  candidateReportRoute: '/api/org/candidates/:txnId/report.pdf',
  /** GET: a credential of the candidate's, as issued (JSON). */
  candidateCredential: (txnId: string, credentialId: string) =>
    `/api/org/candidates/${orgEnc(txnId)}/credentials/${orgEnc(credentialId)}`,
  candidateCredentialRoute: '/api/org/candidates/:txnId/credentials/:credentialId',
  /** GET (SSE): `candidate` events when one of the organisation's candidates changes bucket. */
  events: '/api/org/events',
  /** POST: one candidate (header Idempotency-Key). */
  invitations: '/api/org/invitations',
  /** POST (multipart "file", CSV or XLSX): checks into a batch; GET lists batches. */
  inviteBatches: '/api/org/invite-batches',
  inviteBatch: (id: string) => `/api/org/invite-batches/${orgEnc(id)}`,
  inviteBatchRoute: '/api/org/invite-batches/:batchId',
  /** POST: sends the batch's valid rows on the job queue. */
  sendInviteBatch: (id: string) => `/api/org/invite-batches/${orgEnc(id)}/send`,
  sendInviteBatchRoute: '/api/org/invite-batches/:batchId/send',
  /** GET: every row with its outcome, as CSV. */
  inviteBatchResult: (id: string) => `/api/org/invite-batches/${orgEnc(id)}/result.csv`,
  inviteBatchResultRoute: '/api/org/invite-batches/:batchId/result.csv',
  /** POST {formId}: reminds every invited candidate who has not started. */
  remindNotStarted: '/api/org/invitations/remind',

  /** GET: mode, balance, usage, ledger; PUT billingProfile (owner). */
  billing: '/api/org/billing',
  billingProfile: '/api/org/billing/profile',
  /** POST {amount}: a credits order through the payment gateways (owner). */
  creditOrders: '/api/org/billing/credit-orders',
  creditOrder: (id: string) => `/api/org/billing/credit-orders/${orgEnc(id)}`,
  creditOrderRoute: '/api/org/billing/credit-orders/:orderId',
  invoices: '/api/org/billing/invoices',
  invoicePdf: (id: string) => `/api/org/billing/invoices/${orgEnc(id)}/invoice.pdf`,
  invoicePdfRoute: '/api/org/billing/invoices/:invoiceId/invoice.pdf',
  /** Platform admin (ops token): GET the organisation's billing mode and balance; PUT {mode}. */
  opsOrgBilling: (orgId: string) => `/api/ops/orgs/${orgEnc(orgId)}/billing`,
  opsOrgBillingRoute: '/api/ops/orgs/:orgId/billing',

  /** Owner: the integration screens (the admin's, for the organisation's own keys and webhooks). */
  apiKeys: '/api/org/api-keys',
  revokeApiKey: (keyId: string) => `/api/org/api-keys/${orgEnc(keyId)}/revoke`,
  revokeApiKeyRoute: '/api/org/api-keys/:keyId/revoke',
  webhooks: '/api/org/webhooks',
  disableWebhook: (id: string) => `/api/org/webhooks/${orgEnc(id)}/disable`,
  disableWebhookRoute: '/api/org/webhooks/:endpointId/disable',
  rotateWebhookSecret: (id: string) => `/api/org/webhooks/${orgEnc(id)}/rotate-secret`,
  rotateWebhookSecretRoute: '/api/org/webhooks/:endpointId/rotate-secret',
  deliveries: '/api/org/deliveries',
  replayDelivery: (id: string) => `/api/org/deliveries/${orgEnc(id)}/replay`,
  replayDeliveryRoute: '/api/org/deliveries/:deliveryId/replay',
  /** Owner: GET/PUT display name and colour; POST/DELETE logo (multipart "file"). */
  branding: '/api/org/branding',
  brandingLogo: '/api/org/branding/logo',
  notificationSettings: '/api/org/notification-settings',
} as const;

/** Privacy by law (issue 29, ADR 0049): the team's side. */
export const PRIVACY_OPS_PATHS = {
  /** POST (admin): walks the consent ledger's chain and answers where it first does not hold. */
  ledgerCheck: '/api/ops/privacy/ledger-check',
  /** GET the breach register (newest first); POST a new entry (its version 1). */
  breaches: '/api/ops/privacy/breaches',
  /** GET one entry with its versions and sends. */
  breach: (id: string) => `/api/ops/privacy/breaches/${encodeURIComponent(id)}`,
  breachRoute: '/api/ops/privacy/breaches/:breachId',
  /** POST a correction: the whole entry as it now reads, saved as the next version. */
  breachVersions: (id: string) => `/api/ops/privacy/breaches/${encodeURIComponent(id)}/versions`,
  breachVersionsRoute: '/api/ops/privacy/breaches/:breachId/versions',
  /** POST {notifiedAt}: the Board was told (a new version). */
  breachBoardNotified: (id: string) => `/api/ops/privacy/breaches/${encodeURIComponent(id)}/board-notified`,
  breachBoardNotifiedRoute: '/api/ops/privacy/breaches/:breachId/board-notified',
  /** POST {version}: a notice to each candidate affected, once per version and candidate. */
  breachNotify: (id: string) => `/api/ops/privacy/breaches/${encodeURIComponent(id)}/notify`,
  breachNotifyRoute: '/api/ops/privacy/breaches/:breachId/notify',
} as const;

/** The right to erasure (issue 29, ADR 0049 "Erasure"). */
export const PRIVACY_ERASURE_PATHS = {
  /** Candidate, under SERVICE_BASES.webWallet: POST asks for erasure (idempotent), GET its status. */
  erasure: '/privacy/erasure',
  /** Admin: POST {profileId, reason} sets a legal hold; DELETE (body {profileId}) releases it. */
  legalHolds: '/api/ops/privacy/legal-holds',
} as const;

/** Withdrawing consent (issue 29, ADR 0049), the candidate's; relative to SERVICE_BASES.webWallet. */
export const PRIVACY_WITHDRAW_PATHS = {
  /** GET the candidate's requests with the purposes their consent grants now. */
  consents: '/privacy/consents',
  /** POST {txnId, purposes}: withdraws granted purposes and carries out what that means. */
  withdraw: '/privacy/consents/withdraw',
} as const;

/**
 * The candidate's right of access (issue 29, ADR 0049): what the product holds and who received it;
 * relative to SERVICE_BASES.webWallet, signed in.
 */
export const PRIVACY_ACCESS_PATHS = {
  /** GET what the product holds about the signed-in candidate, by category, with its purposes. */
  access: '/privacy/access',
  /** GET the disclosures of the candidate's data, newest first, paged (`cursor`, `limit`). */
  disclosures: '/privacy/disclosures',
} as const;

/**
 * The candidate's data export (issue 29, ADR 0049 "Export"): relative to SERVICE_BASES.webWallet,
 * signed in.
 */
export const PRIVACY_EXPORT_PATHS = {
  /** GET a ZIP of everything the product holds about the candidate: data.json, their files, README.txt. */
  export: '/privacy/export',
} as const;

/**
 * Correction requests and grievance tickets (issue 29, ADR 0049): the candidate's, relative to
 * SERVICE_BASES.webWallet, signed in; the team's (admins) under /api/ops/privacy/requests.
 */
export const PRIVACY_REQUEST_PATHS = {
  /** GET the candidate's requests, the forms they may concern, the grievance officer. */
  requests: '/privacy/requests',
  /** POST a correction request. */
  corrections: '/privacy/requests/corrections',
  /** POST a grievance ticket. */
  grievances: '/privacy/requests/grievances',
  /** POST: the candidate withdraws an open request of theirs (status closed). */
  close: (id: string) => `/privacy/requests/${encodeURIComponent(id)}/close`,
  closeRoute: '/privacy/requests/:requestId/close',
  /** GET (admin) every request, by due date; ?kind&status. */
  opsList: '/api/ops/privacy/requests',
  /** GET (admin) one request (audited). */
  opsRequest: (id: string) => `/api/ops/privacy/requests/${encodeURIComponent(id)}`,
  opsRequestRoute: '/api/ops/privacy/requests/:requestId',
  /** POST (admin) {outcome, answer}: once (audited; the candidate is notified). */
  opsAnswer: (id: string) => `/api/ops/privacy/requests/${encodeURIComponent(id)}/answer`,
  opsAnswerRoute: '/api/ops/privacy/requests/:requestId/answer',
} as const;

/**
 * Nomination (issue 29, DPDP Act s. 14): the person who may exercise the candidate's rights on their
 * behalf in the event of their death or incapacity.
 */
export const PRIVACY_NOMINATION_PATHS = {
  /** Candidate, under SERVICE_BASES.webWallet: GET the nominee and history; PUT names or changes; DELETE removes. */
  nomination: '/privacy/nomination',
  /** Team (verifier or admin): GET a candidate's current nominee, audited, to check one who writes in. */
  opsNominee: (profileId: string) => `/api/ops/privacy/nominations/${encodeURIComponent(profileId)}`,
  opsNomineeRoute: '/api/ops/privacy/nominations/:profileId',
} as const;
