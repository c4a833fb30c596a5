import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { GATEWAY_PATHS, API_PATHS, REPORT_PATHS, SERVICE_BASES, formLinkPath } from '@veridocs/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seed } from './db/seed.js';
import { REFERENCE_ALIASES } from './db/seed-data/reference-data.js';
import { AppError } from './errors.js';
import { createReadCache, disabledReadCache } from './lib/read-cache.js';
import { registerAuth } from './http/auth-guard.js';
import { registerDocs } from './http/docs.js';
import { registerErrorHandler } from './http/error-handler.js';
import { badInput, badJsonReason, frameworkErrors, registerInputGuard } from './http/input-guard.js';
import { logSerializers } from './lib/log-serializers.js';
import { registerPartnerOrgGuard } from './http/partner-org.js';
import { createFallbackStore, waitForRedis } from './http/rate-limit-store.js';
import { createSecurityHeaders } from './http/security.js';
import {
  limitConnectionsPerIp,
  limitRequestsPerClient,
  registerBodyDeadlines,
  serverTimeouts,
} from './http/slow-clients.js';
import { registerSpaAndNotFound } from './http/spa.js';
import { systemClock, type Clock } from './lib/clock.js';
import { authRouter } from './modules/auth/auth-router.js';
import { createAuthService } from './modules/auth/auth-service.js';
import { createOtpRepository } from './modules/auth/otp-repository.js';
import { createOtpService } from './modules/auth/otp-service.js';
import { SESSIONS_CHANNEL, createSessionRepository } from './modules/auth/session-repository.js';
import { createSessionService } from './modules/auth/session-service.js';
import { aadhaarProfileRouter, aadhaarRouter } from './modules/aadhaar/aadhaar-router.js';
import { createAadhaarRepository } from './modules/aadhaar/aadhaar-repository.js';
import { createAadhaarService } from './modules/aadhaar/aadhaar-service.js';
import { devRouter } from './modules/dev/dev-router.js';
import { createDevService } from './modules/dev/dev-service.js';
import { createHealthRepository } from './modules/health/health-repository.js';
import { healthRouter } from './modules/health/health-router.js';
import { createFormsRepository } from './modules/forms/forms-repository.js';
import { formsRouter } from './modules/forms/forms-router.js';
import { createFormsService } from './modules/forms/forms-service.js';
import { orgAssetsRouter } from './modules/orgs/orgs-router.js';
import { createProfileRepository } from './modules/profile/profile-repository.js';
import { profileRouter } from './modules/profile/profile-router.js';
import { createProfileService } from './modules/profile/profile-service.js';
import { createSecretsRepository } from './modules/secrets/secrets-repository.js';
import { loadInstallationId, loadServerKeys } from './modules/secrets/secrets-service.js';
import { createReferenceRepository } from './modules/reference/reference-repository.js';
import { referenceRouter } from './modules/reference/reference-router.js';
import { createReferenceService } from './modules/reference/reference-service.js';
import { createTransactionsRepository } from './modules/transactions/transactions-repository.js';
import { transactionsRouter } from './modules/transactions/transactions-router.js';
import { createTransactionsService } from './modules/transactions/transactions-service.js';
import type { StateChangeHook, TransactionSnapshot } from './modules/transactions/transactions-repository.js';
import { nameChangeRouter } from './modules/name-change/name-change-router.js';
import { createNameChangeRepository } from './modules/name-change/name-change-repository.js';
import { createNameChangeService } from './modules/name-change/name-change-service.js';
import { createCredentialsRepository } from './modules/credentials/credentials-repository.js';
import {
  credentialsOpsRouter,
  credentialsRouter,
  issuerRouter,
} from './modules/credentials/credentials-router.js';
import { createCredentialsService } from './modules/credentials/credentials-service.js';
import { createIssuerKey } from './modules/credentials/issuer.js';
import { createOcrWorker } from './jobs/ocr-worker.js';
import { createOrphanSweep } from './jobs/orphan-sweep.js';
import { createPooledAnalyser } from './modules/documents/pool/pooled-analyser.js';
import { passportRouter } from './modules/identity/passport-router.js';
import { createPassportService } from './modules/identity/passport-service.js';
import type { DocumentAnalyser } from './modules/files/analyser.js';
import { createFilesRepository } from './modules/files/files-repository.js';
import { fileLinksRouter, filesRouter } from './modules/files/files-router.js';
import { createFilesService } from './modules/files/files-service.js';
import { createUploadLimiter } from './modules/files/upload-limits.js';
import {
  RATE_LIMIT_NAMESPACE,
  createMemoryCounterStore,
  createRedisCounterStore,
} from './lib/counter-store.js';
import { createLinkSigner, deriveLinkKey } from './modules/files/signed-links.js';
import { geoRouter, mapImageRouter } from './modules/geo/geo-router.js';
import { createGeoService, createOfflineGeoProviders, type GeoProviders } from './modules/geo/geo-service.js';
import { createStorage, type Storage } from './storage/index.js';
import { createOutboxRepository } from './providers/outbox/outbox-repository.js';
import { createMessageSender, type MessageSender } from './providers/sms/index.js';
import { createMailSender, type MailSender } from './providers/mail/index.js';
import { createSandboxDirectory, type EvaluationDirectory } from './providers/evaluation/index.js';
import { createEvaluationRepository } from './modules/evaluation/evaluation-repository.js';
import { evaluationRouter } from './modules/evaluation/evaluation-router.js';
import { createEvaluationService } from './modules/evaluation/evaluation-service.js';
import { createAadhaarProvider, type AadhaarProvider } from './providers/aadhaar/index.js';
import { seedDevStaff } from './modules/ops-auth/dev-staff.js';
import { createOpsAuthRepository } from './modules/ops-auth/ops-auth-repository.js';
import { opsAuthRouter } from './modules/ops-auth/ops-auth-router.js';
import { createOpsAuthService } from './modules/ops-auth/ops-auth-service.js';
import { registerOpsAuth } from './modules/ops-auth/ops-guard.js';
import { opsRouter } from './modules/ops/ops-router.js';
import { createIntegrationRepository } from './modules/integration/integration-repository.js';
import { integrationOpsRouter, integrationRouter } from './modules/integration/integration-router.js';
import {
  createIntegrationService,
  deriveWebhookSecretKey,
} from './modules/integration/integration-service.js';
import { createOpsRepository } from './modules/ops/ops-repository.js';
import { createOpsService, deriveSearchAuditKey } from './modules/ops/ops-service.js';
import { createAdminRepository } from './modules/admin/admin-repository.js';
import { adminRouter, orgLogoRouter } from './modules/admin/admin-router.js';
import { createAdminService } from './modules/admin/admin-service.js';
import {
  createNotificationsRepository,
  NOTIFICATIONS_CHANNEL,
} from './modules/notifications/notifications-repository.js';
import {
  notificationsRouter,
  notificationStreamRouter,
} from './modules/notifications/notifications-router.js';
import {
  createNotificationsService,
  deriveStreamTokenKey,
  type NotificationsService,
} from './modules/notifications/notifications-service.js';
import { createJobLoop } from './jobs/job-loop.js';
import { createPaymentsRepository } from './modules/payments/payments-repository.js';
import {
  paymentsOpsRouter,
  paymentsRouter,
  paymentWebhooksRouter,
} from './modules/payments/payments-router.js';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments-service.js';
import type { PaymentGateway } from './providers/payments/gateway.js';
import { createCashfreeGateway } from './providers/payments/cashfree.js';
import { createPaymentGateways } from './providers/payments/index.js';
import { createRazorpayGateway } from './providers/payments/razorpay.js';
import { createStripeGateway } from './providers/payments/stripe.js';
import { createSandboxGateway, type SandboxGateway } from './providers/payments/sandbox.js';
import { sandboxCheckoutRouter } from './providers/payments/sandbox-checkout.js';
import {
  PARTNER_DEV_SECRET,
  createWebhookReportDelivery,
  type ReportDelivery,
} from './providers/report-delivery/index.js';
import { PARTNERS } from './providers/evaluation/index.js';
import { createDevPartnerInbox } from './modules/reports/dev-partner-inbox.js';
import { createReportsRepository } from './modules/reports/reports-repository.js';
import {
  devPartnerInboxRouter,
  reportsOpsRouter,
  reportsPublicRouter,
} from './modules/reports/reports-router.js';
import { createReportsService } from './modules/reports/reports-service.js';
import { createSandboxRepository } from './providers/payments/sandbox-repository.js';
import { registerMetrics } from './http/metrics.js';
import { createOtelTracing, plainTracing, type RequestTrace } from './lib/tracing.js';
import { analyticsRouter } from './modules/analytics/analytics-router.js';
import { createMetricsRepository } from './modules/metrics/metrics-repository.js';
import { createSupportRepository } from './modules/support/support-repository.js';
import { supportOpsRouter, supportRouter } from './modules/support/support-router.js';
import { createSupportService, deriveChatHashKey } from './modules/support/support-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** One pass of each payments job, for tests and tools (the loops run them with PAYMENT_JOBS=on). */
    paymentJobs: {
      reconcileOnce(): Promise<number>;
      deliverSandboxWebhookOnce(): Promise<boolean>;
      payments: PaymentsService;
      sandbox: SandboxGateway | null;
    };
    /** One pass of the organisations' webhook delivery (the loop runs it with WEBHOOK_JOBS=on). */
    integrationJobs: { deliverOnce(): Promise<boolean> };
    /** One pass of the verification reports' job (the loop runs it with REPORT_JOBS=on). */
    reportJobs: { runOnce(): Promise<boolean> };
    /** The notifications service (tests: SMS delivery passes, `notify`, open streams). */
    notifications: NotificationsService;
  }
}

export interface AppDeps {
  /** An open database; the caller closes it. Without it the app opens (and closes) its own. */
  db?: Database;
  /** The clock of every time-dependent rule (tests move it). */
  now?: Clock;
  /** Replaces the configured SMS/WhatsApp provider. */
  sender?: MessageSender;
  /** Replaces the configured e-mail provider. */
  mailer?: MailSender;
  /** Replaces the evaluation-partner directory (the embedded sandbox). */
  evaluationDirectory?: EvaluationDirectory;
  /** Replaces the pino logger built from LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** Replaces the document checks and OCR (tests pass a stand-in). */
  analyser?: DocumentAnalyser;
  /** Replaces the configured file storage. */
  storage?: Storage;
  /** Replaces the offline geocoding, map image and country-by-IP providers. */
  geo?: GeoProviders;
  /** Replaces the configured Aadhaar provider. */
  aadhaar?: AadhaarProvider;
  /** More payment gateways (adapters, or a test's stand-in), beside the embedded sandbox. */
  paymentGateways?: PaymentGateway[];
  /** Replaces how verification reports reach the evaluation partners (signed webhooks by default). */
  reportDelivery?: ReportDelivery;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's W3C trace context (lib/tracing.ts); its ids are in every log line of the request. */
    trace: RequestTrace;
  }
}

/** Builds the whole server (API, docs, SPA) on a migrated, seeded database; ready, not listening. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const now = deps.now ?? systemClock;
  // OpenTelemetry is loaded only when an OTLP endpoint is configured (ADR 0032).
  const tracing = config.observability.otel
    ? await createOtelTracing(config.observability.otel)
    : plainTracing;
  // Made once per request, before its logger (which carries the ids) and its hooks (which answer them).
  const traces = new WeakMap<object, RequestTrace>();
  const traceOf = (raw: { method?: string | undefined; headers: Record<string, unknown> }): RequestTrace => {
    let trace = traces.get(raw);
    if (!trace) {
      trace = tracing.start(`${raw.method ?? 'GET'}`, raw.headers.traceparent as string | undefined);
      traces.set(raw, trace);
    }
    return trace;
  };
  const base = Fastify({
    // Errors are logged without SQL parameters or row values (lib/log-serializers.ts), also by a
    // logger a caller passes in.
    ...(deps.logger
      ? { loggerInstance: deps.logger.child({}, { serializers: logSerializers }) }
      : {
          logger: {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: logSerializers,
          },
        }),
    genReqId: () => randomUUID(),
    childLoggerFactory: (logger, bindings, options, raw) => {
      const trace = traceOf(raw);
      return logger.child({ ...bindings, traceId: trace.traceId, spanId: trace.spanId }, options);
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Header, request (long enough for uploads on slow phones: spec §7's client waits 10 minutes),
    // idle and keep-alive timeouts of Node's server; body deadlines per kind below.
    ...serverTimeouts(config.http),
    // A path the router cannot decode answers in the envelope (http/input-guard.ts).
    frameworkErrors,
  });
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('trace', null as unknown as RequestTrace);
  app.addHook('onRequest', (request, reply, done) => {
    request.trace = traceOf(request.raw);
    reply.header('traceparent', request.trace.traceparent);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.trace.end({
      method: request.method,
      statusCode: reply.statusCode,
      ...(request.routeOptions.url ? { route: request.routeOptions.url } : {}),
    });
    done();
  });
  if (tracing !== plainTracing) app.addHook('onClose', async () => tracing.shutdown());
  // Behind a reverse proxy every socket is the proxy's and a socket cannot show X-Forwarded-For: the
  // cap counts each client's requests in progress by request.ip there, sockets per address otherwise.
  if (config.trustProxy) limitRequestsPerClient(base, config.http.maxConnectionsPerIp);
  else limitConnectionsPerIp(base.server, config.http.maxConnectionsPerIp);

  const db =
    deps.db ??
    (await openDatabase(config.database, {
      onError: (error) => app.log.error({ err: error }, 'PostgreSQL pool error'),
    }));
  if (!deps.db) app.addHook('onClose', async () => db.close());

  try {
    await db.migrate();
    await seed(db.orm, now(), { demo: config.devTools });
    await configure(app, config, db, now, deps);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

async function configure(app: App, config: Config, db: Database, now: Clock, deps: AppDeps) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON only (a later multipart plugin adds its own parser on its routes); an empty JSON body is
  // "no body", so body-less PUT/POST calls that still send the JSON content type are accepted.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    const reason = badJsonReason(text);
    if (reason) return done(badInput('body', reason), undefined);
    // The default parser is the callback kind (it calls done and returns nothing); its type also
    // allows the promise kind, so there is no promise to wait for here.
    void parseJson(request, text, done);
  });

  // First, so that every answer (also a refused one) carries them. API answers are never cached
  // unless a route says otherwise (it sets its own cache-control later).
  const securityHeaders = createSecurityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders).header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
  // Before any hook that can refuse a request: a refused one's body must not trickle in forever.
  registerBodyDeadlines(app, config.http);
  registerInputGuard(app);
  registerErrorHandler(app);
  registerPartnerOrgGuard(app, config.partnerOrgIds);
  const redis = config.rateLimit.redisUrl
    ? new Redis(config.rateLimit.redisUrl, {
        connectTimeout: 2_000,
        commandTimeout: 1_000,
        maxRetriesPerRequest: 1,
        // Fail at once while disconnected: the store then counts in memory (http/rate-limit-store.ts).
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : null;
  if (redis)
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      else redis.disconnect();
    });
  const rateLimitStore = redis ? createFallbackStore(redis, app.log, RATE_LIMIT_NAMESPACE) : undefined;
  if (redis) await waitForRedis(redis, 2_000);
  await app.register(fastifyRateLimit, {
    global: false,
    // Counters shared by every instance through Redis when configured; while Redis is unreachable,
    // counted in this process rather than not at all (issue 9 §5).
    ...(rateLimitStore ? { store: rateLimitStore } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', undefined, { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  await registerDocs(app);

  // Services, wired once. Modules reach each other through services only.
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
  // ADR 0005: in-process only on the embedded database this process owns; on PostgreSQL invalidated
  // across instances through LISTEN/NOTIFY, with a time limit as a backstop for a lost message.
  const readCache = <K, V>(namespace: string, max: number) => {
    if (db.exclusive) return createReadCache<K, V>(max);
    if (db.cacheBus)
      return createReadCache<K, V>(max, { bus: { bus: db.cacheBus, namespace }, ttlMs: 60_000 });
    return disabledReadCache<K, V>();
  };
  const profileRepo = createProfileRepository(db.orm, readCache('profile', 10_000));
  const sessions = createSessionService({
    repo: createSessionRepository(db.orm, readCache('session', 10_000)),
    key: keys.jwt,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    linkTtlSeconds: config.ssoTtlSeconds,
    now,
    findIdentity: (id) => profiles.findIdentity(id),
  });
  const otp = createOtpService({
    repo: createOtpRepository(db.orm),
    sender,
    key: keys.otp,
    now,
    log: app.log,
    budget: config.otpBudget,
  });
  const profiles = createProfileService({ repo: profileRepo, otp, sessions, now });
  const auth = createAuthService({
    otp,
    sessions,
    findIdentityByMobile: (mobile) => profiles.findIdentityByMobile(mobile),
  });
  const authenticate = registerAuth(app, sessions);
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
  const counters = createMemoryCounterStore(now);
  const filesRepo = createFilesRepository(db.orm);
  const ocr = createOcrWorker({ queue: filesRepo, storage, analyser, now, log: app.log });
  const files = createFilesService({
    repo: filesRepo,
    storage,
    analyser,
    links: createLinkSigner(deriveLinkKey(keys.jwt)),
    now,
    fetch: config.fileFetch,
    log: app.log,
    limiter: createUploadLimiter(
      redis ? createRedisCounterStore(redis, counters, app.log) : counters,
      config.uploadLimits,
    ),
    onQueued: () => ocr.kick(),
  });
  // Leftovers of a crash (ADR 0009): at start, then every interval. Started before this process can take an
  // upload; the wall clock (not `now`, which tests move), as file times are.
  const sweep = createOrphanSweep({
    storage,
    // Uploads' rows and the verification reports' PDFs (ADR 0028) both name stored objects.
    index: {
      recordedKeys: async (keys) => {
        const [uploads, reportPdfs] = await Promise.all([
          filesRepo.recordedKeys(keys),
          reports.recordedKeys(keys),
        ]);
        return new Set([...uploads, ...reportPdfs]);
      },
      count: async () => (await filesRepo.count()) + (await reports.count()),
    },
    installationId: () => loadInstallationId(createSecretsRepository(db.orm)),
    log: app.log,
    ...config.fileSweep,
    exclusive: db.exclusive,
    startedAt: new Date(),
  });
  app.addHook('onReady', async () => sweep.start());
  app.addHook('preClose', async () => sweep.stop());
  // Transaction info is cached by id: the name change requests' writes invalidate it too.
  const txnCache = readCache<string, TransactionSnapshot>('txn', 10_000);
  const nameChanges = createNameChangeService({
    repo: createNameChangeRepository(db.orm, txnCache),
    files: filesRepo,
    now,
  });
  // Every module that reacts to state changes registers here; each runs inside the database
  // transaction of the change, so its effect exists iff the change committed (ADR 0025).
  const stateChangeHooks: StateChangeHook[] = [
    // The organisations' webhooks.
    (scope, changes, at) => integration.enqueue(scope, changes, at),
    // The wallet: a COMPLETED verification's credential (ADR 0031).
    (scope, changes, at) => credentials.onStateChanges(scope, changes, at),
    // The verification report, once every verification is decided (ADR 0028).
    (scope, changes, at) => reports.enqueue(scope, changes, at),
    // The candidate's notifications (ADR 0030).
    (scope, changes, at) => notifications.onStateChanges(scope, changes, at),
  ];
  const credentials = createCredentialsService({
    repo: createCredentialsRepository(db.orm),
    issuer: await createIssuerKey(keys.issuer, config.publicUrl),
    publicUrl: config.publicUrl,
    validityDays: config.credentialValidityDays,
    now,
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
  const transactions = createTransactionsService({
    repo: createTransactionsRepository(db.orm, txnCache, async (scope, changes, at) => {
      for (const hook of stateChangeHooks) await hook(scope, changes, at);
    }),
    forms,
    profiles,
    files,
    reference,
    now,
    // The payments service is made below (it reads transactions): its checks are looked up when called.
    payments: {
      afterCandidateWrite: (scope, txn, records) => payments.guard.afterCandidateWrite(scope, txn, records),
      assertPaidFor: (scope, locked) => payments.guard.assertPaidFor(scope, locked),
    },
  });
  const integration = createIntegrationService({
    repo: createIntegrationRepository(db.orm),
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
  });
  app.decorate('integrationJobs', { deliverOnce: () => integration.deliverOnce() });
  if (config.integration.webhookJobs) {
    const webhookLoop = createJobLoop({
      name: 'org-webhooks',
      runOnce: () => integration.deliverOnce(),
      pollMs: 5_000,
      log: app.log,
    });
    app.addHook('onReady', async () => webhookLoop.start());
    app.addHook('preClose', async () => webhookLoop.stop());
  }
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
    publicUrl: config.publicUrl,
    now,
    log: app.log,
    // The candidate hears that the report went, and to whom (issue 15), with the delivery's commit.
    onSent: (scope, sent) =>
      notifications
        .notify(scope, sent.profileId, {
          message: 'report.sent',
          params: { org: sent.partnerName },
          // The form home, where the report's line says where and when it went.
          link: formLinkPath(sent.orgId, sent.formId, sent.txnId),
        })
        .then(() => undefined),
  });
  app.decorate('reportJobs', { runOnce: () => reports.runOnce() });
  if (config.reports.jobs) {
    const reportLoop = createJobLoop({
      name: 'verification-reports',
      runOnce: () => reports.runOnce(),
      pollMs: 5_000,
      log: app.log,
    });
    reports.onKick(() => reportLoop.kick());
    app.addHook('onReady', async () => reportLoop.start());
    app.addHook('preClose', async () => reportLoop.stop());
  }
  const mailer = deps.mailer ?? createMailSender(config.email, outbox, now);
  if (!deps.mailer && !config.email && !outbox)
    app.log.warn('No SMTP server (SMTP_HOST, SMTP_FROM) and dev tools are off: e-mail OTPs cannot be sent');
  // Notifications (issue 15, ADR 0030): rows written in the event's database transaction, announced
  // at commit on a NOTIFY channel to every instance's open streams, copied to SMS by the job loop.
  let kickNotificationDelivery = () => undefined as void;
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(db.orm),
    tokenKey: deriveStreamTokenKey(keys.jwt),
    sender,
    mailer,
    now,
    log: app.log,
    onQueued: () => kickNotificationDelivery(),
    isSessionLive: (sessionId) => sessions.isLive(sessionId),
    rememberLanguage: (profileId, language) => profiles.rememberLanguage(profileId, language),
  });
  app.decorate('notifications', notifications);
  let stopListening = () => undefined as void;
  let stopListeningSessions = () => undefined as void;
  app.addHook('onReady', async () => {
    stopListening = db.listen(
      NOTIFICATIONS_CHANNEL,
      (payload) =>
        void notifications
          .announce(payload)
          .catch((error: unknown) => app.log.warn({ err: error }, 'notification not pushed')),
      () => notifications.resync(),
    );
    // A candidate's logout or revoked session ends its live streams on every instance (ADR 0030).
    stopListeningSessions = db.listen(
      SESSIONS_CHANNEL,
      (sessionId) => notifications.endSession(sessionId),
      () =>
        void notifications
          .recheckSessions()
          .catch((error: unknown) => app.log.warn({ err: error }, 'notification streams not re-checked')),
    );
  });
  app.addHook('onClose', async () => {
    stopListening();
    stopListeningSessions();
  });
  if (config.notifications.jobs) {
    const notificationLoop = createJobLoop({
      name: 'notification-deliveries',
      runOnce: () => notifications.deliverOnce(),
      pollMs: 5_000,
      log: app.log,
    });
    kickNotificationDelivery = () => notificationLoop.kick();
    app.addHook('onReady', async () => notificationLoop.start());
    app.addHook('preClose', async () => notificationLoop.stop());
  }
  const evaluation = createEvaluationService({
    repo: createEvaluationRepository(db.orm),
    directory: deps.evaluationDirectory ?? createSandboxDirectory(),
    mailer,
    transactions,
    lookups: redis ? createRedisCounterStore(redis, counters, app.log) : counters,
    key: keys.otp,
    now,
    log: app.log,
  });
  if (!deps.aadhaar && config.aadhaar.kind === 'sandbox' && !outbox)
    app.log.warn('AADHAAR_PROVIDER is the sandbox and dev tools are off: Aadhaar OTPs cannot be delivered');
  const aadhaar = createAadhaarService({
    repo: createAadhaarRepository(db.orm),
    provider: deps.aadhaar ?? createAadhaarProvider(config.aadhaar, outbox, now),
    key: keys.aadhaar,
    refuseRepeats: config.aadhaar.refuseRepeats,
    profiles,
    transactions,
    now,
    log: app.log,
  });
  const passport = createPassportService({ analyser, files, transactions, now });
  if (config.ocrWorker) {
    app.addHook('onReady', async () => ocr.start());
    app.addHook('preClose', async () => ocr.stop());
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
  const requireOpsRole = registerOpsAuth(app, opsAuth);
  const ops = createOpsService({
    repo: createOpsRepository(db.orm),
    transactions,
    files,
    auth: opsAuth,
    searchKey: deriveSearchAuditKey(keys.ops),
    configs: () => forms.allConfigs(),
    now,
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

  // Payments (issue 13, ADR 0023): the embedded sandbox gateway unless a region is set to another.
  let kickDelivery = () => undefined as void;
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
        onQueued: () => kickDelivery(),
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
  });
  const reconcile = () => payments.reconcileOnce(config.payments.reconcileAfterMs);
  const deliverSandboxWebhookOnce = async () => (sandbox ? sandbox.deliverOnce() : false);
  app.decorate('paymentJobs', { reconcileOnce: reconcile, deliverSandboxWebhookOnce, payments, sandbox });
  if (config.payments.jobs) {
    const reconcileLoop = createJobLoop({
      name: 'payment-reconcile',
      runOnce: async () => (await reconcile()) > 0,
      pollMs: config.payments.reconcileIntervalMs,
      log: app.log,
    });
    const deliveryLoop = createJobLoop({
      name: 'sandbox-webhooks',
      runOnce: deliverSandboxWebhookOnce,
      pollMs: 5_000,
      log: app.log,
    });
    kickDelivery = () => deliveryLoop.kick();
    app.addHook('onReady', async () => {
      reconcileLoop.start();
      deliveryLoop.start();
    });
    app.addHook('preClose', async () => {
      await Promise.all([reconcileLoop.stop(), deliveryLoop.stop()]);
    });
  }

  // Support chat (ADR 0032): the candidate's own conversation; the team's inbox under /api/ops/support.
  const support = createSupportService({
    repo: createSupportRepository(db.orm),
    hashKey: config.support.chatHashSecret ?? deriveChatHashKey(keys.jwt),
    now,
    audit: (entry) => opsAuth.audit(entry),
  });
  if (config.observability.metrics.enabled) {
    const metricsRepo = createMetricsRepository(db.orm);
    registerMetrics(app, {
      token: config.observability.metrics.token,
      queueDepths: () => metricsRepo.queueDepths(),
    });
  }
  await app.register(analyticsRouter, { enabled: config.observability.analyticsIngest });

  await app.register(healthRouter, { repo: createHealthRepository(db.orm), kind: db.kind });
  await app.register(orgAssetsRouter);
  if (outbox) await app.register(devRouter, { dev: createDevService(outbox), publicUrl: config.publicUrl });
  await app.register(
    async (wallet) => {
      await wallet.register(authRouter, { auth, sessions, rateLimit: config.rateLimit });
      await wallet.register(profileRouter, { profiles, authenticate, rateLimit: config.rateLimit });
      await wallet.register(aadhaarProfileRouter, { profiles, authenticate });
      await wallet.register(credentialsRouter, { credentials, files, authenticate });
      await wallet.register(supportRouter, { support, authenticate });
    },
    { prefix: SERVICE_BASES.webWallet },
  );
  await app.register(
    async (verification) => {
      await verification.register(formsRouter, { forms, authenticate });
      await verification.register(transactionsRouter, { transactions, authenticate });
      await verification.register(evaluationRouter, {
        evaluation,
        authenticate,
        rateLimit: config.rateLimit,
      });
      await verification.register(aadhaarRouter, { aadhaar, authenticate, rateLimit: config.rateLimit });
      await verification.register(passportRouter, { passport, authenticate });
      await verification.register(nameChangeRouter, { nameChanges, authenticate });
      // SERVICE_BASES.payment is the verification v1 base (spec §7).
      await verification.register(paymentsRouter, { payments, authenticate });
    },
    { prefix: SERVICE_BASES.verificationV1 },
  );
  await app.register(opsAuthRouter, { auth: opsAuth, requireOpsRole, rateLimit: config.rateLimit });
  await app.register(opsRouter, { ops, requireOpsRole });
  await app.register(paymentsOpsRouter, { payments, requireOpsRole });
  await app.register(adminRouter, {
    admin,
    staff: opsAuth,
    orders: (query) => payments.opsOrders(query),
    audit: (entry) => opsAuth.audit(entry),
    requireOpsRole,
  });
  await app.register(orgLogoRouter, { admin });
  await app.register(supportOpsRouter, { support, requireOpsRole });
  await app.register(paymentWebhooksRouter, { payments });
  await app.register(integrationRouter, { integration });
  await app.register(integrationOpsRouter, {
    integration,
    requireOpsRole,
    audit: (entry) => opsAuth.audit(entry),
  });
  await app.register(issuerRouter, { credentials });
  await app.register(credentialsOpsRouter, {
    credentials,
    requireOpsRole,
    audit: (entry) => opsAuth.audit(entry),
  });
  if (sandbox) await app.register(sandboxCheckoutRouter, { sandbox });
  await app.register(reportsPublicRouter, { reports });
  await app.register(reportsOpsRouter, {
    reports,
    requireOpsRole,
    audit: (entry) => opsAuth.audit(entry),
  });
  if (config.devTools)
    await app.register(devPartnerInboxRouter, {
      inbox: createDevPartnerInbox({ secret: PARTNER_DEV_SECRET, now }),
    });
  await app.register(notificationsRouter, {
    notifications,
    authenticate,
    prefix: SERVICE_BASES.notification,
  });
  await app.register(notificationStreamRouter, {
    notifications,
    heartbeatMs: config.notifications.heartbeatMs,
    maxAgeMs: config.notifications.streamMaxAgeMs,
  });
  await app.register(referenceRouter, { reference, authenticate, prefix: SERVICE_BASES.utility });
  await app.register(filesRouter, { files, authenticate, prefix: SERVICE_BASES.utility });
  await app.register(fileLinksRouter, { files });
  const geo = createGeoService(deps.geo ?? createOfflineGeoProviders(), API_PATHS.files.mapImage);
  await app.register(geoRouter, { geo, authenticate, prefix: SERVICE_BASES.utility });
  await app.register(mapImageRouter, { geo });

  await registerSpaAndNotFound(
    app,
    config.webDistDir,
    (formId, orgId) => forms.heading(formId, orgId),
    config.consoleDistDir,
  );
}
