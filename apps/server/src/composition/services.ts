import type { Redis } from 'ioredis';
import {
  API_PATHS,
  GATEWAY_PATHS,
  ORG_BASE,
  REPORT_PATHS,
  SERVICE_BASES,
  formLinkPath,
  type DisclosureRecord,
} from '@veridocs/shared';
import type { Config } from '../config.js';
import type { Database, DbScope } from '../db/client.js';
import { REFERENCE_ALIASES } from '../db/seed-data/reference-data.js';
import type { App } from '../http/platform.js';
import type { Clock } from '../lib/clock.js';
import { createMemoryCounterStore, createRedisCounterStore } from '../lib/counter-store.js';
import { createReadCache, disabledReadCache } from '../lib/read-cache.js';
import { createAadhaarRepository } from '../modules/aadhaar/aadhaar-repository.js';
import { createAadhaarService } from '../modules/aadhaar/aadhaar-service.js';
import { createAdminRepository } from '../modules/admin/admin-repository.js';
import { createAdminService } from '../modules/admin/admin-service.js';
import { createAuthService } from '../modules/auth/auth-service.js';
import { createOtpRepository } from '../modules/auth/otp-repository.js';
import { createOtpService } from '../modules/auth/otp-service.js';
import { createSessionRepository } from '../modules/auth/session-repository.js';
import { createSessionService } from '../modules/auth/session-service.js';
import { createCredentialsRepository } from '../modules/credentials/credentials-repository.js';
import { createCredentialsService } from '../modules/credentials/credentials-service.js';
import { createIssuerKey } from '../modules/credentials/issuer.js';
import { createPooledAnalyser } from '../modules/documents/pool/pooled-analyser.js';
import { createEvaluationRepository } from '../modules/evaluation/evaluation-repository.js';
import { createEvaluationService } from '../modules/evaluation/evaluation-service.js';
import { createFilesRepository } from '../modules/files/files-repository.js';
import { createFilesService } from '../modules/files/files-service.js';
import { createLinkSigner, deriveLinkKey } from '../modules/files/signed-links.js';
import { createUploadLimiter } from '../modules/files/upload-limits.js';
import { createResumableUploads } from '../modules/files/resumable-uploads.js';
import { createResumableUploadsRepository } from '../modules/files/resumable-uploads-repository.js';
import { createUploadLocker } from '../modules/files/upload-locker.js';
import { createResumableStore, removeResumable } from '../storage/resumable-store.js';
import { createFormsRepository } from '../modules/forms/forms-repository.js';
import { createFormsService } from '../modules/forms/forms-service.js';
import { createGeoService, createOfflineGeoProviders } from '../modules/geo/geo-service.js';
import { createPassportService } from '../modules/identity/passport-service.js';
import { createExpectedDateRepository } from '../modules/institutions/expected-date-repository.js';
import { createExpectedDateService } from '../modules/institutions/expected-date-service.js';
import { createInstitutionMailRepository } from '../modules/institutions/institution-mail-repository.js';
import { createInstitutionMailService } from '../modules/institutions/institution-mail-service.js';
import { createIntegrationRepository } from '../modules/integration/integration-repository.js';
import { createOrgSettingsRepository } from '../modules/org-settings/org-settings-repository.js';
import { createPrivacyRepository } from '../modules/privacy/privacy-repository.js';
import { createPrivacyService } from '../modules/privacy/privacy-service.js';
import { createWithdrawalService } from '../modules/privacy/withdrawal-service.js';
import {
  createConsentService,
  requiredGranted,
  type ConsentService,
} from '../modules/privacy/consent-service.js';
import { createBreachRepository } from '../modules/privacy/breach-repository.js';
import { createBreachService } from '../modules/privacy/breach-service.js';
import { createRetentionRepository } from '../modules/privacy/retention-repository.js';
import { createRetentionService, drainRows } from '../modules/privacy/retention-service.js';
import { createErasureRepository } from '../modules/privacy/erasure-repository.js';
import { createErasureService } from '../modules/privacy/erasure-service.js';
import { createRequestsRepository as createPrivacyRequestsRepository } from '../modules/privacy/requests-repository.js';
import { createRequestsService as createPrivacyRequestsService } from '../modules/privacy/requests-service.js';
import {
  MINOR_REFUND_REASON,
  createMinorsService,
  type MinorsService,
} from '../modules/privacy/minors-service.js';
import { isUnder18 } from '../modules/privacy/minors-fns.js';
import { createNominationRepository } from '../modules/privacy/nomination-repository.js';
import { createNominationService } from '../modules/privacy/nomination-service.js';
import { createErasurePorts } from './erasure-ports.js';
import { createResultsPurger } from './retention-results.js';
import { createExportRepository } from '../modules/privacy/export-repository.js';
import { createExportService } from '../modules/privacy/export-service.js';
import { createExportPorts } from './export-ports.js';
import { createOrgSettingsService } from '../modules/org-settings/org-settings-service.js';
import { createOrgNotificationsRepository } from '../modules/org-settings/org-notifications-repository.js';
import { createOrgNotificationsService } from '../modules/org-settings/org-notifications-service.js';
import { createBucketMovesRepository } from '../modules/transactions/bucket-moves-repository.js';
import {
  createIntegrationService,
  deriveWebhookSecretKey,
} from '../modules/integration/integration-service.js';
import { createOrgCandidatesRepository } from '../modules/org-candidates/org-candidates-repository.js';
import {
  createOrgCandidatesService,
  type OrgCandidatesService,
} from '../modules/org-candidates/org-candidates-service.js';
import { createNameChangeRepository } from '../modules/name-change/name-change-repository.js';
import { createNameChangeService } from '../modules/name-change/name-change-service.js';
import { createNotificationsRepository } from '../modules/notifications/notifications-repository.js';
import {
  createNotificationsService,
  deriveStreamTokenKey,
} from '../modules/notifications/notifications-service.js';
import { seedDevStaff } from '../modules/ops-auth/dev-staff.js';
import { createOpsAuthRepository } from '../modules/ops-auth/ops-auth-repository.js';
import { createOpsAuthService } from '../modules/ops-auth/ops-auth-service.js';
import { createOrgAuthRepository } from '../modules/org-auth/org-auth-repository.js';
import { createOrgAuthService } from '../modules/org-auth/org-auth-service.js';
import { createOpsRepository } from '../modules/ops/ops-repository.js';
import { createOpsService, deriveSearchAuditKey } from '../modules/ops/ops-service.js';
import { createOrgBillingRepository } from '../modules/org-billing/org-billing-repository.js';
import { createOrgBillingService } from '../modules/org-billing/org-billing-service.js';
import { createPaymentsRepository } from '../modules/payments/payments-repository.js';
import { createPaymentsService } from '../modules/payments/payments-service.js';
import { createProfileRepository, type ProfileRow } from '../modules/profile/profile-repository.js';
import { createProfileService, type ProfileService } from '../modules/profile/profile-service.js';
import { createReferenceRepository } from '../modules/reference/reference-repository.js';
import { createReferenceService } from '../modules/reference/reference-service.js';
import { createReportsRepository } from '../modules/reports/reports-repository.js';
import { createReportsService } from '../modules/reports/reports-service.js';
import { createSecretsRepository } from '../modules/secrets/secrets-repository.js';
import { loadServerKeys } from '../modules/secrets/secrets-service.js';
import { createSupportRepository } from '../modules/support/support-repository.js';
import { createSupportService, deriveChatHashKey } from '../modules/support/support-service.js';
import type { TransactionSnapshot } from '../modules/transactions/transactions-repository.js';
import { createTransactionsRepository } from '../modules/transactions/transactions-repository.js';
import {
  createTransactionsService,
  type OrgUsageCharge,
  type ConsentGate,
  type PaymentGuard,
} from '../modules/transactions/transactions-service.js';
import { createAadhaarProvider } from '../providers/aadhaar/index.js';
import { createApiSetuProvider } from '../providers/apisetu/index.js';
import { createDigiLockerProvider, digilockerRedirectUri } from '../providers/digilocker/index.js';
import { createIssuerDocumentReader } from '../modules/sources/issuer-document-reader.js';
import { createDirectoryRepository } from '../modules/institutions/institutions-repository.js';
import { createInstitutionsService } from '../modules/institutions/institutions-service.js';
import { createRequestsRepository } from '../modules/institutions/requests-repository.js';
import { OTP } from '@veridocs/shared';
import { createSourcesRepository } from '../modules/sources/sources-repository.js';
import { createSourcesService } from '../modules/sources/sources-service.js';
import { issuerTrustAnchors } from '../providers/issuer-documents/trust-anchors.js';
import { PARTNERS, createSandboxDirectory } from '../providers/evaluation/index.js';
import { createMailSender } from '../providers/mail/index.js';
import { createOutboxRepository } from '../providers/outbox/outbox-repository.js';
import { createCashfreeGateway } from '../providers/payments/cashfree.js';
import type { PaymentGateway } from '../providers/payments/gateway.js';
import { createPaymentGateways } from '../providers/payments/index.js';
import { createRazorpayGateway } from '../providers/payments/razorpay.js';
import { createSandboxGateway } from '../providers/payments/sandbox.js';
import { createSandboxRepository } from '../providers/payments/sandbox-repository.js';
import { createStripeGateway } from '../providers/payments/stripe.js';
import { PARTNER_DEV_SECRET, createWebhookReportDelivery } from '../providers/report-delivery/index.js';
import { createMessageSender } from '../providers/sms/index.js';
import { createStorage } from '../storage/index.js';
import type { AppDeps } from './deps.js';
import { createJobSignals, createPort, createStateChangeHooks } from './registry.js';

export interface CompositionContext {
  app: App;
  config: Config;
  db: Database;
  now: Clock;
  deps: AppDeps;
  /** The shared counters' connection (REDIS_URL), or null. */
  redis: Redis | null;
}

export type Services = Awaited<ReturnType<typeof composeServices>>;

/**
 * Every service, made once and in one order: what a service needs from one made later goes through
 * the registry (composition/registry.ts), never through a variable assigned afterwards. Modules reach
 * each other through services only. Background jobs and routes take the result.
 */
export async function composeServices({ app, config, db, now, deps, redis }: CompositionContext) {
  const stateChanges = createStateChangeHooks();
  const signals = createJobSignals();
  // Cycles: sessions read the candidate's identity, the profiles' service signs in with sessions;
  // transactions run the payments' checks, the payments' service reads transactions.
  const identities = createPort<Pick<ProfileService, 'findIdentity'>>('profile identity');
  const paymentGuard = createPort<PaymentGuard>('payments guard');
  // Transactions charge an organisation-paid submission; org-billing needs the payment gateways.
  const orgUsage = createPort<OrgUsageCharge>('org billing usage');
  const orgInvitations = createPort<Pick<OrgCandidatesService, 'recordApiInvitation'>>('org invitations');
  // Transactions start only with the candidate's consent; the privacy notice names the transaction.
  const consentGate = createPort<ConsentGate>('privacy consent');
  // DigiLocker's own consent screen enters the ledger through the consent service made below.
  const channelConsent = createPort<Pick<ConsentService, 'recordChannelConsent'>>('privacy channel consent');
  // The identity paths refuse a candidate under 18 (ADR 0049 "Minors"); the refusal needs payments.
  const minorsGate = createPort<Pick<MinorsService, 'check' | 'refused' | 'finish'>>('privacy minors');

  const keys = await loadServerKeys(config.jwtSecret, createSecretsRepository(db.orm), {
    keepInDatabase: config.devTools,
  });
  if (keys.source === 'process')
    app.log.warn(
      'JWT_SECRET is not set and dev tools are off: sessions and OTPs last until this process stops',
    );
  // The dev outbox keeps OTPs in clear text: it exists only with dev tools on (issue 9 §4).
  const outbox = config.devTools ? createOutboxRepository(db.orm) : null;
  if (!outbox) await createOutboxRepository(db.orm).clear();
  const sender = deps.sender ?? createMessageSender(config.smsGateway, outbox, now);
  if (!deps.sender && !config.smsGateway && !outbox)
    app.log.warn('No SMS gateway (SMS_GATEWAY_URL) and dev tools are off: login OTPs cannot be sent');
  const mailer = deps.mailer ?? createMailSender(config.email, outbox, now);
  if (!deps.mailer && !config.email && !outbox)
    app.log.warn('No SMTP server (SMTP_HOST, SMTP_FROM) and dev tools are off: e-mail OTPs cannot be sent');
  // ADR 0005: in-process only on the embedded database this process owns; on PostgreSQL invalidated
  // across instances through LISTEN/NOTIFY, with a time limit as a backstop for a lost message.
  const readCache = <K, V>(namespace: string, max: number) => {
    if (db.exclusive) return createReadCache<K, V>(max);
    if (db.cacheBus)
      return createReadCache<K, V>(max, { bus: { bus: db.cacheBus, namespace }, ttlMs: 60_000 });
    return disabledReadCache<K, V>();
  };
  const counters = createMemoryCounterStore(now);
  const sharedCounters = () => (redis ? createRedisCounterStore(redis, counters, app.log) : counters);

  // Privacy by law (issue 29, ADR 0049): the consent ledger, which the modules below ask what a
  // candidate's consent grants now (a purpose never named stands granted: requests from before it), and
  // the disclosures every sender of a candidate's data records through `disclose`, in the database
  // transaction of the act.
  const privacyRepo = createPrivacyRepository(db.orm);
  const privacy = createPrivacyService({ repo: privacyRepo, now });
  const disclose = (scope: DbScope, record: DisclosureRecord) => privacy.disclose(scope, record);

  // The candidate's account: sessions, OTPs, profile.
  const liveSessions = readCache<string, boolean>('session', 10_000);
  const sessions = createSessionService({
    repo: createSessionRepository(db.orm, liveSessions),
    key: keys.jwt,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    linkTtlSeconds: config.ssoTtlSeconds,
    now,
    findIdentity: (id) => identities.get().findIdentity(id),
  });
  const otp = createOtpService({
    repo: createOtpRepository(db.orm),
    sender,
    key: keys.otp,
    now,
    log: app.log,
    budget: config.otpBudget,
    resendAfterSeconds: config.otpResendAfterSeconds,
  });
  const profileCache = readCache<string, ProfileRow>('profile', 10_000);
  const profileRepo = createProfileRepository(db.orm, profileCache);
  const profiles = createProfileService({ repo: profileRepo, otp, sessions, now });
  identities.bind(profiles);
  const auth = createAuthService({
    otp,
    sessions,
    findIdentityByMobile: (mobile) => profiles.findIdentityByMobile(mobile),
  });

  // Notifications (issue 15, ADR 0030): rows written in the event's database transaction, announced
  // at commit on a NOTIFY channel to every instance's open streams, copied to SMS by the job loop.
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(db.orm),
    tokenKey: deriveStreamTokenKey(keys.jwt),
    sender,
    mailer,
    now,
    log: app.log,
    onQueued: () => signals.emit('notification-queued'),
    isSessionLive: (sessionId) => sessions.isLive(sessionId),
    rememberLanguage: (profileId, language) => profiles.rememberLanguage(profileId, language),
  });
  stateChanges.bind('notifications', (scope, changes, at) =>
    notifications.onStateChanges(scope, changes, at),
  );
  const credentials = createCredentialsService({
    repo: createCredentialsRepository(db.orm),
    disclose,
    issuer: await createIssuerKey(keys.issuer, config.publicUrl),
    publicUrl: config.publicUrl,
    validityDays: config.credentialValidityDays,
    now,
    walletAllowed: async (scope, profileId, txnId) =>
      (await privacy.grantsOfIn(scope, profileId, txnId)).wallet !== false,
    // The candidate hears of the new credential with the change that made it (issue 15).
    onIssued: (scope, issued) =>
      notifications
        .notify(scope, issued.profileId, {
          message: 'credential.issued',
          params: { verification: issued.verificationName, label: issued.verification, org: issued.org },
          // The candidate app's page of that credential (/wallet/:id).
          link: `/wallet/${encodeURIComponent(issued.credentialId)}`,
        })
        .then(() => undefined),
  });
  // Kept before the first credential is signed: a later change of PUBLIC_URL or secret keeps it valid.
  await credentials.registerIssuer(now());
  stateChanges.bind('credentials', (scope, changes, at) => credentials.onStateChanges(scope, changes, at));

  // Verification configs are written only by the seed, from code, before this instance serves a
  // request; so they are cached on PostgreSQL too (another instance's seed writes the same rows, or
  // those of a newer release during a rolling deploy).
  const forms = createFormsService({ repo: createFormsRepository(db.orm, createReadCache(1)), now });
  const reference = createReferenceService(createReferenceRepository(db.orm), REFERENCE_ALIASES);
  // Files (ADR 0009); the checks and OCR are modules/documents/analysis (ADR 0010).
  const storage = deps.storage ?? createStorage(config.storage);
  // The checks and OCR run in a pool of child processes with memory, time and concurrency caps (ADR 0010).
  let analyser = deps.analyser;
  if (!analyser) {
    const pooled = createPooledAnalyser(config.documentChecks, app.log);
    // After the OCR loop stopped (preClose), so its last job is not killed under it.
    app.addHook('onClose', async () => pooled.close());
    analyser = pooled;
  }
  const filesRepo = createFilesRepository(db.orm);
  const files = createFilesService({
    repo: filesRepo,
    storage,
    analyser,
    links: createLinkSigner(deriveLinkKey(keys.jwt)),
    now,
    fetch: config.fileFetch,
    log: app.log,
    limiter: createUploadLimiter(sharedCounters(), config.uploadLimits),
    onQueued: () => signals.emit('file-queued'),
  });
  // Resumable uploads (tus, ADR 0050): the bytes collect in their own store, then go through `files`.
  const resumableStore = await createResumableStore(config.storage, config.resumableUploads);
  const resumableRecords = createResumableUploadsRepository(db.orm);
  const uploadLocker = createUploadLocker({
    repo: resumableRecords,
    listen: (channel, onMessage) => db.listen(channel, onMessage),
    log: app.log,
  });
  app.addHook('onClose', async () => uploadLocker.close());
  const resumableUploads = createResumableUploads({
    store: resumableStore,
    path: `${SERVICE_BASES.utility}${API_PATHS.files.resumable}`,
    files,
    records: resumableRecords,
    locker: uploadLocker,
    expiryMs: config.resumableUploads.expiryMs,
    now,
    log: app.log,
  });
  // Transaction info is cached by id: the name change requests' writes invalidate it too.
  const txnCache = readCache<string, TransactionSnapshot>('txn', 10_000);
  const nameChanges = createNameChangeService({
    repo: createNameChangeRepository(db.orm, txnCache),
    files: filesRepo,
    now,
  });
  const transactionsRepo = createTransactionsRepository(db.orm, txnCache, stateChanges.run);
  const transactions = createTransactionsService({
    repo: transactionsRepo,
    forms,
    profiles,
    files,
    reference,
    now,
    payments: {
      afterCandidateWrite: (scope, txn, records) =>
        paymentGuard.get().afterCandidateWrite(scope, txn, records),
      assertPaidFor: (scope, locked) => paymentGuard.get().assertPaidFor(scope, locked),
      get openOrderStatuses() {
        return paymentGuard.get().openOrderStatuses;
      },
    },
    orgBilling: {
      chargeSubmission: (scope, submitted) => orgUsage.get().chargeSubmission(scope, submitted),
    },
    consent: {
      hasConsented: (profileId, txnId) => consentGate.get().hasConsented(profileId, txnId),
      refusedAsMinor: (profileId) => minorsGate.get().refused(profileId),
    },
  });
  const integration = createIntegrationService({
    repo: createIntegrationRepository(db.orm),
    disclose,
    secretKey: deriveWebhookSecretKey(keys.jwt),
    webhookTargets: config.webhookTargets,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
    candidateByMobile: (mobile, name, orgId) => profiles.walletForOrg(mobile, name, orgId),
    createTransaction: async (profileId, orgId, formId) =>
      (await transactions.create(profileId, { orgId, eKycFormId: formId })).transactionId,
    ownerHasSignedIn: (profileId) => sessions.hasProvenSession(profileId),
    issueSso: (candidate, context) => sessions.issueLink(candidate, context),
    // The portal lists what the API invited too (ADR 0047: one invitation path).
    recordInvitation: (invitation) => orgInvitations.get().recordApiInvitation(invitation),
  });
  stateChanges.bind('integration', (scope, changes, at) => integration.enqueue(scope, changes, at));
  // Verification reports (ADR 0028): made and delivered by their job; the dev default delivers every
  // partner without a configured endpoint to the built-in receiver.
  const reportDelivery =
    deps.reportDelivery ??
    createWebhookReportDelivery({
      endpoints: config.reports.partnerWebhooks,
      targets: config.webhookTargets,
      fallback: config.devTools
        ? (partnerId) => ({
            url: `${config.publicUrl}${REPORT_PATHS.devPartnerInbox}/${encodeURIComponent(partnerId)}`,
            secret: PARTNER_DEV_SECRET,
          })
        : undefined,
    });
  const reports = createReportsService({
    repo: createReportsRepository(db.orm, txnCache),
    storage,
    delivery: reportDelivery,
    partnerName: (id) => PARTNERS.find((p) => p.id === id)?.name ?? null,
    context: (txnId) => transactions.reportContext(txnId),
    // Withdrawing `report_partner`, or `verify`, stops a report not yet delivered.
    partnerAllowed: async ({ profileId, txnId }) => {
      const grants = await privacy.grantsOf(profileId, txnId);
      return grants.report_partner !== false && grants.verify !== false;
    },
    publicUrl: config.publicUrl,
    now,
    log: app.log,
    // The candidate hears that the report went, and to whom (issue 15), with the delivery's commit.
    onSent: async (scope, sent) => {
      // The evaluation partner received the report (ADR 0049 "Disclosures").
      await disclose(scope, {
        profileId: sent.profileId,
        txnId: sent.txnId,
        recipientKind: 'partner',
        recipientName: sent.partnerName,
        what: 'report',
        detail: 'Verification report (webhook)',
        at: now(),
      });
      // The organisation's webhook hears it too, in the transaction's order of events.
      await integration.enqueueEvent(
        scope,
        { txnId: sent.txnId, type: 'report.sent', data: { partner: sent.partnerName } },
        now(),
      );
      await notifications.notify(scope, sent.profileId, {
        message: 'report.sent',
        params: { org: sent.partnerName },
        // The form home, where the report's line says where and when it went.
        link: formLinkPath(sent.orgId, sent.formId, sent.txnId),
      });
    },
  });
  stateChanges.bind('reports', (scope, changes, at) => reports.enqueue(scope, changes, at));
  const evaluation = createEvaluationService({
    repo: createEvaluationRepository(db.orm),
    directory: deps.evaluationDirectory ?? createSandboxDirectory(),
    mailer,
    transactions,
    lookups: sharedCounters(),
    key: keys.otp,
    now,
    log: app.log,
    resendAfterSeconds: config.otpResendAfterSeconds,
  });
  if (!deps.aadhaar && config.aadhaar.kind === 'sandbox' && !outbox)
    app.log.warn('AADHAAR_PROVIDER is the sandbox and dev tools are off: Aadhaar OTPs cannot be delivered');
  const aadhaar = createAadhaarService({
    repo: createAadhaarRepository(db.orm),
    provider:
      deps.aadhaar ?? createAadhaarProvider(config.aadhaar, { orm: db.orm, outbox, key: keys.aadhaar, now }),
    key: keys.aadhaar,
    refuseRepeats: config.aadhaar.refuseRepeats,
    profiles,
    transactions,
    minors: { check: (profileId, txnId, dob) => minorsGate.get().check(profileId, txnId, dob) },
    now,
    log: app.log,
    resendAfterSeconds: config.otpResendAfterSeconds,
  });
  const passport = createPassportService({
    analyser,
    files,
    transactions,
    minors: { isUnder18: (dateOfBirth) => isUnder18(dateOfBirth, now()) },
    now,
  });

  // Issuer sources (issue 26): DigiLocker and API Setu, the sandboxes unless configured; the trust
  // anchors issuers' XML signatures are checked against (the sandbox key's outside production only).
  // The configured DigiLocker is made even when a test replaces it: the sandbox's pages stay served.
  const configuredDigilocker = createDigiLockerProvider(config, db.orm, now, keys.jwt);
  const issuerSources = {
    digilocker: deps.digilocker ?? configuredDigilocker,
    apisetu: deps.apisetu ?? createApiSetuProvider(config, now),
    trustAnchors: issuerTrustAnchors(config.issuerSources.trustAnchorsPem, config.nodeEnv),
  };
  const digilockerSandbox = 'pages' in configuredDigilocker ? configuredDigilocker : null;
  if (config.nodeEnv === 'production') {
    if (digilockerSandbox || config.issuerSources.apisetu.kind === 'sandbox')
      app.log.warn(
        'DigiLocker or API Setu is the sandbox: its fictitious documents are offered and never trusted here',
      );
    if (issuerSources.trustAnchors.length === 0)
      app.log.warn('ISSUER_TRUST_ANCHORS_FILE is not set: no issuer signature can be trusted');
  }

  // The verification team (ADR 0019): its own accounts, token key and audience; every action audited.
  const opsAuth = createOpsAuthService({
    repo: createOpsAuthRepository(db.orm),
    mailer,
    tokenKey: keys.ops,
    codeKey: keys.otp,
    accessTtlSeconds: config.opsAccessTokenTtlSeconds,
    limits: config.opsSignInLimits,
    now,
    log: app.log,
  });
  if (config.devTools) await seedDevStaff(opsAuth);
  // The organisation portal's users (ADR 0047): their own token key and audience, the console's rules.
  const orgAuth = createOrgAuthService({
    repo: createOrgAuthRepository(db.orm),
    mailer,
    tokenKey: keys.org,
    codeKey: keys.otp,
    accessTtlSeconds: config.orgAccessTokenTtlSeconds,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
  });
  const ops = createOpsService({
    repo: createOpsRepository(db.orm),
    transactions,
    files,
    auth: opsAuth,
    searchKey: deriveSearchAuditKey(keys.ops),
    configs: () => forms.allConfigs(),
    now,
  });
  // Fetch from DigiLocker and the team's API Setu pull (issue 26, ADR 0045).
  const sourcesRepo = createSourcesRepository(db.orm);
  const sources = createSourcesService({
    repo: sourcesRepo,
    digilocker: issuerSources.digilocker,
    apisetu: issuerSources.apisetu,
    ops,
    identity: aadhaar,
    documents: createIssuerDocumentReader(issuerSources.trustAnchors),
    transactions,
    files,
    key: keys.sources,
    redirectUri: digilockerRedirectUri(config.publicUrl),
    now,
    log: app.log,
    disclose,
    verifyConsent: (profileId, txnId) => privacy.consentFor(profileId, txnId, 'verify'),
    verifyConsentIn: (scope, profileId, txnId) => privacy.consentForLocked(scope, profileId, txnId, 'verify'),
    recordConsent: (input) =>
      channelConsent.get().recordChannelConsent({
        ...input,
        channel: 'digilocker',
        purpose: 'verify',
        templateVersion: 'digilocker-consent/1',
      }),
  });
  // Institutions answer (issue 27, ADR 0046): the e-mail job (requests, reminders, escalation, daily
  // digests) and the expected date from their turnaround, then the directory, the team's requests and
  // the responder's page; a request made or answered moves the candidate's expected date.
  const institutionMail = {
    ...createInstitutionMailService({
      repo: createInstitutionMailRepository(db.orm),
      mailer,
      key: keys.institutions,
      publicUrl: config.publicUrl,
      config: config.institutions,
      caseNames: (txnIds) => ops.caseNames(txnIds),
      now,
      log: app.log,
    }),
    /** Wakes the job now (a request was just made): its e-mail goes out without waiting for the poll. */
    kick: () => signals.emit('institution-mail-queued'),
  };
  const expectedDates = createExpectedDateService({
    repo: createExpectedDateRepository(db.orm),
    transactions,
    config: config.institutions,
    now,
  });
  const institutions = createInstitutionsService({
    directory: createDirectoryRepository(db.orm),
    requests: createRequestsRepository(db.orm),
    reference,
    transactions: {
      reportContext: (txnId) => transactions.reportContext(txnId),
      opsSourceTarget: (...args) => transactions.opsSourceTarget(...args),
      // Withdrawing `contact_institutions` (or `verify`) ends the consent to contact (ADR 0049).
      contactConsent: async (txnId) => {
        const profileId = (await transactions.reportContext(txnId))?.snap.txn.profileId;
        const grants = profileId ? await privacy.grantsOf(profileId, txnId) : {};
        if (grants.contact_institutions === false || grants.verify === false) return null;
        return transactions.contactConsent(txnId);
      },
    },
    ops,
    files,
    auth: opsAuth,
    mailer,
    keys: { institutions: keys.institutions, otp: keys.otp },
    config: config.institutions,
    resendAfterSeconds: config.otpResendAfterSeconds ?? OTP.resendAfterSeconds,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
    // After the request's or answer's own commit: a failure here must not turn a saved answer into an
    // error the responder retries (a retry would be a second answer), so it is logged, not thrown.
    onRequestChanged: async (txnId) => {
      await expectedDates.refreshExpectedDate(txnId).catch((error: unknown) => {
        app.log.warn({ err: error, txnId }, 'expected date not refreshed');
      });
    },
    kick: institutionMail.kick,
    disclose,
  });
  // Organisations, forms and staff accounts (ADR 0029); every change audited in its own transaction.
  const admin = createAdminService({
    repo: createAdminRepository(db.orm),
    audit: (entry, within) => opsAuth.audit(entry, within),
    configs: () => forms.allConfigs(),
    partnerOrgIds: config.partnerOrgIds,
    // Transaction snapshots embed their form and organisation rows.
    onCatalogueChanged: () => txnCache.clear(),
    now,
  });

  // The portal owner's settings (issue 28, ADR 0047): the integration and admin services, reused.
  const orgSettings = createOrgSettingsService({
    repo: createOrgSettingsRepository(db.orm),
    integration,
    admin,
    audit: (entry) => orgAuth.audit(entry),
    onBrandingChanged: () => txnCache.clear(),
    now,
  });

  // Withdrawing consent (issue 29, ADR 0049): the ledger entry, then its effects in the modules.
  const withdrawals = createWithdrawalService({
    repo: privacyRepo,
    now,
    effects: {
      requestOf: (profileId, txnId) => transactions.privacyRequest(profileId, txnId),
      stopRequest: (profileId, txnId) => transactions.stopForWithdrawal(profileId, txnId),
      withdrawInstitutionRequests: (txnId) => institutions.requests.withdrawForTxn(txnId),
      removeCredentials: (profileId, txnId) => credentials.removeForWithdrawal(profileId, txnId),
    },
  });
  consentGate.bind({
    hasConsented: async (profileId, txnId) => requiredGranted(await privacy.grantsOf(profileId, txnId)),
  });
  // The notice a candidate reads before a form starts, and their answer (issue 29).
  const consent = createConsentService({
    repo: privacyRepo,
    subject: (profileId, ref) => transactions.noticeSubject(profileId, ref),
    profileLanguage: (profileId) => profiles.language(profileId),
    // The notice states the periods this installation keeps (RETENTION_*_DAYS), not the defaults.
    retentionDays: config.retention,
    grievance: config.grievanceOfficer,
    now,
  });
  channelConsent.bind(consent);
  // The breach register and its notices to the people affected, by SMS, by their job.
  const breaches = createBreachService({
    repo: createBreachRepository(db.orm),
    sender,
    officer: config.grievanceOfficer,
    now,
    log: app.log,
    onQueued: () => signals.emit('breach-notices-queued'),
  });

  // Correction requests and grievance tickets (issue 29, ADR 0049): the candidate hears of the answer
  // through the notifications, in their language, in the answer's transaction.
  const privacyRequests = createPrivacyRequestsService({
    repo: createPrivacyRequestsRepository(db.orm),
    officer: config.grievanceOfficer,
    now,
    notifyAnswered: async (scope, notice) => {
      await notifications.notify(scope, notice.profileId, {
        message: notice.kind === 'correction' ? 'privacy.correction_answered' : 'privacy.grievance_answered',
        params: { reference: notice.reference },
        link: notice.kind === 'correction' ? '/privacy/correction' : '/privacy/grievance',
      });
    },
  });

  // The right to erasure (issue 29, ADR 0049): each module's part through its port, run by the job.
  const erasureRepo = createErasureRepository(db.orm);
  const erasure = createErasureService({
    repo: erasureRepo,
    ports: createErasurePorts({
      orm: db.orm,
      storage,
      sender,
      outbox,
      liveSessions,
      profileCache,
      txnCache,
      removeResumableUpload: (id) => removeResumable(resumableStore, id),
    }),
    now,
    log: app.log,
    onQueued: () => signals.emit('erasure-queued'),
    beforeMinor: (candidate) => minorsGate.get().finish(candidate),
  });

  // The candidate's data export (issue 29, ADR 0049 "Export"): each module's part through its port.
  const dataExport = createExportService({
    repo: createExportRepository(db.orm),
    ledger: privacyRepo,
    erasures: erasureRepo,
    ports: createExportPorts({ orm: db.orm, storage }),
    now,
    log: app.log,
  });

  // Payments (issue 13, ADR 0023): the embedded sandbox gateway unless a region is set to another.
  const sandbox = config.payments.sandboxSecret
    ? createSandboxGateway({
        repo: createSandboxRepository(db.orm),
        secret: config.payments.sandboxSecret,
        publicUrl: config.publicUrl,
        now,
        // Delivered to our own webhook route through the whole HTTP stack (signature, parser, envelope).
        post: async (payload, headers) =>
          (await app.inject({ method: 'POST', url: GATEWAY_PATHS.webhook('sandbox'), payload, headers }))
            .statusCode,
        onQueued: () => signals.emit('sandbox-webhook-queued'),
      })
    : null;
  if (config.nodeEnv === 'production' && sandbox)
    for (const [region, provider] of Object.entries({
      IN: config.payments.providerIn,
      INTL: config.payments.providerIntl,
    }))
      if (provider.startsWith('sandbox'))
        app.log.warn(`PAYMENT_PROVIDER_${region} is the sandbox gateway: candidates there pay nothing`);
  // The adapters whose keys are set (ADR 0024); PAYMENT_PROVIDER_IN/INTL pick one per region.
  const epochMs = () => now().getTime();
  const { razorpay, cashfree, stripe } = config.payments;
  const adapters: PaymentGateway[] = [
    ...(razorpay ? [createRazorpayGateway(razorpay)] : []),
    ...(cashfree ? [createCashfreeGateway(cashfree, { publicUrl: config.publicUrl, now: epochMs })] : []),
    ...(stripe ? [createStripeGateway(stripe, { now: epochMs })] : []),
  ];
  const gateways = createPaymentGateways(
    [...(sandbox ? [sandbox] : []), ...adapters, ...(deps.paymentGateways ?? [])],
    {
      IN: config.payments.providerIn,
      INTL: config.payments.providerIntl,
    },
  );
  // Organisations' billing (issue 28, ADR 0047): usage, credits through the same gateways, invoices.
  const orgBilling = createOrgBillingService({
    repo: createOrgBillingRepository(db.orm),
    gateways,
    supplier: config.invoiceSupplier,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
  });
  orgUsage.bind(orgBilling.usageCharge);
  const payments = createPaymentsService({
    repo: createPaymentsRepository(db.orm),
    gateways,
    transactions,
    profiles,
    audit: opsAuth,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
    onPaymentEvent: (scope, event, at) => notifications.onPaymentEvent(scope, event, at),
    onOtherPayment: (providers, gatewayOrderId) => orgBilling.onGatewayPayment(providers, gatewayOrderId),
  });
  paymentGuard.bind(payments.guard);

  // Minors (ADR 0049 "Minors": refused): the identity paths' check of the verified date of birth.
  const minors = createMinorsService({
    ledger: privacyRepo,
    erasures: erasureRepo,
    erasure,
    effects: {
      requestOf: (profileId, txnId) => transactions.privacyRequest(profileId, txnId),
      stopRequest: (profileId, txnId) => transactions.stopForMinor(profileId, txnId),
      refundInFull: (txnId) => payments.refundTransactionInFull(txnId, MINOR_REFUND_REASON, 'system:minors'),
      leftToRefund: (txnId) => payments.leftToRefund(txnId),
    },
    now,
    log: app.log,
  });
  minorsGate.bind(minors);
  // Nomination (issue 29, DPDP Act s. 14): the candidate's nominee; the team reads the current one.
  const nominations = createNominationService({
    repo: createNominationRepository(db.orm),
    ownMobile: async (profileId) => (await profiles.findIdentity(profileId))?.mobile ?? null,
    now,
  });

  // Support chat (ADR 0032): the candidate's own conversation; the team's inbox under /api/ops/support.
  const support = createSupportService({
    repo: createSupportRepository(db.orm),
    hashKey: config.support.chatHashSecret ?? deriveChatHashKey(keys.jwt),
    now,
    audit: (entry) => opsAuth.audit(entry),
  });
  const geo = createGeoService(deps.geo ?? createOfflineGeoProviders(), API_PATHS.files.mapImage);
  // The organisation portal's candidates (issue 28, ADR 0047): invitations through the integration
  // API's creation, bulk files sent by their job, the dashboard's reads.
  const orgCandidates = createOrgCandidatesService({
    repo: createOrgCandidatesRepository(db.orm),
    createTransaction: (orgId, body, key) => integration.createTransactionFor(orgId, body, key),
    reportPdf: (txnId) => reports.opsPdf(txnId),
    sender,
    mailer,
    now,
    log: app.log,
    onBatchQueued: () => signals.emit('invite-batch-queued'),
    // A download has no database transaction of its own: the disclosure is written alone, first.
    disclose: (record) => disclose(db.orm, record),
  });
  orgInvitations.bind(orgCandidates);
  // The organisation's e-mails (issue 28): the bucket moves the transactions module records, made into
  // mails under the organisation's settings by their job.
  const orgNotifications = createOrgNotificationsService({
    repo: createOrgNotificationsRepository(db.orm),
    moves: createBucketMovesRepository(db.orm),
    settings: (orgId) => orgSettings.notificationSettings(orgId),
    digestOrgIds: () => orgSettings.digestOrgIds(),
    caseNames: (txnIds) => ops.caseNames(txnIds),
    ownerEmails: (orgId) => orgAuth.ownerEmails(orgId),
    orgName: (orgId) => orgAuth.orgName(orgId),
    bucketCounts: async (orgId) => {
      const counts: Partial<Record<string, number>> = {};
      for (const form of await orgCandidates.forms(orgId))
        for (const [bucket, n] of Object.entries(form.counts)) counts[bucket] = (counts[bucket] ?? 0) + n;
      return counts;
    },
    mailer,
    portalUrl: `${config.publicUrl}${ORG_BASE}`,
    digestHourIst: config.orgDigestHourIst,
    now,
    log: app.log,
  });
  stateChanges.assertComplete();

  // The retention schedule (ADR 0049): each owning module's purge, the privacy module's daily job.
  const notificationsRepo = createNotificationsRepository(db.orm);
  const supportRepo = createSupportRepository(db.orm);
  const opsAuthRepo = createOpsAuthRepository(db.orm);
  const orgAuthRepo = createOrgAuthRepository(db.orm);
  const outboxRepo = createOutboxRepository(db.orm);
  const retention = createRetentionService({
    repo: createRetentionRepository(db.orm),
    schedule: config.retention,
    ledger: privacy,
    purgers: {
      // Files of requests closed before the cutoff: the storage object, then the row.
      uploaded_documents: async (cutoff, batch) => {
        const total = { rows: 0, objects: 0 };
        let after: string | null = null;
        for (;;) {
          const txnIds = await transactionsRepo.closedBefore(cutoff, after, 500);
          if (txnIds.length === 0) break;
          for (;;) {
            const gone = await filesRepo.purgeOfTransactions(txnIds, batch, (key) => storage.delete(key));
            total.rows += gone.rows;
            total.objects += gone.objects;
            if (gone.rows < batch) break;
          }
          if (txnIds.length < 500) break;
          after = txnIds.at(-1)!;
        }
        return total;
      },
      // Documents pulled from DigiLocker or API Setu: the file (object, then row), then the pull's XML and
      // field values; the pull stays as the audit row (who, what, when, which fields matched).
      pulled_documents: async (cutoff, batch) => {
        const total = { rows: 0, objects: 0 };
        for (;;) {
          const pulls = await sourcesRepo.pullsHoldingDocumentsBefore(cutoff, batch);
          const fileIds = pulls.flatMap((p) => (p.fileId ? [p.fileId] : []));
          const gone = await filesRepo.purgeByIds(fileIds, (key) => storage.delete(key));
          for (const pull of pulls) await sourcesRepo.clearPulledDocument(pull.id, pull.comparison);
          total.rows += pulls.length;
          total.objects += gone.objects;
          if (pulls.length < batch) return total;
        }
      },
      // The e-KYC photo and address; the name, date of birth and last 4 digits stay as the result.
      aadhaar_data: drainRows((cutoff, batch) => profileRepo.purgeKycPhotoAddressBefore(cutoff, batch)),
      // Answers, verification data, reports and credentials of requests closed before the cutoff.
      results: createResultsPurger({
        orm: db.orm,
        storage,
        now,
        invalidate: (txnId) => txnCache.invalidate(txnId),
      }),
      support_chat: drainRows((cutoff, batch) => supportRepo.purgeQuietBefore(cutoff, batch)),
      // Notifications with their SMS / e-mail copies, and the dev outbox's messages.
      messages: async (cutoff, batch) => {
        const notified = await drainRows((c, b) => notificationsRepo.purgeSentBefore(c, b))(cutoff, batch);
        const sent = await drainRows((c, b) => outboxRepo.purgeBefore(c, b))(cutoff, batch);
        return { rows: notified.rows + sent.rows, objects: 0 };
      },
      access_logs: async (cutoff, batch) => {
        const ops = await drainRows((c, b) => opsAuthRepo.purgeAuditBefore(c, b))(cutoff, batch);
        const org = await drainRows((c, b) => orgAuthRepo.purgeAuditBefore(c, b))(cutoff, batch);
        return { rows: ops.rows + org.rows, objects: 0 };
      },
    },
    now,
    log: app.log,
  });

  return {
    signals,
    outbox,
    storage,
    analyser,
    filesRepo,
    resumableUploads,
    sessions,
    auth,
    profiles,
    notifications,
    credentials,
    forms,
    reference,
    files,
    nameChanges,
    transactions,
    integration,
    reports,
    evaluation,
    aadhaar,
    passport,
    issuerSources,
    digilockerSandbox,
    sources,
    institutions,
    institutionMail,
    expectedDates,
    opsAuth,
    orgAuth,
    ops,
    admin,
    orgSettings,
    sandbox,
    payments,
    orgBilling,
    support,
    geo,
    orgCandidates,
    orgNotifications,
    privacy,
    withdrawals,
    consent,
    breaches,
    retention,
    erasure,
    dataExport,
    privacyRequests,
    minors,
    nominations,
  };
}
