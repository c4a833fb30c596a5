import { OPS_API_PATHS, type OpsSignInResponse } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import type { DocumentAnalyser } from '../files/analyser.js';
import { createTestApp, expectCode, outbox, type TestApp } from '../../test/test-app.js';
import { createOpsAuthRepository } from './ops-auth-repository.js';
import { createOpsAuthService } from './ops-auth-service.js';

const O = OPS_API_PATHS;
const PASSWORD = 'a-long-enough-password';
const noChecks: DocumentAnalyser = {
  analyseDocument: async () => ({ state: 'COMPLETED', issues: [], pageCount: 1 }),
  recogniseText: async () => '',
};

/**
 * Issue 23 §4: the e-mailed sign-in code cannot be ground down (at most 5 codes and 5 wrong codes per
 * account per hour, counted in the database), and no answer of step 1 tells which staff e-mails exist.
 */
describe('ops sign-in: hourly caps on codes, one answer for every refusal', () => {
  let t: TestApp;
  let accounts = 0;
  beforeAll(async () => {
    t = await createTestApp({
      analyser: noChecks,
      // The production defaults (test-app raises them for the other test files).
      env: { OCR_WORKER: 'off', OPS_SIGN_IN_CODES_PER_HOUR: '5', OPS_WRONG_CODES_PER_HOUR: '5' },
    });
  }, 120_000);
  afterAll(() => t?.close());

  const signIn = (email: string, password = PASSWORD, app: App = t.app) =>
    app.inject({ method: 'POST', url: O.signIn, payload: { email, password } });
  const verify = (challengeId: string, code: string) =>
    t.app.inject({ method: 'POST', url: O.verifyCode, payload: { challengeId, code } });
  /** What a client can tell apart: the status, the code, the message and the data. */
  const answer = (r: LightMyRequestResponse) => ({ status: r.statusCode, ...r.json<object>() });

  /** A fresh verifier account (through the service the create-admin command uses). */
  async function freshAccount(): Promise<string> {
    const email = `limits-${++accounts}@veridocs.test`;
    const svc = createOpsAuthService({
      repo: createOpsAuthRepository(t.db.orm),
      mailer: { name: 'none', send: () => Promise.resolve() },
      tokenKey: new Uint8Array(32),
      codeKey: new Uint8Array(32),
      accessTtlSeconds: 60,
      now: t.clock.now,
      log: t.app.log,
    });
    await svc.createStaff({ email, name: 'Limits', role: 'verifier', password: PASSWORD });
    return email;
  }

  it('an unknown e-mail, a wrong password, a disabled and a locked account answer exactly alike', async () => {
    const unknown = answer(await signIn('nobody-here@veridocs.test'));
    expect(unknown).toMatchObject({ status: 401, code: 170 });

    const wrong = await freshAccount();
    expect(answer(await signIn(wrong, 'not-the-password'))).toEqual(unknown);

    const disabled = await freshAccount();
    await t.db.orm.execute(sql`update staff_accounts set disabled_at = now() where email = ${disabled}`);
    expect(answer(await signIn(disabled))).toEqual(unknown);

    const locked = await freshAccount();
    for (let i = 0; i < 5; i++) await signIn(locked, 'not-the-password');
    // The right password of a locked account: no 171, no retryAfter, nothing that tells it exists.
    expect(answer(await signIn(locked))).toEqual(unknown);
    expect(answer(await signIn(locked, 'not-the-password'))).toEqual(unknown);
  });

  it('a 6th code within the hour is refused with the generic answer, on another instance too', async () => {
    const email = await freshAccount();
    for (let i = 0; i < 5; i++) {
      t.clock.advance(60);
      expectCode(await signIn(email), 0, 200);
    }
    const sent = (await outbox(t, email)).length;
    t.clock.advance(60);
    const unknown = answer(await signIn('nobody-here@veridocs.test'));
    expect(answer(await signIn(email))).toEqual(unknown);
    expect((await outbox(t, email)).length).toBe(sent);

    // The count lives in the database: a second instance (or this one restarted) refuses as well.
    const other = await buildApp(t.config, { db: t.db, now: t.clock.now, analyser: noChecks });
    try {
      expect(answer(await signIn(email, PASSWORD, other))).toEqual(unknown);
    } finally {
      await other.close();
    }
    const audit = (await t.db.orm.execute(
      sql`select a.action from ops_audit a join staff_accounts s on s.id = a.staff_id
          where s.email = ${email} order by a.id`,
    )) as { rows: { action: string }[] };
    expect(audit.rows.filter((r) => r.action === 'sign-in.code-limit')).toHaveLength(2);

    // An hour after the first code, one more may be sent.
    t.clock.advance(60 * 60 - 5 * 60);
    expectCode(await signIn(email), 0, 200);
  });

  it('5 wrong codes across challenges within the hour lock the account for an hour', async () => {
    const email = await freshAccount();
    const challenge = async () => expectCode<OpsSignInResponse>(await signIn(email), 0, 200).challengeId;
    // Two wrong codes on each of two challenges (each allows 3): 4 so far.
    for (let c = 0; c < 2; c++) {
      const id = await challenge();
      expectCode(await verify(id, '000000'), 106, 400);
      expectCode(await verify(id, '000001'), 106, 400);
    }
    const id = await challenge();
    // The 5th wrong code of the hour: this code dies with the account's others.
    expect(expectCode(await verify(id, '000002'), 107, 400)).toEqual({ reason: 'attempts' });
    const [latest] = await outbox(t, email);
    expectCode(await verify(id, latest!.otp!), 107, 400);
    // Locked: the right password gets the generic answer and no code is sent.
    const unknown = answer(await signIn('nobody-here@veridocs.test'));
    expect(answer(await signIn(email))).toEqual(unknown);
    t.clock.advance(30 * 60);
    expect(answer(await signIn(email))).toEqual(unknown);
    t.clock.advance(30 * 60 + 1);
    const fresh = await challenge();
    const [code] = await outbox(t, email);
    expectCode(await verify(fresh, code!.otp!), 0, 200);
  });
});
