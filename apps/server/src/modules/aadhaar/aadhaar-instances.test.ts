import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, SERVICE_BASES, type AadhaarStep, type AadhaarVerifyResponse } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client.js';
import {
  SANDBOX_AADHAAR,
  sandboxCaptchaAddress,
  sandboxOtpAddress,
} from '../../providers/aadhaar/sandbox-provider.js';
import { candidateWithRequest } from '../../test/candidate.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createTestApp, createTestClock, expectCode, type TestApp } from '../../test/test-app.js';

/**
 * Issue 31 §3: the Aadhaar sandbox's checks live in the database, so a check started on one instance
 * is answered on another (in process memory it was 503 "provider down"). Two apps on one database:
 * PostgreSQL (TEST_DATABASE_URL; each app with its own pool, as two processes) or a shared PGlite.
 */
const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const A = API_PATHS.aadhaar;

describe('an Aadhaar sandbox check across instances', () => {
  let database: TestDatabase;
  let second: Database | undefined;
  let a: TestApp;
  let b: TestApp;
  const clock = createTestClock();
  let filesDir = '';

  beforeAll(async () => {
    database = await createTestDatabase({ shared: true });
    second = database.url ? openPostgres(database.url, { max: 3 }) : undefined;
    // Instances on one database share their files too (a refusal otherwise: ADR 0050).
    filesDir = mkdtempSync(join(tmpdir(), 'veridocs-aadhaar-files-'));
    const env = { OCR_WORKER: 'off', FILES_DIR: filesDir };
    a = await createTestApp({ env, clock, database: database.db });
    b = await createTestApp({ env, clock, database: second ?? database.db });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.dispose();
    rmSync(filesDir, { recursive: true, force: true });
  });

  /** The newest secret the sandbox put in the dev outbox for `to`, read through `app`. */
  async function outbox(app: TestApp, to: string): Promise<string> {
    const res = await app.request({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${to}` });
    return expectCode<{ list: { otp: string }[] }>(res, 0, 200).list[0]!.otp;
  }

  it('starts on one and verifies the OTP on the other', async () => {
    const c = await candidateWithRequest(a, { answers: true });
    const number = SANDBOX_AADHAAR.direct;
    const step = expectCode<AadhaarStep>(
      await a.request({
        method: 'POST',
        url: v1(A.start),
        headers: c.h,
        body: { ...c.at, aadhaarNumber: number },
      }),
      0,
      200,
    );
    expect(step.otpSent).toBe(true);
    const otp = await outbox(b, sandboxOtpAddress(number.slice(-4)));
    const verified = expectCode<AadhaarVerifyResponse>(
      await b.request({
        method: 'POST',
        url: v1(A.verify),
        headers: c.h,
        body: { ...c.at, requestId: step.requestId, otp },
      }),
      0,
      200,
    );
    expect(verified.profile.name).toBe('Rohan Iyer');
  });

  it('asks the captcha on one, takes its answer on the other, and the OTP back on the first', async () => {
    const c = await candidateWithRequest(b, { answers: true });
    const number = SANDBOX_AADHAAR.captcha;
    const last4 = number.slice(-4);
    const step = expectCode<AadhaarStep>(
      await b.request({
        method: 'POST',
        url: v1(A.start),
        headers: c.h,
        body: { ...c.at, aadhaarNumber: number },
      }),
      0,
      200,
    );
    expect(step.captchaRequired).toBe(true);
    // A wrong answer on A: a new captcha, which A's next answer must match.
    const wrong = await a.request({
      method: 'POST',
      url: v1(A.preVerify(step.requestId)),
      headers: c.h,
      body: { captchaText: 'NOPE1' },
    });
    expectCode(wrong, 160, 400);
    const answered = expectCode<AadhaarStep>(
      await a.request({
        method: 'POST',
        url: v1(A.preVerify(step.requestId)),
        headers: c.h,
        body: { captchaText: await outbox(b, sandboxCaptchaAddress(last4)) },
      }),
      0,
      200,
    );
    expect(answered.otpSent).toBe(true);
    const verified = expectCode<AadhaarVerifyResponse>(
      await b.request({
        method: 'POST',
        url: v1(A.verify),
        headers: c.h,
        body: { ...c.at, requestId: step.requestId, otp: await outbox(a, sandboxOtpAddress(last4)) },
      }),
      0,
      200,
    );
    expect(verified.profile.name).toBe('Asha Verma');
  });

  it('keeps no Aadhaar number in its table, and sweeps checks an hour after they expired', async () => {
    const start = async (app: TestApp) => {
      const c = await candidateWithRequest(app, { answers: true });
      return app.request({
        method: 'POST',
        url: v1(A.start),
        headers: c.h,
        body: { ...c.at, aadhaarNumber: SANDBOX_AADHAAR.direct },
      });
    };
    expectCode(await start(a), 0, 200);
    const rows = async () =>
      (
        (await database.db.orm.execute(sql`select t::text as row from sandbox_aadhaar_checks t`)) as {
          rows: { row: string }[];
        }
      ).rows.map((r) => r.row);
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    for (const number of Object.values(SANDBOX_AADHAAR)) expect(before.join('\n')).not.toContain(number);
    // The OTPs expire after 10 minutes; an hour later the next check (on either instance) sweeps them
    // (a new candidate: the sessions expired too).
    clock.advance(600 + 3600 + 1);
    expectCode(await start(b), 0, 200);
    expect(await rows()).toHaveLength(1);
  });
});
