import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, DEFAULT_PARTNER_ORG_ID, PARTNER_ORG_HEADER, SERVICE_BASES } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { createTestDatabase } from './test/database.js';
import { startFakeGateway, type FakeGateway } from './test/fake-gateway.js';
import {
  bearer,
  createTestApp,
  expectCode,
  signUp,
  uniqueMobile,
  wallet,
  type TestApp,
} from './test/test-app.js';

/**
 * Issue 9 §4: production must not start half-configured, and outside dev tools no table keeps an OTP
 * in clear text, no generated signing key sits in the database and no demo form is seeded.
 */
const SERVER_DIR = join(import.meta.dirname, '..');
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(40),
  SMTP_HOST: 'smtp.example.com',
  SMTP_FROM: 'no-reply@example.com',
  PUBLIC_URL: 'https://verify.example.com',
  // A live gateway: the sandbox moves no money and needs the loud opt-in (issue 23 §3).
  PAYMENT_PROVIDER_IN: 'razorpay',
  PAYMENT_PROVIDER_INTL: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_0123456789abcd',
  RAZORPAY_KEY_SECRET: 'r'.repeat(24),
  RAZORPAY_WEBHOOK_SECRET: 'w'.repeat(24),
  // The real DigiLocker and API Setu: their sandboxes offer fictitious people (issue 26).
  DIGILOCKER_PROVIDER: 'http',
  DIGILOCKER_API_URL: 'https://api.digitallocker.gov.in/public',
  DIGILOCKER_CLIENT_ID: 'veridocs-client',
  DIGILOCKER_CLIENT_SECRET: 'd'.repeat(24),
  APISETU_PROVIDER: 'http',
  APISETU_API_URL: 'https://apisetu.gov.in/{issuer}/v3',
  APISETU_API_KEY: 'a'.repeat(24),
  APISETU_CLIENT_ID: 'in.veridocs',
  // The supplier on organisations' GST invoices (ADR 0047).
  INVOICE_SUPPLIER_NAME: 'Veridocs Pvt Ltd',
  INVOICE_SUPPLIER_GSTIN: '29AAACV1234F1Z5',
  INVOICE_SUPPLIER_ADDRESS: '1 MG Road, Bengaluru 560001',
  INVOICE_SUPPLIER_STATE_CODE: '29',
  // The grievance officer every privacy notice names (ADR 0049).
  GRIEVANCE_OFFICER_NAME: 'Asha Rao, Grievance Officer',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@veridocs.in',
  GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the real server process (`node --import tsx src/main.ts`) with only `env` (and PATH). */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString('utf8')));
  // A server that starts when it should not must not outlive the test.
  const guard = setTimeout(() => child.kill('SIGKILL'), 50_000);
  const exited = new Promise<Run>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      run.code = code;
      resolve(run);
    }),
  );
  return { child, run, exited };
}

/** Every row of every table of the public schema, as text. */
async function dumpTables(db: Database): Promise<string> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.orm.execute<Record<string, unknown>>(query)) as { rows: Record<string, unknown>[] }).rows;
  const tables = await rows(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  let dump = '';
  for (const { name } of tables) {
    for (const row of await rows(sql`select t::text as row from ${sql.identifier(String(name))} t`))
      dump += `${String(name)} ${String(row.row)}\n`;
  }
  return dump;
}

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

async function count(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.orm.execute<{ n: number }>(query)) as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

describe('a production start of the real process', () => {
  let dataDir: string;
  let gateway: FakeGateway;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'veridocs-prod-'));
    gateway = await startFakeGateway();
  });
  afterAll(async () => {
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start without its settings: one stderr line per missing one, exit code 1', async () => {
    const { run, exited } = startServer({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' });
    await exited;
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('running at');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'Refusing to start in production (NODE_ENV=production):',
      expect.stringMatching(/^ {2}JWT_SECRET \(or JWT_SECRET_FILE\) is not set: /),
      expect.stringMatching(/^ {2}SMS_GATEWAY_URL is not set: /),
      expect.stringMatching(/^ {2}SMTP_HOST is not set: /),
      expect.stringMatching(/^ {2}SMTP_FROM is not set: /),
      expect.stringMatching(/^ {2}PUBLIC_URL is not set: /),
      expect.stringMatching(
        /^ {2}PAYMENT_PROVIDER_IN=sandbox .*, PAYMENT_PROVIDER_INTL=sandbox .*: payments would move no money/,
      ),
      expect.stringMatching(
        /^ {2}DIGILOCKER_PROVIDER=sandbox .*, APISETU_PROVIDER=sandbox .*: fictitious sandbox accounts/,
      ),
      // The supplier every organisation's GST tax invoice names (ADR 0047).
      expect.stringMatching(/^ {2}INVOICE_SUPPLIER_NAME is not set: /),
      expect.stringMatching(/^ {2}INVOICE_SUPPLIER_GSTIN is not set: /),
      expect.stringMatching(/^ {2}INVOICE_SUPPLIER_ADDRESS is not set: /),
      expect.stringMatching(/^ {2}INVOICE_SUPPLIER_STATE_CODE is not set: /),
      // The grievance officer every privacy and breach notice names (ADR 0049).
      expect.stringMatching(/^ {2}GRIEVANCE_OFFICER_NAME is not set: /),
      expect.stringMatching(/^ {2}GRIEVANCE_OFFICER_EMAIL is not set: /),
      expect.stringMatching(/^ {2}GRIEVANCE_OFFICER_PHONE is not set: /),
    ]);
  }, 60_000);

  it('refuses the test switches, one line each, even with the payments opt-in (issue 23 §3)', async () => {
    const { run, exited } = startServer({
      ...PRODUCTION,
      SMS_GATEWAY_URL: gateway.url,
      I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL: '1',
      PAYMENT_PROVIDER_IN: 'sandbox',
      SANDBOX_GATEWAY_SECRET: 'x'.repeat(32),
      DEV_TOOLS: '1',
      FILE_FETCH_ALLOW_PRIVATE: '1',
      PUBLIC_URL: 'http://verify.example.com',
      DATA_DIR: dataDir,
      PORT: '0',
    });
    await exited;
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('running at');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'Refusing to start in production (NODE_ENV=production):',
      expect.stringMatching(/^ {2}PUBLIC_URL is not https: /),
      expect.stringMatching(/^ {2}DEV_TOOLS=1 is for development only: /),
      expect.stringMatching(/^ {2}FILE_FETCH_ALLOW_PRIVATE=1 is for tests only: /),
    ]);
  }, 60_000);

  it('names the one setting that is missing', async () => {
    const { run, exited } = startServer({
      ...PRODUCTION,
      SMS_GATEWAY_URL: gateway.url,
      PUBLIC_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
    });
    await exited;
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'Refusing to start in production (NODE_ENV=production):',
      expect.stringMatching(/^ {2}PUBLIC_URL is not set: /),
    ]);
  }, 60_000);

  it('starts when configured: no demo link, no dev routes, OTPs through the gateway; stops on SIGTERM', async () => {
    const { child, run, exited } = startServer({
      ...PRODUCTION,
      SMS_GATEWAY_URL: gateway.url,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
    try {
      await expect
        .poll(() => run.stdout + (run.code === null ? '' : ' exited'), { timeout: 45_000 })
        .toMatch(/running at|exited/);
      const url = /running at (\S+)/.exec(run.stdout)?.[1];
      expect(url, run.stderr).toBeDefined();
      expect(run.stdout).not.toContain('Demo candidate link');
      expect(run.stdout).not.toContain('dev tools on');
      for (const path of [API_PATHS.devOutbox, API_PATHS.devDemo]) {
        const res = await fetch(`${url}${path}`);
        expect(res.status, path).toBe(404);
      }
      const mobile = uniqueMobile();
      const res = await fetch(`${url}${wallet(API_PATHS.profile.login)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID },
        body: JSON.stringify({ mobile }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(0);
      expect(gateway.state.received.at(-1)?.body).toMatchObject({ to: mobile });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    expect(run.code).toBe(0);
  }, 60_000);
});

describe('production rules inside the app', () => {
  let gateway: FakeGateway;
  beforeAll(async () => {
    gateway = await startFakeGateway();
  });
  afterAll(() => gateway?.close());

  describe('NODE_ENV=production, fully configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { ...PRODUCTION, SMS_GATEWAY_URL: gateway.url } });
    });
    afterAll(() => t?.close());

    it('keeps no OTP in clear text in any table, and no signing key in the database', async () => {
      const before = await dumpTables(t.db);
      const mobile = uniqueMobile();
      expectCode(
        await t.request({ method: 'POST', url: wallet(API_PATHS.profile.login), body: { mobile } }),
        0,
        200,
      );
      const { otp } = gateway.state.received.at(-1)!.body as { otp: string };
      expect(otp).toMatch(/^\d{6}$/);
      const after = await dumpTables(t.db);
      expect(after).toContain(mobile);
      expect(occurrences(after, otp)).toBe(occurrences(before, otp));
      expect(await count(t.db, sql`select count(*)::int as n from outbox`)).toBe(0);
      expect(
        await count(t.db, sql`select count(*)::int as n from app_secrets where name = 'server_secret'`),
      ).toBe(0);
    });

    it('seeds no demo organisation or form, but the default organisation and the reference data', async () => {
      expect(
        await count(t.db, sql`select count(*)::int as n from organisations where id = 'demo-university'`),
      ).toBe(0);
      expect(await count(t.db, sql`select count(*)::int as n from ekyc_forms`)).toBe(0);
      expect(await count(t.db, sql`select count(*)::int as n from organisations`)).toBe(1);
      expect(await count(t.db, sql`select count(*)::int as n from verification_configs`)).toBeGreaterThan(0);
      expect(await count(t.db, sql`select count(*)::int as n from reference_options`)).toBeGreaterThan(0);
      expectCode(await t.app.inject({ method: 'GET', url: API_PATHS.devOutbox }), 101, 404);
    });
  });

  it('empties an outbox left by an earlier run with dev tools', async () => {
    const database = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'veridocs-prod-'));
    const env = { LOG_LEVEL: 'silent', DATA_DIR: dir, WEB_DIST_DIR: join(dir, 'no-web') };
    try {
      const dev = await buildApp(loadConfig({ ...env, NODE_ENV: 'development' }), { db: database.db });
      const login = await dev.inject({
        method: 'POST',
        url: wallet(API_PATHS.profile.login),
        headers: { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID },
        payload: { mobile: uniqueMobile() },
      });
      expectCode(login, 0, 200);
      await dev.close();
      expect(await count(database.db, sql`select count(*)::int as n from outbox`)).toBe(1);

      const prod = await buildApp(loadConfig({ ...env, ...PRODUCTION, SMS_GATEWAY_URL: gateway.url }), {
        db: database.db,
      });
      await prod.close();
      expect(await count(database.db, sql`select count(*)::int as n from outbox`)).toBe(0);
    } finally {
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('a database upgraded from runs with dev tools', () => {
    const env = (dir: string) => ({ LOG_LEVEL: 'silent', DATA_DIR: dir, WEB_DIST_DIR: join(dir, 'no-web') });
    /** Runs the app with dev tools once on `database` (seeding the demo and a generated secret). */
    async function devRun(database: Database, dir: string, journey: boolean) {
      const dev = await buildApp(loadConfig({ ...env(dir), NODE_ENV: 'development' }), { db: database });
      if (journey) {
        const asTest = {
          app: dev,
          request: ({ body, headers, ...rest }: Parameters<TestApp['request']>[0]) =>
            dev.inject({
              ...rest,
              headers: { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID, ...headers },
              ...(body === undefined ? {} : { payload: body as object }),
            }),
        } as TestApp;
        const session = await signUp(asTest);
        const created = await asTest.request({
          method: 'POST',
          url: `${SERVICE_BASES.verificationV1}${API_PATHS.verification.transactions}`,
          headers: bearer(session.accessToken),
          body: { orgId: 'demo-university', eKycFormId: 'demo-form' },
        });
        expectCode(created, 0, 200);
      }
      await dev.close();
      expect(
        await count(database, sql`select count(*)::int as n from app_secrets where name = 'server_secret'`),
      ).toBe(1);
      // The demo form, its expired twin, the ones asking for basic details, the evaluation partner, payment.
      expect(await count(database, sql`select count(*)::int as n from ekyc_forms`)).toBe(5);
    }
    const prodRun = async (database: Database, dir: string) =>
      (
        await buildApp(loadConfig({ ...env(dir), ...PRODUCTION, SMS_GATEWAY_URL: gateway.url }), {
          db: database,
        })
      ).close();

    it('deletes the generated server secret and the demo rows nothing refers to', async () => {
      const database = await createTestDatabase();
      const dir = mkdtempSync(join(tmpdir(), 'veridocs-prod-'));
      try {
        await devRun(database.db, dir, false);
        await prodRun(database.db, dir);
        expect(
          await count(
            database.db,
            sql`select count(*)::int as n from app_secrets where name = 'server_secret'`,
          ),
        ).toBe(0);
        expect(await count(database.db, sql`select count(*)::int as n from ekyc_forms`)).toBe(0);
        expect(await count(database.db, sql`select count(*)::int as n from prestart_questions`)).toBe(0);
        expect(
          await count(
            database.db,
            sql`select count(*)::int as n from organisations where id = 'demo-university'`,
          ),
        ).toBe(0);
      } finally {
        await database.dispose();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('expires a demo form that journeys were started on, so no one can start another', async () => {
      const database = await createTestDatabase();
      const dir = mkdtempSync(join(tmpdir(), 'veridocs-prod-'));
      try {
        await devRun(database.db, dir, true);
        await prodRun(database.db, dir);
        expect(
          await count(
            database.db,
            sql`select count(*)::int as n from app_secrets where name = 'server_secret'`,
          ),
        ).toBe(0);
        // The used form stays for its transaction, expired; the unused expired twin is gone.
        const nowSeconds = Math.floor(Date.now() / 1000);
        expect(
          await count(
            database.db,
            sql`select count(*)::int as n from ekyc_forms where expiry = -1 or expiry >= ${nowSeconds}`,
          ),
        ).toBe(0);
        expect(await count(database.db, sql`select count(*)::int as n from ekyc_forms`)).toBe(1);
        expect(await count(database.db, sql`select count(*)::int as n from transactions`)).toBe(1);
      } finally {
        await database.dispose();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('dev tools off and no SMS gateway (development)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { NODE_ENV: 'development', DEV_TOOLS: '0' } });
    });
    afterAll(() => t?.close());

    it('refuses to pretend: the login answers 503 and nothing is stored in the outbox', async () => {
      const res = await t.request({
        method: 'POST',
        url: wallet(API_PATHS.profile.login),
        body: { mobile: uniqueMobile() },
      });
      expectCode(res, 503, 503);
      expect(await count(t.db, sql`select count(*)::int as n from outbox`)).toBe(0);
    });

    it('keeps the generated signing key in this process only', async () => {
      expect(
        await count(t.db, sql`select count(*)::int as n from app_secrets where name = 'server_secret'`),
      ).toBe(0);
    });
  });
});
