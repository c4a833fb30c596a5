import { API_PATHS, MOBILE_OTP_LENGTH, OTP } from '@veridocs/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpThrottles } from '../../db/schema/index.js';
import {
  createTestApp,
  expectCode,
  outbox,
  requestOtp,
  signUp,
  uniqueMobile,
  verifyOtp,
  wallet,
  type TestApp,
} from '../../test/test-app.js';

const login = wallet(API_PATHS.profile.login);

/** A code that is certainly not `otp`. */
const wrong = (otp: string) =>
  String((Number(otp) + 1) % 10 ** MOBILE_OTP_LENGTH).padStart(MOBILE_OTP_LENGTH, '0');

describe('mobile OTP login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('sends a 6-digit OTP and answers the login data', async () => {
    const mobile = uniqueMobile();
    const res = await t.request({ method: 'POST', url: login, body: { mobile } });
    const data = expectCode<Record<string, unknown>>(res, 0, 200);
    expect(data).toEqual({
      txnId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      channel: 'sms',
      expiresIn: OTP.ttlSeconds,
      resendIn: OTP.resendAfterSeconds,
      requestsLeft: OTP.maxRequests - 1,
    });
    const [message, ...rest] = await outbox(t, mobile);
    expect(rest).toHaveLength(0);
    expect(message).toMatchObject({ channel: 'sms', to: mobile, otp: expect.stringMatching(/^\d{6}$/) });
    expect(message!.body).toBe(
      `${message!.otp} is your Veridocs verification code. It expires in 10 minutes. Do not share it with anyone.`,
    );
  });

  it('answers a known number exactly like a new one (no enumeration)', async () => {
    const known = await signUp(t);
    t.clock.advance(OTP.resendAfterSeconds);
    const a = await t.request({ method: 'POST', url: login, body: { mobile: known.mobile } });
    const b = await t.request({ method: 'POST', url: login, body: { mobile: uniqueMobile() } });
    const shape = (r: typeof a) => ({
      ...r.json(),
      data: { ...r.json().data, txnId: 'x', requestsLeft: 'x' },
    });
    expect(shape(a)).toEqual(shape(b));
  });

  it('sends on WhatsApp when asked', async () => {
    const mobile = uniqueMobile();
    const res = await t.request({ method: 'POST', url: login, body: { mobile, channel: 'whatsapp' } });
    expect(expectCode<{ channel: string }>(res, 0, 200).channel).toBe('whatsapp');
    expect((await outbox(t, mobile))[0]?.channel).toBe('whatsapp');
  });

  it('refuses a malformed mobile and stores nothing', async () => {
    for (const mobile of ['12345', '5876543210', '98765432101', 'abcdefghij', '']) {
      const res = await t.request({ method: 'POST', url: login, body: { mobile } });
      expectCode(res, 100, 400);
      expect(res.json().message).toBe('mobile: Enter a valid 10-digit mobile number');
      expect(await outbox(t, mobile || 'empty')).toHaveLength(0);
    }
  });

  it('logs a known number in with the right code', async () => {
    const user = await signUp(t);
    t.clock.advance(OTP.resendAfterSeconds);
    const { txnId, otp } = await requestOtp(t, user.mobile);
    const data = expectCode<Record<string, unknown>>(await verifyOtp(t, txnId, otp), 0, 200);
    expect(data).toEqual({
      newUser: false,
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      refreshTokenExpiresIn: t.config.accessTokenTtlSeconds,
    });
  });

  it('refuses a non-digit or short OTP with code 100', async () => {
    const { txnId } = await requestOtp(t, uniqueMobile());
    for (const otp of ['12a456', '12345', '1234567', ' 123456']) {
      const res = await verifyOtp(t, txnId, otp);
      expectCode(res, 100, 400);
      expect(res.json().message).toBe('otp: Enter the 6-digit OTP');
    }
  });

  it('answers an unknown txnId with 101 and a malformed one with 100', async () => {
    const unknown = await verifyOtp(t, '3f1c0b9e-2a4d-4c8e-9f61-0d2b7a5e4c11', '123456');
    expectCode(unknown, 101, 404);
    expect(unknown.json().message).toMatch(/unknown otp transaction/i);
    expectCode(await verifyOtp(t, 'not-a-uuid', '123456'), 100, 400);
  });

  it('counts a wrong code (106) and still accepts the right one afterwards', async () => {
    const { txnId, otp } = await requestOtp(t, uniqueMobile());
    const res = await verifyOtp(t, txnId, wrong(otp));
    expect(expectCode(res, 106, 400)).toEqual({ attemptsLeft: OTP.maxFailedAttempts - 1 });
    expect(expectCode<{ newUser: boolean }>(await verifyOtp(t, txnId, otp), 0, 200).newUser).toBe(true);
  });

  it('expires a code after its lifetime (107)', async () => {
    const { txnId, otp } = await requestOtp(t, uniqueMobile());
    t.clock.advance(OTP.ttlSeconds - 1);
    const mobile2 = uniqueMobile();
    const { txnId: txn2, otp: otp2 } = await requestOtp(t, mobile2);
    t.clock.advance(1);
    expectCode(await verifyOtp(t, txnId, otp), 107, 400);
    // One second short of its lifetime a code still works.
    t.clock.advance(OTP.ttlSeconds - 2);
    expectCode(await verifyOtp(t, txn2, otp2), 0, 200);
  });

  it('uses a code only once (116)', async () => {
    const { txnId, otp } = await requestOtp(t, uniqueMobile());
    expectCode(await verifyOtp(t, txnId, otp), 0, 200);
    expectCode(await verifyOtp(t, txnId, otp), 116, 400);
  });

  it('lets exactly one of two concurrent verifications win', async () => {
    const { txnId, otp } = await requestOtp(t, uniqueMobile());
    const results = await Promise.all([verifyOtp(t, txnId, otp), verifyOtp(t, txnId, otp)]);
    expect(results.map((r) => r.json().code).sort()).toEqual([0, 116]);
  });

  it('only the latest code works after a resend', async () => {
    const mobile = uniqueMobile();
    const first = await requestOtp(t, mobile);
    t.clock.advance(OTP.resendAfterSeconds);
    const second = await requestOtp(t, mobile);
    const old = await verifyOtp(t, first.txnId, first.otp);
    expectCode(old, 107, 400);
    expect(old.json().message).toBe('This OTP is no longer valid, use the latest one');
    expectCode(await verifyOtp(t, second.txnId, second.otp), 0, 200);
  });

  it('enforces the resend cooldown (110) with retryAfter', async () => {
    const mobile = uniqueMobile();
    await requestOtp(t, mobile);
    t.clock.advance(OTP.resendAfterSeconds - 10);
    const res = await t.request({ method: 'POST', url: login, body: { mobile } });
    expect(expectCode(res, 110, 429)).toEqual({ retryAfter: 10 });
    expect(await outbox(t, mobile)).toHaveLength(1);
    t.clock.advance(10);
    expectCode(await t.request({ method: 'POST', url: login, body: { mobile } }), 0, 200);
  });

  it('allows only a few requests per window (109), then again after the window', async () => {
    const mobile = uniqueMobile();
    for (let i = 0; i < OTP.maxRequests; i += 1) {
      const res = await t.request({ method: 'POST', url: login, body: { mobile } });
      expect(expectCode<{ requestsLeft: number }>(res, 0, 200).requestsLeft).toBe(OTP.maxRequests - i - 1);
      t.clock.advance(OTP.resendAfterSeconds);
    }
    const refused = await t.request({ method: 'POST', url: login, body: { mobile } });
    const { retryAfter } = expectCode<{ retryAfter: number }>(refused, 109, 429);
    expect(retryAfter).toBe(OTP.requestWindowSeconds - OTP.maxRequests * OTP.resendAfterSeconds);
    expect(await outbox(t, mobile)).toHaveLength(OTP.maxRequests);
    t.clock.advance(retryAfter);
    expectCode(await t.request({ method: 'POST', url: login, body: { mobile } }), 0, 200);
  });

  it('blocks the number for 2 hours after 3 wrong codes in a row (108), then lets it in again', async () => {
    const user = await signUp(t);
    t.clock.advance(OTP.resendAfterSeconds);
    const { txnId, otp } = await requestOtp(t, user.mobile);
    expect(expectCode(await verifyOtp(t, txnId, wrong(otp)), 106, 400)).toEqual({ attemptsLeft: 2 });
    expect(expectCode(await verifyOtp(t, txnId, wrong(otp)), 106, 400)).toEqual({ attemptsLeft: 1 });
    const third = await verifyOtp(t, txnId, wrong(otp));
    expect(expectCode(third, 108, 429)).toEqual({ retryAfter: OTP.blockSeconds });
    expect(third.json().message).toBe('Too many failed attempts. This number is blocked for 2 hours');

    // Blocked: even the right code, and new OTP requests, are refused.
    expectCode(await verifyOtp(t, txnId, otp), 108, 429);
    t.clock.advance(OTP.resendAfterSeconds);
    const login1 = await t.request({ method: 'POST', url: login, body: { mobile: user.mobile } });
    expect(expectCode<{ retryAfter: number }>(login1, 108, 429).retryAfter).toBe(
      OTP.blockSeconds - OTP.resendAfterSeconds,
    );

    t.clock.advance(OTP.blockSeconds - OTP.resendAfterSeconds - 1);
    expectCode(await t.request({ method: 'POST', url: login, body: { mobile: user.mobile } }), 108, 429);
    t.clock.advance(1);
    const after = await requestOtp(t, user.mobile);
    expect(expectCode<{ newUser: boolean }>(await verifyOtp(t, after.txnId, after.otp), 0, 200).newUser).toBe(
      false,
    );
  });

  it('resets the failure count after a correct code', async () => {
    const mobile = uniqueMobile();
    const first = await requestOtp(t, mobile);
    expectCode(await verifyOtp(t, first.txnId, wrong(first.otp)), 106, 400);
    expectCode(await verifyOtp(t, first.txnId, wrong(first.otp)), 106, 400);
    expectCode(await verifyOtp(t, first.txnId, first.otp), 0, 200);
    t.clock.advance(OTP.resendAfterSeconds);
    const second = await requestOtp(t, mobile);
    expect(expectCode(await verifyOtp(t, second.txnId, wrong(second.otp)), 106, 400)).toEqual({
      attemptsLeft: 2,
    });
  });

  it('counts failures per number across resends', async () => {
    const mobile = uniqueMobile();
    const first = await requestOtp(t, mobile);
    expectCode(await verifyOtp(t, first.txnId, wrong(first.otp)), 106, 400);
    expectCode(await verifyOtp(t, first.txnId, wrong(first.otp)), 106, 400);
    t.clock.advance(OTP.resendAfterSeconds);
    const second = await requestOtp(t, mobile);
    expectCode(await verifyOtp(t, second.txnId, wrong(second.otp)), 108, 429);
  });
});

// Issue 9 §5, SMS pumping: on top of the per-number limit, budgets of OTP sends per hour for
// everyone and per number prefix (91 + the first 4 digits here), answered with 429 / code 111.
describe('OTP send budgets (SMS pumping)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { OTP_GLOBAL_MAX_PER_HOUR: '6', OTP_PREFIX_MAX_PER_HOUR: '3', OTP_PREFIX_DIGITS: '6' },
    });
  });
  afterAll(() => t?.close());

  let serial = 0;
  const numberIn = (prefix: string) => `${prefix}${String((serial += 1)).padStart(10 - prefix.length, '0')}`;
  const send = (mobile: string) => t.request({ method: 'POST', url: login, body: { mobile } });

  it("refuses a prefix once its budget is spent, sends nothing and leaves the number's own count alone", async () => {
    for (let i = 0; i < 3; i += 1) expectCode(await send(numberIn('9811')), 0, 200);
    const refusedNumber = numberIn('9811');
    const refused = await send(refusedNumber);
    const data = expectCode<{ retryAfter: number }>(refused, 111, 429);
    expect(data.retryAfter).toBeGreaterThan(3500);
    expect(data.retryAfter).toBeLessThanOrEqual(3600);
    expect(await outbox(t, refusedNumber)).toEqual([]);
    const [throttle] = await t.db.orm
      .select()
      .from(otpThrottles)
      .where(eq(otpThrottles.mobile, refusedNumber));
    expect(throttle?.requests ?? 0).toBe(0);
    // Another prefix still has its budget.
    expectCode(await send(numberIn('9822')), 0, 200);

    t.clock.advance(3600);
    expectCode(await send(refusedNumber), 0, 200);
  });

  it('refuses every number once the global budget is spent, until the hour is over', async () => {
    // A fresh hour (the previous test moved the clock): 6 sends spread over prefixes, then none.
    t.clock.advance(3600);
    for (const prefix of ['7011', '7022', '7033', '7044', '7055', '7066'])
      expectCode(await send(numberIn(prefix)), 0, 200);
    expectCode(await send(numberIn('7077')), 111, 429);
    t.clock.advance(3600);
    expectCode(await send(numberIn('7077')), 0, 200);
  });

  it('holds under concurrent sends: never more than the budget', async () => {
    t.clock.advance(3600);
    const results = await Promise.all(Array.from({ length: 8 }, () => send(numberIn('8899'))));
    expect(results.filter((r) => r.json().code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 429 && r.json().code === 111)).toHaveLength(5);
  });
});

// The end-to-end server shortens the resend interval (OTP_RESEND_AFTER_SECONDS) so its specs do not wait
// out 30 s; production refuses it (config.test.ts). The answer, the refusal and the wait follow it.
describe('a configured resend interval', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OTP_RESEND_AFTER_SECONDS: '5' } });
  });
  afterAll(() => t?.close());

  it('is the resendIn of the answer and the wait before the next code', async () => {
    const mobile = uniqueMobile();
    const first = await t.request({ method: 'POST', url: login, body: { mobile } });
    expect(expectCode<{ resendIn: number }>(first, 0, 200).resendIn).toBe(5);
    const soon = await t.request({ method: 'POST', url: login, body: { mobile } });
    expect(expectCode<{ retryAfter: number }>(soon, 110, 429).retryAfter).toBe(5);
    t.clock.advance(5);
    expectCode(await t.request({ method: 'POST', url: login, body: { mobile } }), 0, 200);
  });
});
