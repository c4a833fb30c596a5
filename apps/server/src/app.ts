import type { AppDeps } from './composition/deps.js';
import { composeServices } from './composition/services.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { seed } from './db/seed.js';
import { createPlatform, registerHttpPlatform, type App } from './http/platform.js';
import { registerRoutes } from './http/routes.js';
import { registerBackgroundJobs } from './jobs/background-jobs.js';
import { systemClock } from './lib/clock.js';

export type { App } from './http/platform.js';
export type { AppDeps } from './composition/deps.js';

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
