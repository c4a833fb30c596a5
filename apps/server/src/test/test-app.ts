import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  OPS_API_PATHS,
  API_PATHS,
  DEFAULT_PARTNER_ORG_ID,
  PARTNER_ORG_HEADER,
  SERVICE_BASES,
  type OutboxMessage,
  type Session,
} from '@veridocs/shared';
import type { FastifyBaseLogger, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { DocumentAnalyser } from '../modules/files/analyser.js';
import type { MailSender } from '../providers/mail/index.js';
import type { AadhaarProvider } from '../providers/aadhaar/index.js';
import type { ApiSetuProvider } from '../providers/apisetu/index.js';
import type { DigiLockerProvider } from '../providers/digilocker/index.js';
import { createAnswerCheck, type Document } from './answer-check.js';
import { createTestDatabase, type StatementLog } from './database.js';

/** A clock tests move by hand. */
export interface TestClock {
  now: () => Date;
  advance(seconds: number): void;
}

export function createTestClock(start = new Date('2030-01-15T10:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (seconds) => {
      current += seconds * 1000;
    },
  };
}

export interface TestApp {
  app: App;
  db: Database;
  config: Config;
  clock: TestClock;
  /** The statements sent to the app's own database (null on a database the test passed in). */
  statements: StatementLog | null;
  /** Injects with the partner-org header (unless given) and a JSON body. */
  request(options: InjectOptions & { body?: unknown }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (merged over the test defaults). */
  env?: Record<string, string>;
  clock?: TestClock;
  /** A logger whose output the test reads (the default test config logs nothing). */
  logger?: FastifyBaseLogger;
  /** Replaces the document checks (the app then does not start its own pool). */
  analyser?: DocumentAnalyser;
  /** Replaces the e-mail provider (the dev outbox by default). */
  mailer?: MailSender;
  /** Replaces the Aadhaar provider (the sandbox by default). */
  aadhaar?: AadhaarProvider;
  /** Replace DigiLocker and API Setu (their sandboxes by default). */
  digilocker?: DigiLockerProvider;
  apisetu?: ApiSetuProvider;
  /**
   * Runs on this database, shared with other apps as instances share one (see createTestDatabase's
   * `shared`); the caller closes it. A fresh database of the app's own by default.
   */
  database?: Database;
  /**
   * Checks every answer against the app's own OpenAPI document (strict JSON Schema, issue 30) and
   * throws on the first that breaks it.
   */
  checkAnswers?: boolean;
}

/** Builds the whole app on a fresh database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const emptyDir = mkdtempSync(join(tmpdir(), 'veridocs-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: emptyDir,
      // No SPA unless a test asks for one: results must not depend on whether apps/web was built.
      WEB_DIST_DIR: join(emptyDir, 'no-web'),
      RATE_LIMIT_LOGIN_MAX: '10000',
      RATE_LIMIT_OTP_MAX: '10000',
      // Test files sign the dev staff accounts in far more often than 5 times an hour.
      OPS_SIGN_IN_CODES_PER_HOUR: '10000',
      OPS_WRONG_CODES_PER_HOUR: '10000',
      // uniqueMobile() numbers share a prefix: a test file may send more than a real prefix's hour.
      OTP_GLOBAL_MAX_PER_HOUR: '100000',
      OTP_PREFIX_MAX_PER_HOUR: '100000',
      UPLOAD_RATE_PER_MINUTE: '10000',
      UPLOAD_BYTES_PER_HOUR: '100000000000',
      // One check process per test app (under tsx each holds ~150-450 MB): test files run in parallel.
      CHECK_WORKERS: '1',
      ...options.env,
    },
    emptyDir,
  );
  const clock = options.clock ?? createTestClock();
  const { db, dispose, statements } = options.database
    ? { db: options.database, dispose: async () => undefined, statements: null }
    : await createTestDatabase();
  let app: App;
  try {
    app = await buildApp(config, {
      db,
      now: clock.now,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.analyser ? { analyser: options.analyser } : {}),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.aadhaar ? { aadhaar: options.aadhaar } : {}),
      ...(options.digilocker ? { digilocker: options.digilocker } : {}),
      ...(options.apisetu ? { apisetu: options.apisetu } : {}),
    });
  } catch (error) {
    await dispose();
    throw error;
  }
  if (options.checkAnswers ?? process.env.CHECK_ANSWERS === '1') await checkEveryAnswer(app);
  return {
    app,
    db,
    config,
    clock,
    statements,
    request: ({ body, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID, ...headers },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      }),
    close: async () => {
      await app.close();
      await dispose();
      rmSync(emptyDir, { recursive: true, force: true });
    },
  };
}

/** Wraps the app's inject (the promise form every test uses) with the document's answer check. */
async function checkEveryAnswer(app: App): Promise<void> {
  const document = (await app.inject({ url: `${API_PATHS.docs}/json` })).json<Document>();
  const check = createAnswerCheck(document);
  const inject = app.inject.bind(app);
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const { method = 'GET', url = '/' } =
      typeof options === 'string' ? { url: options } : { method: options.method, url: options.url };
    check.check(String(method), typeof url === 'string' ? url : String(url.pathname ?? '/'), response);
    return response;
  };
  Object.assign(app, {
    inject: (options?: InjectOptions | string, callback?: unknown) =>
      options === undefined || callback !== undefined
        ? (inject as (...a: unknown[]) => unknown)(options, callback)
        : checked(options),
    answersChecked: () => check.checked,
  });
}

/** How many JSON answers a `checkAnswers` app checked against their schemas. */
export const answersChecked = (app: App): number =>
  (app as App & { answersChecked?: () => number }).answersChecked?.() ?? 0;

/** A mobile number no other test in the process uses. */
let mobileCounter = Math.floor(Math.random() * 1_000_000);
export function uniqueMobile(): string {
  mobileCounter = (mobileCounter + 1) % 10_000_000;
  return `98${String(mobileCounter).padStart(8, '0')}`;
}

export const wallet = (path: string) => `${SERVICE_BASES.webWallet}${path}`;

export function body<T = unknown>(
  response: LightMyRequestResponse,
): { code: number; data: T; message: string } {
  return response.json();
}

/** Asserts the envelope's code and HTTP status; returns its data. */
export function expectCode<T = unknown>(response: LightMyRequestResponse, code: number, status: number): T {
  const parsed = body<T>(response);
  expect({ code: parsed.code, status: response.statusCode, message: parsed.message }).toMatchObject({
    code,
    status,
  });
  expect(typeof parsed.message).toBe('string');
  return parsed.data;
}

export async function outbox(t: TestApp, to: string): Promise<OutboxMessage[]> {
  const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${to}` });
  return expectCode<{ list: OutboxMessage[] }>(res, 0, 200).list;
}

/** Requests an OTP and reads it from the dev outbox. */
export async function requestOtp(t: TestApp, mobile: string): Promise<{ txnId: string; otp: string }> {
  const res = await t.request({ method: 'POST', url: wallet(API_PATHS.profile.login), body: { mobile } });
  const { txnId } = expectCode<{ txnId: string }>(res, 0, 200);
  const [latest] = await outbox(t, mobile);
  if (!latest?.otp) throw new Error('no OTP in the outbox');
  return { txnId, otp: latest.otp };
}

export function verifyOtp(t: TestApp, txnId: string, otp: string) {
  return t.request({ method: 'PUT', url: wallet(API_PATHS.profile.verifyOtp(txnId)), body: { otp } });
}

/** Signs a new number up (OTP, then name) and returns its first session. */
export async function signUp(
  t: TestApp,
  mobile = uniqueMobile(),
  name = 'Asha Rao',
): Promise<Session & { mobile: string }> {
  const { txnId, otp } = await requestOtp(t, mobile);
  expectCode(await verifyOtp(t, txnId, otp), 0, 200);
  const res = await t.request({
    method: 'POST',
    url: wallet(API_PATHS.profile.base),
    body: { mobile, name, txnId },
  });
  return { ...expectCode<Session>(res, 0, 200), mobile };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs a staff account in (password, then the e-mailed code from the dev outbox): its bearer header. */
export async function staffSignIn(
  t: TestApp,
  account: { email: string; password: string },
): Promise<Record<string, string>> {
  const step = expectCode<{ challengeId: string }>(
    await t.request({
      method: 'POST',
      url: OPS_API_PATHS.signIn,
      body: { email: account.email, password: account.password },
    }),
    0,
    200,
  );
  const [mail] = await outbox(t, account.email);
  const session = expectCode<{ accessToken: string }>(
    await t.request({
      method: 'POST',
      url: OPS_API_PATHS.verifyCode,
      body: { challengeId: step.challengeId, code: mail!.otp },
    }),
    0,
    200,
  );
  return bearer(session.accessToken);
}
