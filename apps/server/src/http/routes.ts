import { SERVICE_BASES } from '@veridocs/shared';
import type { Services } from '../composition/services.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { aadhaarProfileRouter, aadhaarRouter } from '../modules/aadhaar/aadhaar-router.js';
import { sourcesOpsRouter, sourcesRouter } from '../modules/sources/sources-router.js';
import { institutionsOpsRouter } from '../modules/institutions/institutions-router.js';
import { institutionsPublicRouter } from '../modules/institutions/responder-router.js';
import { adminRouter, orgLogoRouter } from '../modules/admin/admin-router.js';
import { analyticsRouter } from '../modules/analytics/analytics-router.js';
import { authRouter } from '../modules/auth/auth-router.js';
import {
  credentialVerifyRouter,
  credentialsOpsRouter,
  credentialsRouter,
  issuerRouter,
} from '../modules/credentials/credentials-router.js';
import { devRouter } from '../modules/dev/dev-router.js';
import { searchPersonalData } from '../modules/dev/personal-data-search-repository.js';
import { createDevService } from '../modules/dev/dev-service.js';
import { evaluationRouter } from '../modules/evaluation/evaluation-router.js';
import { fileLinksRouter, filesRouter } from '../modules/files/files-router.js';
import { resumableUploadsRouter } from '../modules/files/resumable-uploads-router.js';
import { formsRouter, publicFormsRouter } from '../modules/forms/forms-router.js';
import { countryRouter, geoRouter, mapImageRouter } from '../modules/geo/geo-router.js';
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
import type { AuditInput } from '../modules/ops-auth/ops-auth-service.js';
import { opsAuthRouter } from '../modules/ops-auth/ops-auth-router.js';
import { orgCandidatesRouter } from '../modules/org-candidates/org-candidates-router.js';
import { registerOpsAuth } from '../modules/ops-auth/ops-guard.js';
import { opsRouter } from '../modules/ops/ops-router.js';
import { opsOrgOwnerRouter, orgAuthRouter, orgUsersRouter } from '../modules/org-auth/org-auth-router.js';
import { orgSettingsRouter } from '../modules/org-settings/org-settings-router.js';
import { registerOrgAuth } from '../modules/org-auth/org-guard.js';
import { orgAssetsRouter } from '../modules/orgs/orgs-router.js';
import { orgBillingOpsRouter, orgBillingRouter } from '../modules/org-billing/org-billing-router.js';
import {
  paymentWebhooksRouter,
  paymentsOpsRouter,
  paymentsRouter,
} from '../modules/payments/payments-router.js';
import { profileRouter, walletCreateRouter } from '../modules/profile/profile-router.js';
import { referenceRouter } from '../modules/reference/reference-router.js';
import { createDevPartnerInbox } from '../modules/reports/dev-partner-inbox.js';
import {
  devPartnerInboxRouter,
  reportsOpsRouter,
  reportsPublicRouter,
} from '../modules/reports/reports-router.js';
import { supportOpsRouter, supportRouter } from '../modules/support/support-router.js';
import { transactionsRouter } from '../modules/transactions/transactions-router.js';
import { digilockerSandboxPagesRouter } from '../providers/digilocker/index.js';
import { sandboxCheckoutRouter } from '../providers/payments/sandbox-checkout.js';
import { PARTNER_DEV_SECRET } from '../providers/report-delivery/index.js';
import { registerAuth } from './auth-guard.js';
import { privacyAccessRouter } from '../modules/privacy/privacy-access-router.js';
import { privacyCandidateRouter } from '../modules/privacy/privacy-candidate-router.js';
import { privacyOpsRouter } from '../modules/privacy/privacy-router.js';
import { erasureOpsRouter, erasureRouter } from '../modules/privacy/erasure-router.js';
import { exportRouter } from '../modules/privacy/export-router.js';
import { nominationOpsRouter, nominationRouter } from '../modules/privacy/nomination-router.js';
import { withdrawalRouter } from '../modules/privacy/withdrawal-router.js';
import { requestsOpsRouter, requestsRouter } from '../modules/privacy/requests-router.js';
import { signedInFamily } from './route-families.js';
import { registerMetrics } from './metrics.js';
import type { App } from './platform.js';
import { registerSpaAndNotFound } from './spa.js';

/** Every route (issue 25 §2), by family; the SPA and the not-found answer last. */
export async function registerRoutes(app: App, config: Config, db: Database, now: Clock, s: Services) {
  const authenticate = registerAuth(app, s.sessions);
  const requireOpsRole = registerOpsAuth(app, s.opsAuth);
  const requireOrgRole = registerOrgAuth(app, s.orgAuth);
  const audit = (entry: AuditInput) => s.opsAuth.audit(entry);

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
    await app.register(devRouter, {
      dev: createDevService(s.outbox),
      publicUrl: config.publicUrl,
      now,
      issueInvoices: (period) => s.orgBilling.issueInvoices(period),
      privacy: {
        findProfileId: async (mobile) => (await s.profiles.findIdentityByMobile(mobile))?.id ?? null,
        expedite: (profileId) => s.erasure.expedite(profileId),
        runErasureOnce: () => s.erasure.runOnce(),
        erasureStatus: async (profileId) => (await s.erasure.status(profileId))?.status ?? null,
        search: (needles, bytes) => searchPersonalData(db, needles, { storage: s.storage, bytes }),
      },
    });
  // The candidate's routes: public ones beside a signed-in family per service base (spec §7).
  await app.register(
    async (wallet) => {
      await wallet.register(authRouter, { auth: s.auth, sessions: s.sessions, rateLimit: config.rateLimit });
      await wallet.register(walletCreateRouter, { profiles: s.profiles, rateLimit: config.rateLimit });
      await wallet.register(credentialVerifyRouter, { credentials: s.credentials });
      await wallet.register(
        signedInFamily(authenticate, async (family) => {
          await family.register(profileRouter, { profiles: s.profiles });
          await family.register(aadhaarProfileRouter, { profiles: s.profiles });
          await family.register(credentialsRouter, { credentials: s.credentials, files: s.files });
          await family.register(supportRouter, { support: s.support });
          await family.register(erasureRouter, { erasure: s.erasure });
          await family.register(withdrawalRouter, { withdrawals: s.withdrawals });
          await family.register(privacyAccessRouter, { privacy: s.privacy });
          await family.register(exportRouter, { dataExport: s.dataExport });
          await family.register(requestsRouter, { requests: s.privacyRequests });
          await family.register(nominationRouter, { nominations: s.nominations });
        }),
      );
    },
    { prefix: SERVICE_BASES.webWallet },
  );
  await app.register(
    async (verification) => {
      await verification.register(publicFormsRouter, { forms: s.forms });
      await verification.register(
        signedInFamily(authenticate, async (family) => {
          await family.register(formsRouter, { forms: s.forms });
          await family.register(transactionsRouter, { transactions: s.transactions });
          await family.register(privacyCandidateRouter, { consent: s.consent });
          await family.register(evaluationRouter, { evaluation: s.evaluation, rateLimit: config.rateLimit });
          await family.register(aadhaarRouter, { aadhaar: s.aadhaar, rateLimit: config.rateLimit });
          await family.register(sourcesRouter, { sources: s.sources, rateLimit: config.rateLimit });
          await family.register(passportRouter, { passport: s.passport });
          await family.register(nameChangeRouter, { nameChanges: s.nameChanges });
          // SERVICE_BASES.payment is the verification v1 base (spec §7).
          await family.register(paymentsRouter, { payments: s.payments });
        }),
      );
    },
    { prefix: SERVICE_BASES.verificationV1 },
  );
  await app.register(
    signedInFamily(authenticate, async (family) => {
      await family.register(notificationsRouter, { notifications: s.notifications });
    }),
    { prefix: SERVICE_BASES.notification },
  );
  await app.register(
    async (utility) => {
      await utility.register(countryRouter, { geo: s.geo });
      await utility.register(
        signedInFamily(authenticate, async (family) => {
          await family.register(referenceRouter, { reference: s.reference });
          await family.register(filesRouter, { files: s.files });
          await family.register(resumableUploadsRouter, { uploads: s.resumableUploads });
          await family.register(geoRouter, { geo: s.geo });
        }),
      );
    },
    { prefix: SERVICE_BASES.utility },
  );
  await app.register(notificationStreamRouter, {
    notifications: s.notifications,
    heartbeatMs: config.notifications.heartbeatMs,
    maxAgeMs: config.notifications.streamMaxAgeMs,
  });
  await app.register(fileLinksRouter, { files: s.files });
  await app.register(mapImageRouter, { geo: s.geo });

  // The verification team (ADR 0019): sign-in (each route states its guard), then a family for any
  // staff member (a route narrows it with allowRoles) and one for admins.
  await app.register(opsAuthRouter, { auth: s.opsAuth, requireOpsRole, rateLimit: config.rateLimit });
  await app.register(
    signedInFamily(requireOpsRole('verifier', 'admin'), async (team) => {
      await team.register(opsRouter, { ops: s.ops });
      await team.register(sourcesOpsRouter, { sources: s.sources });
      await team.register(institutionsOpsRouter, {
        directory: s.institutions.directory,
        requests: s.institutions.requests,
      });
      await team.register(supportOpsRouter, { support: s.support });
      await team.register(reportsOpsRouter, { reports: s.reports, audit });
      await team.register(nominationOpsRouter, { nominations: s.nominations, audit });
    }),
  );
  await app.register(
    signedInFamily(requireOpsRole('admin'), async (admins) => {
      await admins.register(adminRouter, {
        admin: s.admin,
        staff: s.opsAuth,
        orders: (query) => s.payments.opsOrders(query),
        audit,
      });
      await admins.register(paymentsOpsRouter, { payments: s.payments });
      await admins.register(integrationOpsRouter, { integration: s.integration, audit });
      await admins.register(credentialsOpsRouter, { credentials: s.credentials, audit });
      await admins.register(orgBillingOpsRouter, { billing: s.orgBilling, audit });
      await admins.register(opsOrgOwnerRouter, { orgAuth: s.orgAuth, audit });
      await admins.register(privacyOpsRouter, { privacy: s.privacy, breaches: s.breaches, audit });
      await admins.register(erasureOpsRouter, { erasure: s.erasure, audit });
      await admins.register(requestsOpsRouter, { requests: s.privacyRequests, audit });
    }),
  );

  // The organisation portal (ADR 0047): its public sign-in and invitation routes, then the signed-in
  // family (any role; a route narrows it with allowOrgRoles).
  await app.register(orgAuthRouter, { orgAuth: s.orgAuth, rateLimit: config.rateLimit });
  await app.register(
    signedInFamily(requireOrgRole(), async (org) => {
      await org.register(orgUsersRouter, { orgAuth: s.orgAuth });
      await org.register(orgBillingRouter, { billing: s.orgBilling });
      await org.register(orgSettingsRouter, { settings: s.orgSettings });
      await org.register(orgCandidatesRouter, { orgCandidates: s.orgCandidates });
    }),
  );

  // Public or with their own guard: logos, gateways' webhooks, the integration API (its keys), the
  // issuer's documents, the sandbox checkout and DigiLocker sign-in, reports' links, the dev partner inbox.
  await app.register(orgLogoRouter, { admin: s.admin });
  await app.register(paymentWebhooksRouter, { payments: s.payments });
  await app.register(integrationRouter, { integration: s.integration });
  await app.register(issuerRouter, { credentials: s.credentials });
  if (s.sandbox) await app.register(sandboxCheckoutRouter, { sandbox: s.sandbox });
  // The DigiLocker sandbox's own sign-in pages, only while it is the configured DigiLocker (issue 26).
  if (s.digilockerSandbox) await app.register(digilockerSandboxPagesRouter, { sandbox: s.digilockerSandbox });
  await app.register(reportsPublicRouter, { reports: s.reports });
  // The institution's registrar or HR (issue 27): confirmation links and the responder's page.
  await app.register(institutionsPublicRouter, {
    directory: s.institutions.directory,
    responder: s.institutions.responder,
    rateLimit: config.rateLimit,
  });
  if (config.devTools)
    await app.register(devPartnerInboxRouter, {
      inbox: createDevPartnerInbox({ secret: PARTNER_DEV_SECRET, now }),
    });

  await registerSpaAndNotFound(
    app,
    config.webDistDir,
    (formId, orgId) => s.forms.heading(formId, orgId),
    config.consoleDistDir,
    config.orgDistDir,
  );
}
