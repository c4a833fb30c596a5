import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  API_PATHS,
  DEFAULT_PARTNER_ORG_ID,
  OTP,
  PARTNER_ORG_HEADER,
  SERVICE_BASES,
  aadhaarStepSchema,
  createTransactionResponseSchema,
  transactionInfoSchema,
  verhoeffCheckDigit,
  type AadhaarStep,
  type AadhaarVerifyResponse,
  type OutboxMessage,
  type Session,
} from '@veridocs/shared';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { AadhaarProvider } from '../../providers/aadhaar/index.js';
import {
  SANDBOX_AADHAAR,
  sandboxCaptchaAddress,
  sandboxOtpAddress,
} from '../../providers/aadhaar/sandbox-provider.js';
import {
  bearer,
  createTestApp,
  expectCode,
  signUp,
  uniqueMobile,
  type TestApp,
} from '../../test/test-app.js';
import { consentTo } from '../../test/consent.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const wallet = (path: string) => `${SERVICE_BASES.webWallet}${path}`;
const A = API_PATHS.aadhaar;
const ORG = 'demo-university';
const FORM = 'demo-form';
const ANSWERS = [
  { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
  { questionId: 'demo-q-source', answer: 'EMPLOYER' },
];
type Headers = Record<string, string>;
type Send = (options: InjectOptions & { body?: unknown }) => Promise<LightMyRequestResponse>;

/** A candidate with a started transaction on the demo form (which asks for Aadhaar). */
async function startedCandidate(send: Send, session: Session): Promise<{ h: Headers; txnId: string }> {
  const h = bearer(session.accessToken);
  const created = await send({
    method: 'POST',
    url: v1(API_PATHS.verification.transactions),
    headers: h,
    body: { orgId: ORG, eKycFormId: FORM },
  });
  const { transactionId: txnId } = createTransactionResponseSchema.parse(created.json().data);
  await consentTo({ request: send }, h, { orgId: ORG, txnId });
  const answered = await send({
    method: 'PATCH',
    url: v1(API_PATHS.verification.userResponse),
    headers: h,
    body: { orgId: ORG, txnId, data: ANSWERS },
  });
  expect(answered.statusCode).toBe(200);
  const processed = await send({
    method: 'POST',
    url: v1(API_PATHS.verification.process),
    headers: h,
    body: { orgId: ORG, txnId },
  });
  expect(processed.statusCode).toBe(200);
  return { h, txnId };
}

async function latestOutbox(send: Send, to: string): Promise<OutboxMessage> {
  const res = await send({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${to}` });
  const [latest] = res.json<{ data: { list: OutboxMessage[] } }>().data.list;
  if (!latest?.otp) throw new Error(`nothing in the outbox for ${to}`);
  return latest;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('Aadhaar by OTP: the whole flow on a database on disk', () => {
  it('fills the profile and completes the verification, and the full number is nowhere', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'veridocs-aadhaar-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    // Everything the app logs, at the most verbose level.
    const { log } = Fastify({ logger: { level: 'trace', stream } });
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'trace',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        OCR_WORKER: 'off',
        CHECK_WORKERS: '1',
      },
      dataDir,
    );
    const app = await buildApp(config, { logger: log });
    const bodies: string[] = [];
    const send: Send = async ({ body, headers, ...rest }) => {
      const res = await app.inject({
        ...rest,
        headers: { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID, ...headers },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      });
      bodies.push(res.body);
      return res;
    };
    const number = SANDBOX_AADHAAR.captcha;
    const last4 = number.slice(-4);
    try {
      // Sign-up through the API, as a candidate would.
      const mobile = uniqueMobile();
      const login = await send({ method: 'POST', url: wallet(API_PATHS.profile.login), body: { mobile } });
      const { txnId: otpTxn } = login.json().data as { txnId: string };
      const { otp: loginOtp } = await latestOutbox(send, mobile);
      await send({
        method: 'PUT',
        url: wallet(API_PATHS.profile.verifyOtp(otpTxn)),
        body: { otp: loginOtp },
      });
      const created = await send({
        method: 'POST',
        url: wallet(API_PATHS.profile.base),
        body: { mobile, name: 'Asha V', txnId: otpTxn },
      });
      const session = created.json().data as Session;
      const { h, txnId } = await startedCandidate(send, session);

      // Refused requests that carry the number (an unknown field; another candidate's transaction)
      // must not echo or log it either.
      const refused = await send({
        method: 'POST',
        url: v1(A.start),
        headers: h,
        body: { orgId: ORG, txnId, aadhaarNumber: number, extra: number },
      });
      expect(refused.statusCode).toBe(400);
      const foreign = await send({
        method: 'POST',
        url: v1(A.start),
        headers: h,
        body: { orgId: ORG, txnId: '00000000-0000-4000-8000-000000000000', aadhaarNumber: number },
      });
      expect(foreign.json()).toMatchObject({ code: 122 });

      // Typed in blocks, as the web sends it.
      const spaced = `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`;
      const start = await send({
        method: 'POST',
        url: v1(A.start),
        headers: h,
        body: { orgId: ORG, txnId, aadhaarNumber: spaced },
      });
      const step = aadhaarStepSchema.parse(start.json().data);
      expect(step).toMatchObject({
        captchaRequired: true,
        otpSent: false,
        maskedNumber: `XXXX XXXX ${last4}`,
      });
      // The captcha is a real image.
      const png = Buffer.from(step.captchaImage!.replace(/^data:image\/png;base64,/, ''), 'base64');
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 200, height: 64 });

      // A wrong answer: refused with a new image.
      const wrong = await send({
        method: 'POST',
        url: v1(A.preVerify(step.requestId)),
        headers: h,
        body: { captchaText: 'NOPE1' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 160,
        data: { captchaImage: expect.stringMatching(/^data:image\/png/) },
      });

      const captcha = await latestOutbox(send, sandboxCaptchaAddress(last4));
      const solved = await send({
        method: 'POST',
        url: v1(A.preVerify(step.requestId)),
        headers: h,
        body: { captchaText: captcha.otp!.toLowerCase() },
      });
      expect(solved.json().data).toMatchObject({
        otpSent: true,
        expiresIn: 600,
        resendIn: OTP.resendAfterSeconds,
      });

      const { otp } = await latestOutbox(send, sandboxOtpAddress(last4));
      const badOtp = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
      const wrongOtp = await send({
        method: 'POST',
        url: v1(A.verify),
        headers: h,
        body: { orgId: ORG, txnId, requestId: step.requestId, otp: badOtp },
      });
      expect(wrongOtp.json()).toMatchObject({ code: 106, message: 'Incorrect OTP, 2 attempts left' });

      const verified = await send({
        method: 'POST',
        url: v1(A.verify),
        headers: h,
        body: { orgId: ORG, txnId, requestId: step.requestId, otp },
      });
      expect(verified.statusCode).toBe(200);
      const result = verified.json().data as AadhaarVerifyResponse;
      expect(result).toMatchObject({
        verificationName: 'aadhaar',
        state: 'COMPLETED',
        profile: {
          maskedNumber: `XXXX XXXX ${last4}`,
          name: 'Asha Verma',
          dateOfBirth: '1994-08-15',
          gender: 'F',
          address: { vtc: 'Gurugram', state: 'Haryana', pincode: '122001' },
          photo: expect.stringMatching(/^data:image\/png;base64,/),
        },
      });

      // The name given at sign-up stays, the verified one beside it; GET /profile/aadhaar the details.
      const profile = await send({ method: 'GET', url: wallet(API_PATHS.profile.base), headers: h });
      expect(profile.json().data).toMatchObject({
        profileDetails: { name: 'Asha V' },
        verifiedName: 'Asha Verma',
        // /basic-details filled from the record: the candidate had saved none.
        basicDetails: { dateOfBirth: '1994-08-15', gender: 'FEMALE' },
      });
      const details = await send({ method: 'GET', url: wallet(API_PATHS.profile.aadhaar), headers: h });
      expect(details.json().data).toEqual(result.profile);
      const info = await send({
        method: 'GET',
        url: `${v1(API_PATHS.verification.info)}?orgId=${ORG}&txnId=${txnId}`,
        headers: h,
      });
      const parsed = transactionInfoSchema.parse(info.json().data);
      expect(parsed.verificationList.aadhaar!.state).toBe('COMPLETED');
      expect(parsed.state).toBe('DATA_SAVED');
    } finally {
      await app.close();
    }

    // Nothing kept the full number: not the database files, not the logs, not any answer.
    const forms = [number, `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`];
    const files = filesUnder(join(dataDir, 'db'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const form of forms) expect(bytes.includes(Buffer.from(form)), file).toBe(false);
    }
    expect(lines.length).toBeGreaterThan(10);
    expect(bodies.length).toBeGreaterThan(10);
    for (const text of [...lines, ...bodies]) for (const form of forms) expect(text).not.toContain(form);
    // The check itself would have found it: the last 4 are there.
    expect(bodies.join('\n')).toContain(`XXXX XXXX ${last4}`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});

describe('Aadhaar by OTP: the rules', () => {
  let t: TestApp;
  let calls: string[] = [];
  let slowMs = 0;
  /** The sandbox behind a recorder: a refused number must not reach the provider. */
  let provider: AadhaarProvider;
  beforeAll(async () => {
    const { createSandboxAadhaarProvider } = await import('../../providers/aadhaar/sandbox-provider.js');
    const box: { inner?: AadhaarProvider } = {};
    provider = {
      name: 'sandbox',
      start: (n) => (calls.push('start'), box.inner!.start(n)),
      submitCaptcha: (r, x) => (calls.push('captcha'), box.inner!.submitCaptcha(r, x)),
      verifyOtp: async (r, o) => {
        calls.push('verify');
        // A slow provider: answers sent at once all reach the server before the first is judged.
        await new Promise((resolve) => setTimeout(resolve, slowMs));
        return box.inner!.verifyOtp(r, o);
      },
    };
    t = await createTestApp({ env: { OCR_WORKER: 'off', AADHAAR_REFUSE_REPEATS: '1' }, aadhaar: provider });
    const { createOutboxRepository } = await import('../../providers/outbox/outbox-repository.js');
    const { createAadhaarSandboxRepository } = await import('../../providers/aadhaar/sandbox-repository.js');
    box.inner = createSandboxAadhaarProvider({
      checks: createAadhaarSandboxRepository(t.db.orm),
      outbox: createOutboxRepository(t.db.orm),
      key: new Uint8Array(32).fill(7),
      now: t.clock.now,
    });
  });
  afterAll(() => t?.close());

  const send: Send = (o) => t.request(o);
  async function candidate() {
    return startedCandidate(send, await signUp(t));
  }
  const start = (c: { h: Headers; txnId: string }, aadhaarNumber: string) =>
    send({
      method: 'POST',
      url: v1(A.start),
      headers: c.h,
      body: { orgId: ORG, txnId: c.txnId, aadhaarNumber },
    });
  const verify = (c: { h: Headers; txnId: string }, requestId: string, otp: string) =>
    send({
      method: 'POST',
      url: v1(A.verify),
      headers: c.h,
      body: { orgId: ORG, txnId: c.txnId, requestId, otp },
    });
  const otpOf = async (number: string) =>
    (await latestOutbox(send, sandboxOtpAddress(number.slice(-4)))).otp!;

  it('refuses a failed Verhoeff digit or a wrong length before calling the provider', async () => {
    const c = await candidate();
    calls = [];
    const body = '34567890123';
    const good = body + verhoeffCheckDigit(body);
    const bad = body + String((Number(verhoeffCheckDigit(body)) + 1) % 10);
    expect(expectCode(await start(c, bad), 100, 400)).toEqual([
      { path: 'aadhaarNumber', message: 'This is not a valid Aadhaar number, please check the digits' },
    ]);
    const swapped = good.slice(0, 3) + good[4] + good[3] + good.slice(5);
    expectCode(await start(c, swapped), 100, 400);
    expect((await start(c, '12345')).json().data).toEqual([
      { path: 'aadhaarNumber', message: 'Aadhaar number must be 12 digits' },
    ]);
    expect(calls).toEqual([]);
  });

  it('sends the OTP at once when the provider asks no captcha; an expired OTP is refused', async () => {
    const c = await candidate();
    const step = expectCode<AadhaarStep>(await start(c, SANDBOX_AADHAAR.direct), 0, 200);
    expect(step).toMatchObject({
      captchaRequired: false,
      captchaImage: null,
      otpSent: true,
      expiresIn: 600,
      resendIn: OTP.resendAfterSeconds,
    });
    const otp = await otpOf(SANDBOX_AADHAAR.direct);
    t.clock.advance(601);
    const expired = await verify(c, step.requestId, otp);
    expect(expired.json()).toMatchObject({ code: 107, message: 'OTP has expired, please request a new one' });
  });

  it('closes the check after 3 wrong OTPs; only the latest check works', async () => {
    const c = await candidate();
    const first = expectCode<AadhaarStep>(await start(c, SANDBOX_AADHAAR.direct), 0, 200);
    const firstOtp = await otpOf(SANDBOX_AADHAAR.direct);
    const second = expectCode<AadhaarStep>(await start(c, SANDBOX_AADHAAR.direct), 0, 200);
    // The first check ended when the second began.
    expect((await verify(c, first.requestId, firstOtp)).json()).toMatchObject({ code: 101 });
    const otp = await otpOf(SANDBOX_AADHAAR.direct);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    expect((await verify(c, second.requestId, wrong)).json().data).toEqual({ attemptsLeft: 2 });
    expect((await verify(c, second.requestId, wrong)).json().message).toBe('Incorrect OTP, 1 attempt left');
    expect((await verify(c, second.requestId, wrong)).json()).toMatchObject({
      code: 106,
      data: { attemptsLeft: 0 },
    });
    expect((await verify(c, second.requestId, otp)).json()).toMatchObject({
      code: 101,
      message: 'This Aadhaar verification has ended, please start again',
    });
  });

  it('explains a provider that is down and a number it does not know', async () => {
    const c = await candidate();
    expect(expectCode(await start(c, SANDBOX_AADHAAR.down), 161, 503)).toBeNull();
    expect((await start(c, SANDBOX_AADHAAR.down)).json().message).toBe(
      'The Aadhaar service is not responding right now, please try again in a few minutes',
    );
    const unknown = '56789012345' + verhoeffCheckDigit('56789012345');
    expect((await start(c, unknown)).json()).toMatchObject({ code: 162 });
  });

  it("refuses a number another account verified, and another candidate's check", async () => {
    const owner = await candidate();
    const step = expectCode<AadhaarStep>(await start(owner, SANDBOX_AADHAAR.direct), 0, 200);
    const other = await candidate();
    // Not someone else's check.
    expect((await verify(other, step.requestId, await otpOf(SANDBOX_AADHAAR.direct))).json()).toMatchObject({
      code: 101,
    });
    expectCode(await verify(owner, step.requestId, await otpOf(SANDBOX_AADHAAR.direct)), 0, 200);
    expect((await start(other, SANDBOX_AADHAAR.direct)).json()).toMatchObject({
      code: 163,
      message: 'This Aadhaar number is already linked to another account',
    });
    // Done once: the same candidate cannot start again on that transaction.
    expect((await start(owner, SANDBOX_AADHAAR.direct)).json()).toMatchObject({ code: 123 });
    // GET /profile/aadhaar: 104 before any verification.
    expect(
      (await send({ method: 'GET', url: wallet(API_PATHS.profile.aadhaar), headers: other.h })).json(),
    ).toMatchObject({
      code: 104,
      data: null,
    });
  });

  it('allows 5 checks an hour per candidate', async () => {
    const c = await candidate();
    // The number no other test of this app verifies.
    for (let i = 0; i < 5; i++) expectCode(await start(c, SANDBOX_AADHAAR.captcha), 0, 200);
    calls = [];
    expect((await start(c, SANDBOX_AADHAAR.captcha)).json()).toMatchObject({ code: 109 });
    expect(calls).toEqual([]);
  });

  it('counts failed starts (provider down, unknown number) in the 5 an hour', async () => {
    const c = await candidate();
    const unknown = '56789012345' + verhoeffCheckDigit('56789012345');
    for (let i = 0; i < 3; i++) expectCode(await start(c, SANDBOX_AADHAAR.down), 161, 503);
    for (let i = 0; i < 2; i++) expect((await start(c, unknown)).json()).toMatchObject({ code: 162 });
    calls = [];
    expect((await start(c, SANDBOX_AADHAAR.direct)).json()).toMatchObject({ code: 109 });
    expect(calls).toEqual([]);
  });

  it('parallel starts cannot pass the 5 an hour', async () => {
    const c = await candidate();
    calls = [];
    const answers = await Promise.all(Array.from({ length: 9 }, () => start(c, SANDBOX_AADHAAR.captcha)));
    const codes = answers.map((r) => r.json().code as number);
    expect(codes.filter((code) => code === 0)).toHaveLength(5);
    expect(codes.filter((code) => code === 109)).toHaveLength(4);
    expect(calls.filter((call) => call === 'start')).toHaveLength(5);
  });

  it('parallel wrong OTPs reach the provider at most 3 times, then the check is closed', async () => {
    const c = await candidate();
    // The number no account of this app verifies (repeats are refused here): its captcha solved first.
    const number = SANDBOX_AADHAAR.captcha;
    const step = expectCode<AadhaarStep>(await start(c, number), 0, 200);
    const captcha = await latestOutbox(send, sandboxCaptchaAddress(number.slice(-4)));
    const solved = await send({
      method: 'POST',
      url: v1(A.preVerify(step.requestId)),
      headers: c.h,
      body: { captchaText: captcha.otp! },
    });
    expectCode(solved, 0, 200);
    const otp = await otpOf(number);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    calls = [];
    slowMs = 50;
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(c, step.requestId, wrong)));
    slowMs = 0;
    expect(calls.filter((call) => call === 'verify').length).toBeLessThanOrEqual(3);
    for (const answer of answers) expect([106, 101]).toContain(answer.json().code);
    expect((await verify(c, step.requestId, otp)).json()).toMatchObject({ code: 101 });
    expect(calls.filter((call) => call === 'verify').length).toBeLessThanOrEqual(3);
  });

  it('parallel wrong captcha answers reach the provider at most 5 times', async () => {
    const c = await candidate();
    const step = expectCode<AadhaarStep>(await start(c, SANDBOX_AADHAAR.captcha), 0, 200);
    calls = [];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send({
          method: 'POST',
          url: v1(A.preVerify(step.requestId)),
          headers: c.h,
          body: { captchaText: 'NOPE1' },
        }),
      ),
    );
    expect(calls.filter((call) => call === 'captcha').length).toBeLessThanOrEqual(5);
    for (const answer of answers) expect([160, 101]).toContain(answer.json().code);
  });
});

describe('Aadhaar by OTP: the success is one database transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', AADHAAR_REFUSE_REPEATS: '1' } });
  });
  afterAll(() => t?.close());

  it('two accounts verifying one number at once: one wins, the other changes nothing', async () => {
    const send: Send = (o) => t.request(o);
    const number = SANDBOX_AADHAAR.captcha;
    const ready: { c: { h: Headers; txnId: string }; requestId: string; otp: string }[] = [];
    for (const name of ['First Candidate', 'Second Candidate']) {
      const c = await startedCandidate(send, await signUp(t, undefined, name));
      const started = await send({
        method: 'POST',
        url: v1(A.start),
        headers: c.h,
        body: { orgId: ORG, txnId: c.txnId, aadhaarNumber: number },
      });
      const { requestId } = expectCode<AadhaarStep>(started, 0, 200);
      const captcha = await latestOutbox(send, sandboxCaptchaAddress(number.slice(-4)));
      const solved = await send({
        method: 'POST',
        url: v1(A.preVerify(requestId)),
        headers: c.h,
        body: { captchaText: captcha.otp! },
      });
      expectCode(solved, 0, 200);
      ready.push({ c, requestId, otp: (await latestOutbox(send, sandboxOtpAddress(number.slice(-4)))).otp! });
    }
    const answers = await Promise.all(
      ready.map(({ c, requestId, otp }) =>
        send({
          method: 'POST',
          url: v1(A.verify),
          headers: c.h,
          body: { orgId: ORG, txnId: c.txnId, requestId, otp },
        }),
      ),
    );
    const codes = answers.map((r) => r.json().code as number);
    expect([...codes].sort()).toEqual([0, 163]);
    const loser = ready[codes.indexOf(163)]!;
    const rows = (await t.db.orm.execute(sql`
      select r.stage, p.aadhaar_hash, v.state
        from aadhaar_requests r
        join profiles p on p.id = r.profile_id
        join verification_records v on v.txn_id = r.txn_id and v.name = 'aadhaar'
       where r.id = ${loser.requestId}`)) as { rows: unknown[] };
    // Not used up, profile not filled, verification not completed.
    expect(rows.rows).toEqual([{ stage: 'otp', aadhaar_hash: null, state: 'NOT_INITIALIZED' }]);
  });
});

describe('Aadhaar configuration', () => {
  it('is the sandbox by default (repeats allowed: its test numbers are shared)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).aadhaar).toEqual({ kind: 'sandbox', refuseRepeats: false });
  });

  it('needs the URL and credentials of a licensed provider, and refuses repeats there', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', AADHAAR_PROVIDER: 'http' })).toThrow(/AADHAAR_API_URL/);
    expect(
      loadConfig({
        NODE_ENV: 'test',
        AADHAAR_PROVIDER: 'http',
        AADHAAR_API_URL: 'https://sandbox.cashfree.com/verification/',
        AADHAAR_CLIENT_ID: 'id',
        AADHAAR_CLIENT_SECRET: 'secret',
      }).aadhaar,
    ).toEqual({
      kind: 'http',
      url: 'https://sandbox.cashfree.com/verification',
      clientId: 'id',
      clientSecret: 'secret',
      timeoutMs: 15_000,
      refuseRepeats: true,
    });
  });
});

describe('Aadhaar by OTP in the sandbox: shared test numbers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());
  const send: Send = (o) => t.request(o);
  const candidate = async () => startedCandidate(send, await signUp(t));
  const start = (c: { h: Headers; txnId: string }, aadhaarNumber: string) =>
    send({
      method: 'POST',
      url: v1(A.start),
      headers: c.h,
      body: { orgId: ORG, txnId: c.txnId, aadhaarNumber },
    });
  const verify = (c: { h: Headers; txnId: string }, requestId: string, otp: string) =>
    send({
      method: 'POST',
      url: v1(A.verify),
      headers: c.h,
      body: { orgId: ORG, txnId: c.txnId, requestId, otp },
    });
  const otpOf = async (number: string) =>
    (await latestOutbox(send, sandboxOtpAddress(number.slice(-4)))).otp!;

  it('refuses the typed Aadhaar form on /bgv: only the OTP check completes it, and submit waits for it', async () => {
    const c = await candidate();
    for (const method of ['PUT', 'POST'] as const) {
      const res = await send({
        method,
        url: v1(API_PATHS.verification.bgv),
        headers: c.h,
        body: {
          orgId: ORG,
          txnId: c.txnId,
          verificationName: 'aadhaar',
          data: { aadhaarNumber: '123412341234' },
        },
      });
      expect(res.json()).toMatchObject({
        code: 123,
        message: 'Aadhaar is verified only by an OTP sent to your Aadhaar-linked mobile',
      });
    }
    const rows = (await t.db.orm.execute(
      sql`select state, data from verification_records where txn_id = ${c.txnId} and name = 'aadhaar'`,
    )) as { rows: unknown[] };
    expect(rows.rows).toEqual([{ state: 'NOT_INITIALIZED', data: {} }]);
    // A record an older typed form made ready (and the number the migration strips) still blocks submit.
    await t.db.orm.execute(
      sql`update verification_records set state = 'READY_TO_SUBMIT', data = ${JSON.stringify({ aadhaarNumber: '123412341234', candidateName: 'X' })}::jsonb where txn_id = ${c.txnId} and name = 'aadhaar'`,
    );
    await t.db.orm.execute(
      sql`update verification_records set state = 'COMPLETED' where txn_id = ${c.txnId} and name = 'bgv-degree'`,
    );
    await send({
      method: 'POST',
      url: v1(API_PATHS.verification.markAsSkip),
      headers: c.h,
      body: {
        orgId: ORG,
        txnId: c.txnId,
        verificationNameList: [
          'bgv-twelfth',
          'bgv-tenth',
          'passport',
          'dl',
          'employment-check',
          'bgv-employment',
          'bgv-address',
          'bgv-ews',
        ],
      },
    });
    // Never answered in full (the read-only form of a legacy record), even before the migration.
    const shown = await send({
      method: 'GET',
      url: `${v1(API_PATHS.verification.typeInfo('aadhaar'))}?orgId=${ORG}&txnId=${c.txnId}`,
      headers: c.h,
    });
    expect(shown.json()).toMatchObject({ code: 0, data: { data: { candidateName: 'X' } } });
    expect(shown.body).not.toContain('123412341234');
    await t.db.orm.execute(
      sql.raw(
        readFileSync(new URL('../../db/migrations/0008_aadhaar_number_dropped.sql', import.meta.url), 'utf8'),
      ),
    );
    const after = (await t.db.orm.execute(
      sql`select data from verification_records where txn_id = ${c.txnId} and name = 'aadhaar'`,
    )) as { rows: unknown[] };
    expect(after.rows).toEqual([{ data: { candidateName: 'X' } }]);
    const submit = () =>
      send({
        method: 'POST',
        url: v1(API_PATHS.verification.submit),
        headers: c.h,
        body: { orgId: ORG, txnId: c.txnId },
      });
    expect((await submit()).json()).toMatchObject({ code: 123, data: { pending: ['aadhaar'] } });
    // Verified by OTP: now it can be submitted.
    const step = expectCode<AadhaarStep>(await start(c, SANDBOX_AADHAAR.direct), 0, 200);
    expectCode(await verify(c, step.requestId, await otpOf(SANDBOX_AADHAAR.direct)), 0, 200);
    expect((await submit()).json()).toMatchObject({ code: 0, data: { state: 'SUBMITTED' } });
  });

  it('lets two accounts verify the same sandbox number (repeats only logged there)', async () => {
    for (const name of ['First Candidate', 'Second Candidate']) {
      const user = await signUp(t, undefined, name);
      const c = await startedCandidate(send, user);
      // Basic details the candidate saved are not replaced by the record's.
      const mine = { dateOfBirth: '1990-01-02', gender: 'OTHER' };
      const saved = await send({
        method: 'PUT',
        url: wallet(API_PATHS.profile.verificationDetail),
        headers: c.h,
        body: { basicDetails: mine },
      });
      expectCode(saved, 0, 200);
      const started = await send({
        method: 'POST',
        url: v1(A.start),
        headers: c.h,
        body: { orgId: ORG, txnId: c.txnId, aadhaarNumber: SANDBOX_AADHAAR.direct },
      });
      const { requestId } = expectCode<AadhaarStep>(started, 0, 200);
      const { otp } = await latestOutbox(send, sandboxOtpAddress(SANDBOX_AADHAAR.direct.slice(-4)));
      const verified = await send({
        method: 'POST',
        url: v1(A.verify),
        headers: c.h,
        body: { orgId: ORG, txnId: c.txnId, requestId, otp },
      });
      expect(expectCode<AadhaarVerifyResponse>(verified, 0, 200).profile.name).toBe('Rohan Iyer');
      // The name the candidate gave stays; the verified one beside it offers the name change request.
      const profile = await send({ method: 'GET', url: wallet(API_PATHS.profile.base), headers: c.h });
      expect(profile.json().data).toMatchObject({
        profileDetails: { name },
        verifiedName: 'Rohan Iyer',
        basicDetails: mine,
      });
    }
  });
});
