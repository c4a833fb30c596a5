import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CONSOLE_BASE, ORG_BASE } from '@veridocs/shared';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError, openDatabase } from './db/client.js';
import { StorageNotSharedError } from './jobs/storage-instances.js';
import { getDemoLink } from './modules/orgs/orgs-service.js';
import { DEV_STAFF } from './modules/ops-auth/dev-staff.js';

/** Starts the server: one process, API and SPA on one port (DESIGN.md §1). */
async function main() {
  const config = loadConfig();
  let reportPoolError: (error: Error) => void = (error) =>
    process.stderr.write(`PostgreSQL pool error: ${error.message}\n`);
  const db = await openDatabase(config.database, { onError: (error) => reportPoolError(error) });

  let app;
  try {
    app = await buildApp(config, { db });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  const log = app.log;
  reportPoolError = (error) => log.error({ err: error }, 'PostgreSQL pool error');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'Shutting down');
    const force = setTimeout(() => {
      log.error('Shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'Error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  const url = config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
  // The demo form exists only with dev tools on (db/seed.ts).
  const links = getDemoLink(url);
  const demo = config.devTools
    ? `Demo candidate link: ${links.link}\nDemo candidate link (paid form, sandbox gateway): ${links.paidLink}\n`
    : '';
  // The dev staff accounts (ADR 0019): the ops API signs in with e-mail, password and an e-mailed code.
  const consoleBuilt = existsSync(join(config.consoleDistDir, 'index.html'));
  const consoleLine = consoleBuilt
    ? `Verification console: ${url}${CONSOLE_BASE}\n`
    : `Verification console: not built (npm run build -w apps/console), then ${url}${CONSOLE_BASE}\n`;
  const orgBuilt = existsSync(join(config.orgDistDir, 'index.html'));
  const orgLine = orgBuilt
    ? `Organisation portal: ${url}${ORG_BASE}\n`
    : `Organisation portal: not built (npm run build -w apps/org), then ${url}${ORG_BASE}\n`;
  const staff = config.devTools
    ? `Verification team: sign in at ${url}${CONSOLE_BASE} (or POST /api/ops/auth/sign-in, ${url}/api/docs tag "ops") with\n` +
      DEV_STAFF.map((s) => `  ${s.role}: ${s.email} / ${s.password}\n`).join('') +
      // With SMTP configured the code is mailed, not kept in the dev outbox.
      (config.email
        ? `  then the 6-digit code e-mailed to that address (SMTP ${config.email.host})\n`
        : `  then the 6-digit code from ${url}/api/dev/outbox?to=<e-mail>\n`)
    : '';
  process.stdout.write(
    `\nVeridocs is running at ${url} (database: ${db.kind}${config.devTools ? ', dev tools on' : ''})\n` +
      demo +
      consoleLine +
      orgLine +
      staff +
      `API docs: ${url}/api/docs\n\n`,
  );
}

main().catch((error: unknown) => {
  const expected =
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError ||
    error instanceof StorageNotSharedError;
  process.stderr.write(
    expected ? `${error.message}\n` : `Failed to start: ${String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
