/**
 * Every table of apps/server/src/db/schema, by the name its schema exports, with the one module whose
 * repository writes it (ADR 0043). `readers` are the other modules whose repositories may read it
 * (select or join) as a declared read-only view: a new reader is a reviewed change of this file.
 * `keyedWriters` (only otp_throttles) write their own key prefix's rows of a table of counters.
 * apps/server/src/db/table-owners.test.ts fails when a table of the schema is missing here.
 */
export const TABLE_OWNERS = {
  // auth: candidates' sign-in
  otpTransactions: { owner: 'auth' },
  // Keyed counters (ADR 0002): auth's rows are keyed by mobile number, aadhaar's `aadhaar:<profileId>`,
  // evaluation's `eval:<profileId>`, privacy's `export:<profileId>` (the data export's daily budget);
  // each locks and writes only its own rows, in its own transaction.
  otpThrottles: { owner: 'auth', keyedWriters: ['aadhaar', 'evaluation', 'privacy'] },
  refreshTokens: { owner: 'auth' },
  signInLinks: { owner: 'auth' },
  // profile
  profiles: {
    owner: 'profile',
    readers: ['credentials', 'notifications', 'ops', 'org-candidates', 'privacy', 'reports', 'support'],
  },
  // admin: organisations and their forms
  organisations: {
    owner: 'admin',
    readers: [
      'credentials',
      'forms',
      'integration',
      'notifications',
      'ops',
      'org-auth',
      'org-billing',
      'org-candidates',
      'payments',
      'privacy',
      'transactions',
    ],
  },
  organisationLogos: { owner: 'admin' },
  ekycForms: {
    owner: 'admin',
    readers: [
      'forms',
      'integration',
      'ops',
      'org-billing',
      'org-candidates',
      'payments',
      'privacy',
      'transactions',
    ],
  },
  verificationConfigs: { owner: 'admin', readers: ['credentials', 'forms', 'notifications'] },
  prestartQuestions: { owner: 'admin', readers: ['forms'] },
  // transactions: the candidate's journey, its verifications, audit rows and insufficiency rounds
  transactions: {
    owner: 'transactions',
    readers: [
      'credentials',
      'integration',
      'name-change',
      'notifications',
      'ops',
      'org-billing',
      'org-candidates',
      'privacy',
      'reports',
    ],
  },
  transactionAnswers: { owner: 'transactions' },
  verificationRecords: {
    owner: 'transactions',
    readers: ['credentials', 'integration', 'name-change', 'ops', 'org-billing', 'org-candidates', 'privacy'],
  },
  stateChanges: { owner: 'transactions', readers: ['ops', 'org-candidates', 'reports'] },
  // each move between the portal's buckets (issue 28), for the organisation's e-mails
  orgBucketMoves: { owner: 'transactions' },
  insufficiencyRequests: { owner: 'transactions', readers: ['notifications', 'ops'] },
  insufficiencyAnswers: { owner: 'transactions', readers: ['ops'] },
  // the rest, one module each
  referenceOptions: { owner: 'reference' },
  files: { owner: 'files', readers: ['metrics', 'ops', 'privacy', 'reports'] },
  resumableUploads: { owner: 'files' },
  resumableUploadLocks: { owner: 'files' },
  // the running instances and where each keeps files (issue 31 §3): the start-up check's registry
  storageInstances: { owner: 'files' },
  evaluationOtps: { owner: 'evaluation' },
  aadhaarRequests: { owner: 'aadhaar' },
  nameChangeRequests: { owner: 'name-change' },
  staffAccounts: { owner: 'ops-auth', readers: ['ops', 'privacy', 'support'] },
  staffSignInCodes: { owner: 'ops-auth' },
  staffSessions: { owner: 'ops-auth' },
  opsAudit: { owner: 'ops-auth', readers: ['reports'] },
  verificationLocks: { owner: 'ops' },
  paymentOrders: { owner: 'payments', readers: ['notifications', 'ops', 'privacy'] },
  paymentRefunds: { owner: 'payments', readers: ['ops'] },
  paymentWebhookEvents: { owner: 'payments' },
  paymentAudit: { owner: 'payments' },
  sandboxGatewaySessions: { owner: 'providers/payments' },
  sandboxGatewayRefunds: { owner: 'providers/payments' },
  sandboxGatewayWebhooks: { owner: 'providers/payments' },
  orgApiKeys: { owner: 'integration' },
  orgApiRequests: { owner: 'integration' },
  orgWebhookEndpoints: { owner: 'integration' },
  orgWebhookDeliveries: { owner: 'integration', readers: ['metrics'] },
  orgWebhookSequences: { owner: 'integration' },
  orgWebhookAttempts: { owner: 'integration' },
  credentials: { owner: 'credentials', readers: ['org-candidates', 'privacy'] },
  receivedCredentials: { owner: 'credentials' },
  credentialIssuerKeys: { owner: 'credentials' },
  verificationReports: { owner: 'reports', readers: ['org-candidates'] },
  reportDeliveryAttempts: { owner: 'reports' },
  notifications: { owner: 'notifications', readers: ['privacy'] },
  notificationDeliveries: { owner: 'notifications' },
  supportConversations: { owner: 'support', readers: ['privacy'] },
  supportMessages: { owner: 'support', readers: ['privacy'] },
  outbox: { owner: 'providers/outbox' },
  appSecrets: { owner: 'secrets' },
  // issuer sources (issue 26): the candidate's DigiLocker fetch and the team's API Setu pull
  digilockerSessions: { owner: 'sources' },
  issuerPulls: { owner: 'sources', readers: ['credentials', 'ops', 'org-candidates', 'reports'] },
  sandboxDigilockerGrants: { owner: 'providers/digilocker' },
  // the embedded Aadhaar sandbox's checks (issue 31 §3: shared by every instance)
  sandboxAadhaarChecks: { owner: 'providers/aadhaar' },
  // institutions answer (issue 27): the directory, requests to contacts, their answers
  institutions: { owner: 'institutions' },
  institutionTurnaround: { owner: 'institutions' },
  institutionContacts: { owner: 'institutions' },
  institutionRequests: { owner: 'institutions', readers: ['ops'] },
  institutionRequestItems: { owner: 'institutions' },
  institutionCodes: { owner: 'institutions' },
  institutionSessions: { owner: 'institutions' },
  institutionAnswers: { owner: 'institutions', readers: ['credentials', 'org-candidates', 'reports'] },
  institutionMessages: { owner: 'institutions' },
  // given at submission (the candidate's journey); a request copies it
  contactConsents: { owner: 'transactions', readers: ['institutions'] },
  // the organisation portal (issue 28, ADR 0047): accounts, invitations and bulk files, billing, branding
  orgUsers: { owner: 'org-auth' },
  orgUserSignInCodes: { owner: 'org-auth' },
  orgUserSessions: { owner: 'org-auth' },
  orgUserInvitations: { owner: 'org-auth' },
  orgAudit: { owner: 'org-auth' },
  candidateInvitations: { owner: 'org-candidates' },
  inviteBatches: { owner: 'org-candidates' },
  inviteBatchRows: { owner: 'org-candidates' },
  orgNotificationSettings: { owner: 'org-settings' },
  orgNotificationMails: { owner: 'org-settings' },
  orgDigestLines: { owner: 'org-settings' },
  orgBranding: { owner: 'org-settings', readers: ['forms'] },
  orgBillingAccounts: { owner: 'org-billing' },
  orgCreditLedger: { owner: 'org-billing' },
  orgCreditOrders: { owner: 'org-billing' },
  orgInvoices: { owner: 'org-billing' },
  // kept by triggers on transactions (migration 0036); the portal's form list reads it
  orgBucketCounts: { owner: 'transactions', readers: ['org-candidates'] },
  // privacy by law (issue 29, ADR 0049): the consent ledger and the notices it cites
  consentLedger: { owner: 'privacy' },
  privacyNotices: { owner: 'privacy' },
  // the breach register and its notices to the people affected
  breaches: { owner: 'privacy' },
  breachVersions: { owner: 'privacy' },
  breachNotices: { owner: 'privacy' },
  // each daily purge's report (ADR 0049 "Retention schedule")
  purgeRuns: { owner: 'privacy' },
  // the right to erasure (issue 29): the candidates' requests and the admins' legal holds
  erasureRequests: { owner: 'privacy' },
  // The results purge keeps a held candidate's results (ADR 0049).
  legalHolds: { owner: 'privacy', readers: ['transactions'] },
  // correction requests and grievance tickets (issue 29)
  privacyRequests: { owner: 'privacy' },
  // who received the candidate's data, written by each sender through the privacy service's port
  disclosures: { owner: 'privacy' },
  // the candidate's nominee (DPDP Act s. 14), every change a row
  nominations: { owner: 'privacy' },
};
