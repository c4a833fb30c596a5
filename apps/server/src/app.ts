import type { FastifyBaseLogger } from 'fastify';
import { composeServices } from './composition/services.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seed } from './db/seed.js';
import { createPlatform, registerHttpPlatform, type App } from './http/platform.js';
import { registerRoutes } from './http/routes.js';
import { registerBackgroundJobs } from './jobs/background-jobs.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { DocumentAnalyser } from './modules/files/analyser.js';
import type { GeoProviders } from './modules/geo/geo-service.js';
import type { AadhaarProvider } from './providers/aadhaar/index.js';
import type { EvaluationDirectory } from './providers/evaluation/index.js';
import type { MailSender } from './providers/mail/index.js';
import type { PaymentGateway } from './providers/payments/gateway.js';
import type { ReportDelivery } from './providers/report-delivery/index.js';
import type { MessageSender } from './providers/sms/index.js';
import type { Storage } from './storage/index.js';

export type { App } from './http/platform.js';

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

/**
 * Builds the whole server (API, docs, SPA) on a migrated, seeded database; ready, not listening.
 * In four parts (issue 25 §2): the HTTP platform (http/platform.ts), the services composed once
 * (composition/services.ts), the background jobs (jobs/background-jobs.ts) and the routes by family
 * (http/routes.ts).
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const now = deps.now ?? systemClock;
  const app = await createPlatform(config, deps.logger);
  const db =
    deps.db ??
    (await openDatabase(config.database, {
      onError: (error) => app.log.error({ err: error }, 'PostgreSQL pool error'),
    }));
  if (!deps.db) app.addHook('onClose', async () => db.close());

  try {
    await db.migrate();
    await seed(db.orm, now(), { demo: config.devTools });
    const redis = await registerHttpPlatform(app, config);
    const services = await composeServices({ app, config, db, now, deps, redis });
    registerBackgroundJobs(app, config, db, now, services);
    await registerRoutes(app, config, db, now, services);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
