import { SERVICE_BASES } from '@veridocs/shared';
import type { Services } from '../composition/services.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { aadhaarProfileRouter, aadhaarRouter } from '../modules/aadhaar/aadhaar-router.js';
import { adminRouter, orgLogoRouter } from '../modules/admin/admin-router.js';
import { analyticsRouter } from '../modules/analytics/analytics-router.js';
import { authRouter } from '../modules/auth/auth-router.js';
import {
  credentialsOpsRouter,
  credentialsRouter,
  issuerRouter,
} from '../modules/credentials/credentials-router.js';
import { devRouter } from '../modules/dev/dev-router.js';
import { createDevService } from '../modules/dev/dev-service.js';
import { evaluationRouter } from '../modules/evaluation/evaluation-router.js';
import { fileLinksRouter, filesRouter } from '../modules/files/files-router.js';
import { formsRouter } from '../modules/forms/forms-router.js';
import { geoRouter, mapImageRouter } from '../modules/geo/geo-router.js';
import { createHealthRepository } from '../modules/health/health-repository.js';
import { healthRouter } from '../modules/health/health-router.js';
import { passportRouter } from '../modules/identity/passport-router.js';
import { integrationOpsRouter, integrationRouter } from '../modules/integration/integration-router.js';
import { createMetricsRepository } from '../modules/metrics/metrics-repository.js';
import { nameChangeRouter } from '../modules/name-change/name-change-router.js';
import {
  notificationStreamRouter,
  notificationsRouter,
} from '../modules/notifications/notifications-router.js';
import { opsAuthRouter } from '../modules/ops-auth/ops-auth-router.js';
import { registerOpsAuth } from '../modules/ops-auth/ops-guard.js';
import { opsRouter } from '../modules/ops/ops-router.js';
import { orgAssetsRouter } from '../modules/orgs/orgs-router.js';
import {
  paymentWebhooksRouter,
  paymentsOpsRouter,
  paymentsRouter,
} from '../modules/payments/payments-router.js';
import { profileRouter } from '../modules/profile/profile-router.js';
import { referenceRouter } from '../modules/reference/reference-router.js';
import { createDevPartnerInbox } from '../modules/reports/dev-partner-inbox.js';
import {
  devPartnerInboxRouter,
  reportsOpsRouter,
  reportsPublicRouter,
} from '../modules/reports/reports-router.js';
import { supportOpsRouter, supportRouter } from '../modules/support/support-router.js';
import { transactionsRouter } from '../modules/transactions/transactions-router.js';
import { sandboxCheckoutRouter } from '../providers/payments/sandbox-checkout.js';
import { PARTNER_DEV_SECRET } from '../providers/report-delivery/index.js';
import { registerAuth } from './auth-guard.js';
import { registerMetrics } from './metrics.js';
import type { App } from './platform.js';
import { registerSpaAndNotFound } from './spa.js';

/** Every route (issue 25 §2), by family; the SPA and the not-found answer last. */
export async function registerRoutes(app: App, config: Config, db: Database, now: Clock, s: Services) {
  const authenticate = registerAuth(app, s.sessions);
  const requireOpsRole = registerOpsAuth(app, s.opsAuth);

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
  if (s.outbox)
    await app.register(devRouter, { dev: createDevService(s.outbox), publicUrl: config.publicUrl });
  await app.register(
    async (wallet) => {
      await wallet.register(authRouter, { auth: s.auth, sessions: s.sessions, rateLimit: config.rateLimit });
      await wallet.register(profileRouter, {
        profiles: s.profiles,
        authenticate,
        rateLimit: config.rateLimit,
      });
      await wallet.register(aadhaarProfileRouter, { profiles: s.profiles, authenticate });
      await wallet.register(credentialsRouter, { credentials: s.credentials, files: s.files, authenticate });
      await wallet.register(supportRouter, { support: s.support, authenticate });
    },
    { prefix: SERVICE_BASES.webWallet },
  );
  await app.register(
    async (verification) => {
      await verification.register(formsRouter, { forms: s.forms, authenticate });
      await verification.register(transactionsRouter, { transactions: s.transactions, authenticate });
      await verification.register(evaluationRouter, {
        evaluation: s.evaluation,
        authenticate,
        rateLimit: config.rateLimit,
      });
      await verification.register(aadhaarRouter, {
        aadhaar: s.aadhaar,
        authenticate,
        rateLimit: config.rateLimit,
      });
      await verification.register(passportRouter, { passport: s.passport, authenticate });
      await verification.register(nameChangeRouter, { nameChanges: s.nameChanges, authenticate });
      // SERVICE_BASES.payment is the verification v1 base (spec §7).
      await verification.register(paymentsRouter, { payments: s.payments, authenticate });
    },
    { prefix: SERVICE_BASES.verificationV1 },
  );
  await app.register(opsAuthRouter, { auth: s.opsAuth, requireOpsRole, rateLimit: config.rateLimit });
  await app.register(opsRouter, { ops: s.ops, requireOpsRole });
  await app.register(paymentsOpsRouter, { payments: s.payments, requireOpsRole });
  await app.register(adminRouter, {
    admin: s.admin,
    staff: s.opsAuth,
    orders: (query) => s.payments.opsOrders(query),
    audit: (entry) => s.opsAuth.audit(entry),
    requireOpsRole,
  });
  await app.register(orgLogoRouter, { admin: s.admin });
  await app.register(supportOpsRouter, { support: s.support, requireOpsRole });
  await app.register(paymentWebhooksRouter, { payments: s.payments });
  await app.register(integrationRouter, { integration: s.integration });
  await app.register(integrationOpsRouter, {
    integration: s.integration,
    requireOpsRole,
    audit: (entry) => s.opsAuth.audit(entry),
  });
  await app.register(issuerRouter, { credentials: s.credentials });
  await app.register(credentialsOpsRouter, {
    credentials: s.credentials,
    requireOpsRole,
    audit: (entry) => s.opsAuth.audit(entry),
  });
  if (s.sandbox) await app.register(sandboxCheckoutRouter, { sandbox: s.sandbox });
  await app.register(reportsPublicRouter, { reports: s.reports });
  await app.register(reportsOpsRouter, {
    reports: s.reports,
    requireOpsRole,
    audit: (entry) => s.opsAuth.audit(entry),
  });
  if (config.devTools)
    await app.register(devPartnerInboxRouter, {
      inbox: createDevPartnerInbox({ secret: PARTNER_DEV_SECRET, now }),
    });
  await app.register(notificationsRouter, {
    notifications: s.notifications,
    authenticate,
    prefix: SERVICE_BASES.notification,
  });
  await app.register(notificationStreamRouter, {
    notifications: s.notifications,
    heartbeatMs: config.notifications.heartbeatMs,
    maxAgeMs: config.notifications.streamMaxAgeMs,
  });
  await app.register(referenceRouter, {
    reference: s.reference,
    authenticate,
    prefix: SERVICE_BASES.utility,
  });
  await app.register(filesRouter, { files: s.files, authenticate, prefix: SERVICE_BASES.utility });
  await app.register(fileLinksRouter, { files: s.files });
  await app.register(geoRouter, { geo: s.geo, authenticate, prefix: SERVICE_BASES.utility });
  await app.register(mapImageRouter, { geo: s.geo });

  await registerSpaAndNotFound(
    app,
    config.webDistDir,
    (formId, orgId) => s.forms.heading(formId, orgId),
    config.consoleDistDir,
  );
}
