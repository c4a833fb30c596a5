// `npm test`: every test. Unit and API tests (Vitest: shared, server, web and console in jsdom), then
// the browser end-to-end tests (Playwright + Debian chromium, installed when missing) against the
// built server, which runs on PGlite.
//
// The server suite runs once (ADR 0036): on PGlite by default, on PostgreSQL when TEST_DATABASE_URL is
// set (CI sets it). With PostgreSQL, the database layer's own tests run on PGlite as well; the rest of
// PGlite is covered by the end-to-end tests, whose server runs on it.
import { buildIfStale, ensureChromium, run } from './lib.mjs';

/** Run on PGlite too when the suite runs on PostgreSQL: the client, migrations and the per-instance setups. */
const PGLITE_ALSO = [
  'apps/server/src/db/',
  'apps/server/src/modules/transactions/',
  'apps/server/src/modules/notifications/',
];

const started = Date.now();
const step = (name) => console.log(`\n=== ${name} (${Math.round((Date.now() - started) / 1000)} s) ===`);

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  step(`unit and API tests, the server on PostgreSQL (${pgUrl.replace(/:[^:@/]*@/, ':***@')})`);
  run('npx', ['vitest', 'run'], { env: { ...process.env, TEST_DATABASE_URL: pgUrl } });
  step('the database layer on PGlite');
  run('npx', ['vitest', 'run', '--project', 'server', ...PGLITE_ALSO], {
    env: { ...process.env, TEST_DATABASE_URL: '', TEST_REDIS_URL: '' },
  });
} else {
  step('unit and API tests (PGlite)');
  run('npx', ['vitest', 'run'], { env: { ...process.env, TEST_DATABASE_URL: '', TEST_REDIS_URL: '' } });
}

step('build');
buildIfStale();
// The sign-in page's JavaScript budget (ADR 0012): a stray import of a heavy library fails here.
run('node', ['apps/web/scripts/chunk-report.mjs', '--max-login-kb=160']);

step('end-to-end tests (Chromium)');
const chromium = ensureChromium();
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  env: { ...process.env, CHROMIUM_PATH: chromium },
});

step('all tests passed');
