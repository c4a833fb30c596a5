import type { Services } from '../composition/services.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { App } from '../http/platform.js';
import type { Clock } from '../lib/clock.js';
import { SESSIONS_CHANNEL } from '../modules/auth/session-repository.js';
import { NOTIFICATIONS_CHANNEL } from '../modules/notifications/notifications-repository.js';
import type { NotificationsService } from '../modules/notifications/notifications-service.js';
import type { OrgBillingService } from '../modules/org-billing/org-billing-service.js';
import type { OrgCandidatesService } from '../modules/org-candidates/org-candidates-service.js';
import type { OrgNotificationsService } from '../modules/org-settings/org-notifications-service.js';
import type { ErasureService } from '../modules/privacy/erasure-service.js';
import type { PaymentsService } from '../modules/payments/payments-service.js';
import { loadInstallationId } from '../modules/secrets/secrets-service.js';
import { createSecretsRepository } from '../modules/secrets/secrets-repository.js';
import { createStorageInstancesRepository } from '../modules/files/storage-instances-repository.js';
import type { SandboxGateway } from '../providers/payments/sandbox.js';
import { ORG_BUCKETS_CHANNEL } from '../modules/transactions/transactions-repository.js';
import type { PurgeReport } from '../modules/privacy/retention-service.js';
import { createJobLoop, type JobLoop } from './job-loop.js';
import { createOcrWorker } from './ocr-worker.js';
import { createOrphanSweep } from './orphan-sweep.js';
import { createStorageInstanceGuard } from './storage-instances.js';

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
    /** One pass of the DigiLocker token sweep (issue 26). */
    sourceJobs: { revokeLeftTokens(): Promise<number> };
    /**
     * One pass of the institution e-mail job and its halves, and a case's expected date recomputed from
     * its requests (issue 27): tests and tools.
     */
    institutionJobs: {
      runOnce(): Promise<boolean>;
      schedule(): Promise<number>;
      deliver(): Promise<boolean>;
      refreshExpectedDate(txnId: string): Promise<Date | null>;
    };
    /**
     * Organisations' billing (issue 28): one pass of the monthly invoices' job, and the service itself
     * (tests and tools).
     */
    orgBillingJobs: { issueInvoicesOnce(): Promise<number>; billing: OrgBillingService };
    /** One pass of the bulk invitation sender and the portal's candidates service (issue 28): tests. */
    orgCandidateJobs: { sendOnce(): Promise<boolean>; service: OrgCandidatesService };
    /** The organisation's notification e-mails (issue 28): one pass and its parts, for tests and tools. */
    orgNotificationJobs: OrgNotificationsService;
    /** One pass of the breach notices' sender (issue 29): tests and tools. */
    breachJobs: { deliverOnce(): Promise<boolean> };
    /** Today's retention purge (ADR 0049), null when done or in hand elsewhere: tests and tools. */
    retentionJobs: { purgeOnce(): Promise<PurgeReport | null> };
    /** One pass of the erasure job and its service (issue 29): tests and tools. */
    erasureJobs: { runOnce(): Promise<boolean>; erasure: ErasureService };
    /** One sweep of expired resumable uploads (ADR 0050): tests and tools. */
    uploadJobs: { sweepExpired(): Promise<number> };
    /** The notifications service (tests: SMS delivery passes, `notify`, open streams). */
    notifications: NotificationsService;
  }
}

/** A loop started when the app is ready and stopped before it closes. */
function runLoop(app: App, loop: JobLoop) {
  app.addHook('onReady', async () => loop.start());
  app.addHook('preClose', async () => loop.stop());
}

/**
 * The background jobs (issue 25 §2): each one's single pass decorated on the app for tests and tools,
 * its loop run when configured, woken by the signals its services emit (composition/registry.ts).
 */
export function registerBackgroundJobs(app: App, config: Config, db: Database, now: Clock, s: Services) {
  // Instances on one database must share one file store (issue 31 §3): checked first, so a refused
  // instance neither sweeps nor takes an upload. The embedded database has a single process.
  if (!db.exclusive) {
    const guard = createStorageInstanceGuard({
      registry: createStorageInstancesRepository(db.orm),
      storage: config.storage,
      log: app.log,
    });
    app.addHook('onReady', async () => guard.start());
    app.addHook('preClose', async () => guard.stop());
  }
  // Leftovers of a crash (ADR 0009): at start, then every interval. Started before this process can take an
  // upload; the wall clock (not `now`, which tests move), as file times are.
  const sweep = createOrphanSweep({
    storage: s.storage,
    // Uploads' rows and the verification reports' PDFs (ADR 0028) both name stored objects.
    index: {
      recordedKeys: async (keys) => {
        const [uploads, reportPdfs] = await Promise.all([
          s.filesRepo.recordedKeys(keys),
          s.reports.recordedKeys(keys),
        ]);
        return new Set([...uploads, ...reportPdfs]);
      },
      count: async () => (await s.filesRepo.count()) + (await s.reports.count()),
    },
    installationId: () => loadInstallationId(createSecretsRepository(db.orm)),
    log: app.log,
    ...config.fileSweep,
    exclusive: db.exclusive,
    startedAt: new Date(),
  });
  app.addHook('onReady', async () => sweep.start());
  app.addHook('preClose', async () => sweep.stop());
  // Resumable uploads left unfinished past their expiry (ADR 0050), on the orphan sweep's interval.
  const sweepResumable = () =>
    s.resumableUploads
      .sweepExpired()
      .then((removed) => removed > 0 && app.log.info({ removed }, 'Removed expired partial uploads'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'Sweeping partial uploads failed'));
  app.decorate('uploadJobs', { sweepExpired: () => s.resumableUploads.sweepExpired() });
  let resumableTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweepResumable();
    resumableTimer = setInterval(() => void sweepResumable(), config.fileSweep.intervalMs);
    resumableTimer.unref();
  });
  app.addHook('preClose', async () => clearInterval(resumableTimer));

  app.decorate('integrationJobs', { deliverOnce: () => s.integration.deliverOnce() });
  if (config.integration.webhookJobs)
    runLoop(
      app,
      createJobLoop({
        name: 'org-webhooks',
        runOnce: () => s.integration.deliverOnce(),
        pollMs: 5_000,
        log: app.log,
      }),
    );

  app.decorate('reportJobs', { runOnce: () => s.reports.runOnce() });
  if (config.reports.jobs) {
    const reportLoop = createJobLoop({
      name: 'verification-reports',
      runOnce: () => s.reports.runOnce(),
      pollMs: 5_000,
      log: app.log,
    });
    s.reports.onKick(() => reportLoop.kick());
    runLoop(app, reportLoop);
  }

  registerNotificationJobs(app, config, db, s);

  // DigiLocker tokens of sign-ins that ended without a pull are revoked (ADR 0045).
  app.decorate('sourceJobs', { revokeLeftTokens: () => s.sources.revokeLeftTokens() });
  runLoop(
    app,
    createJobLoop({
      name: 'digilocker-tokens',
      runOnce: async () => (await s.sources.revokeLeftTokens()) > 0,
      pollMs: 60_000,
      log: app.log,
    }),
  );

  // Institution requests' e-mails, reminders and escalations (issue 27): always on, as a request's
  // e-mail must go; SKIP LOCKED claims and leases make it safe on every instance.
  const { institutionMail } = s;
  app.decorate('institutionJobs', {
    runOnce: () => institutionMail.runOnce(),
    schedule: () => institutionMail.schedule(),
    deliver: () => institutionMail.deliver(),
    refreshExpectedDate: (txnId) => s.expectedDates.refreshExpectedDate(txnId),
  });
  const institutionLoop = createJobLoop({
    name: 'institution-mail',
    runOnce: () => institutionMail.runOnce(),
    pollMs: 30_000,
    log: app.log,
  });
  s.signals.on('institution-mail-queued', () => institutionLoop.kick());
  runLoop(app, institutionLoop);

  // The organisations' monthly GST invoices (ADR 0047): always on, hourly; once a month has ended (IST)
  // each organisation with usage gets one, numbered under a table lock, unique per month: every instance
  // may run it.
  app.decorate('orgBillingJobs', {
    issueInvoicesOnce: () => s.orgBilling.issueInvoices(),
    billing: s.orgBilling,
  });
  runLoop(
    app,
    createJobLoop({
      name: 'org-invoices',
      runOnce: async () => (await s.orgBilling.issueInvoices()) > 0,
      pollMs: 3_600_000,
      log: app.log,
    }),
  );
  // Organisations' bulk invitation files (issue 28): each row settled with its invitation in one
  // database transaction, so a pass after a crash resumes where it stopped.
  app.decorate('orgCandidateJobs', {
    sendOnce: () => s.orgCandidates.sendOnce(),
    service: s.orgCandidates,
  });
  // The organisation's e-mails (issue 28): always on, as the invitations; moves are claimed with SKIP
  // LOCKED and mails leased, so every instance may run it. Woken by each committed bucket move.
  app.decorate('orgNotificationJobs', s.orgNotifications);
  const orgMailLoop = createJobLoop({
    name: 'org-notification-mails',
    runOnce: () => s.orgNotifications.runOnce(),
    pollMs: 60_000,
    log: app.log,
  });
  runLoop(app, orgMailLoop);
  // The portal's live dashboard: every instance passes committed bucket moves to its open streams.
  let stopBuckets = () => undefined as void;
  app.addHook('onReady', async () => {
    stopBuckets = db.listen(
      ORG_BUCKETS_CHANNEL,
      (payload) => {
        s.orgCandidates.announce(payload);
        orgMailLoop.kick();
      },
      () => {
        s.orgCandidates.resync();
        orgMailLoop.kick();
      },
    );
  });
  app.addHook('onClose', async () => stopBuckets());
  const inviteLoop = createJobLoop({
    name: 'invite-batches',
    runOnce: () => s.orgCandidates.sendOnce(),
    pollMs: 30_000,
    log: app.log,
  });
  s.signals.on('invite-batch-queued', () => inviteLoop.kick());
  runLoop(app, inviteLoop);

  // A breach's notices to the people affected (issue 29, ADR 0049): always on, as they must go; claimed
  // with SKIP LOCKED and leased, so every instance may run it. Woken when an admin notifies.
  app.decorate('breachJobs', { deliverOnce: () => s.breaches.deliverOnce() });
  const breachLoop = createJobLoop({
    name: 'breach-notices',
    runOnce: () => s.breaches.deliverOnce(),
    pollMs: 60_000,
    log: app.log,
  });
  s.signals.on('breach-notices-queued', () => breachLoop.kick());
  runLoop(app, breachLoop);

  // The retention purge (ADR 0049): on unless RETENTION_JOBS=0 (off by default in tests, which move their
  // clocks); each IST day claimed once (a leased row of purge_runs) and each batch claimed with SKIP
  // LOCKED, so every instance may run it. Hourly polls find the day done.
  app.decorate('retentionJobs', { purgeOnce: () => s.retention.purgeOnce() });
  if (config.retentionJobs)
    runLoop(
      app,
      createJobLoop({
        name: 'retention-purge',
        runOnce: () => s.retention.runOnce(),
        pollMs: 3_600_000,
        log: app.log,
      }),
    );
  // Candidates' erasure requests (issue 29, ADR 0049 "Erasure"): always on, hourly, as a due request must
  // be carried out; claimed with SKIP LOCKED and leased, so every instance may run it. Woken by a request
  // (a minor's is due at once) and by a released legal hold.
  app.decorate('erasureJobs', { runOnce: () => s.erasure.runOnce(), erasure: s.erasure });
  const erasureLoop = createJobLoop({
    name: 'erasure',
    runOnce: () => s.erasure.runOnce(),
    pollMs: 3_600_000,
    log: app.log,
  });
  s.signals.on('erasure-queued', () => erasureLoop.kick());
  runLoop(app, erasureLoop);

  // The OCR worker takes queued uploads; its loop runs with OCR_WORKER=on.
  const ocr = createOcrWorker({
    queue: s.filesRepo,
    storage: s.storage,
    analyser: s.analyser,
    now,
    log: app.log,
  });
  s.signals.on('file-queued', () => ocr.kick());
  if (config.ocrWorker) {
    app.addHook('onReady', async () => ocr.start());
    app.addHook('preClose', async () => ocr.stop());
  }

  const { payments, sandbox } = s;
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
    s.signals.on('sandbox-webhook-queued', () => deliveryLoop.kick());
    app.addHook('onReady', async () => {
      reconcileLoop.start();
      deliveryLoop.start();
    });
    app.addHook('preClose', async () => {
      await Promise.all([reconcileLoop.stop(), deliveryLoop.stop()]);
    });
  }
}

/**
 * Notifications (ADR 0030): every instance announces committed rows to its open streams (NOTIFY), ends
 * the streams of a logged-out session, and with NOTIFICATION_JOBS=on copies them to SMS.
 */
function registerNotificationJobs(
  app: App,
  config: Config,
  db: Database,
  { notifications, signals }: Pick<Services, 'notifications' | 'signals'>,
) {
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
    signals.on('notification-queued', () => notificationLoop.kick());
    runLoop(app, notificationLoop);
  }
}
