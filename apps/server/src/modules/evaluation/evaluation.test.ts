import {
  API_PATHS,
  EMAIL_OTP,
  ERROR_CODES,
  PRIVACY_WITHDRAW_PATHS,
  SERVICE_BASES,
  evalInfoSchema,
  evalInfoStateSchema,
  evalOtpResponseSchema,
  evaluationPartnerListSchema,
  transactionInfoSchema,
} from '@veridocs/shared';
import { eq } from 'drizzle-orm';
import { evaluationOtps } from '../../db/schema/index.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateWithRequest } from '../../test/candidate.js';
import { startSmtp } from '../../test/smtp-server.js';
import { SANDBOX_AADHAAR, sandboxOtpAddress } from '../../providers/aadhaar/sandbox-provider.js';
import { SANDBOX_REFERENCES } from '../../providers/evaluation/index.js';
import { uploadDocument } from '../../test/uploads.js';
import { bearer, createTestApp, expectCode, outbox, signUp, type TestApp } from '../../test/test-app.js';
import { maskEmail } from './evaluation-messages.js';
import { EVAL_MESSAGES } from './evaluation-service.js';
import { consentTo } from '../../test/consent.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const ORG = 'demo-university';
const EVAL_FORM = 'demo-evaluation-form';
const WES_REF = '4012345';
const WES_EMAIL = SANDBOX_REFERENCES.WES![WES_REF]!;
type Headers = Record<string, string>;

describe('the evaluation partner and its e-mail OTP (issue 11)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Sessions outlive the 2-hour block the tests move the clock over.
    t = await createTestApp({ env: { OCR_WORKER: 'off', ACCESS_TOKEN_TTL_SECONDS: '86400' } });
  });
  afterAll(() => t?.close());

  const candidate = (options?: { consent?: boolean }) => candidateWithRequest(t, options);
  const post = (url: string, body: unknown, h: Headers, extra: Headers = {}) =>
    t.request({ method: 'POST', url: v1(url), body: body as object, headers: { ...h, ...extra } });
  const sendOtp = (c: { h: Headers; txnId: string }, partner = 'WES', reference = WES_REF, extra?: Headers) =>
    post(P.evalInfoOtp, { orgId: ORG, txnId: c.txnId, partner, reference }, c.h, extra);
  const verify = (c: { h: Headers; txnId: string }, otpId: string, otp: string) =>
    post(P.evalInfo, { orgId: ORG, txnId: c.txnId, otpId, otp }, c.h);
  /** The newest code in the dev outbox for an address. */
  async function latestCode(email: string): Promise<string> {
    const [message] = await outbox(t, email);
    if (!message?.otp) throw new Error(`no OTP for ${email}`);
    return message.otp;
  }
  const wrong = (code: string) => String((Number(code) + 1) % 10 ** EMAIL_OTP.length).padStart(6, '0');
  const sent = (res: Parameters<typeof expectCode>[0]) =>
    evalOtpResponseSchema.parse(expectCode(res, 0, 200));

  it('lists the partners with their reference formats and examples that match them', async () => {
    const { h } = await candidate();
    const res = await t.request({ method: 'GET', url: v1(P.evaluationPartners), headers: h });
    const { list, total } = evaluationPartnerListSchema.parse(expectCode(res, 0, 200));
    expect(list.map((p) => p.id)).toEqual(expect.arrayContaining(['WES', 'ECA', 'IQAS', 'ICAS', 'CES']));
    expect(total).toBe(list.length);
    for (const p of list) expect(new RegExp(p.pattern).test(p.example), p.id).toBe(true);
    // Every documented sandbox reference is in its partner's format.
    for (const [id, refs] of Object.entries(SANDBOX_REFERENCES))
      for (const ref of Object.keys(refs))
        expect(new RegExp(list.find((p) => p.id === id)!.pattern).test(ref), `${id} ${ref}`).toBe(true);
  });

  it('needs a session', async () => {
    expectCode(await t.request({ method: 'GET', url: v1(P.evaluationPartners) }), 102, 401);
  });

  it('validates a reference: format on the server, then the partner records, answering the e-mail masked', async () => {
    const { h } = await candidate();
    const check = (partner: string, reference: string) =>
      post(P.validateReference, { partner, reference }, h);
    expect(expectCode(await check('WES', ` ${WES_REF} `), 0, 200)).toEqual({
      partner: 'WES',
      reference: WES_REF,
      maskedEmail: 'a***a@example.com',
    });
    // Lower case is accepted as the partner's upper-case format.
    expect(expectCode(await check('ICAS', 'icas-123456'), 0, 200)).toMatchObject({
      reference: 'ICAS-123456',
    });
    const format = await check('WES', '40123');
    expectCode(format, ERROR_CODES.VALIDATION_FAILED.code, 400);
    expect(format.json().message).toBe('Enter the reference number in the format 4012345');
    const partner = await check('NOPE', WES_REF);
    expectCode(partner, ERROR_CODES.VALIDATION_FAILED.code, 400);
    expect(partner.json().message).toBe(EVAL_MESSAGES.partner);
    const unknown = await check('WES', '4000000');
    expectCode(unknown, ERROR_CODES.EVAL_REFERENCE_NOT_FOUND.code, 404);
    expect(unknown.json().message).toBe(ERROR_CODES.EVAL_REFERENCE_NOT_FOUND.message);
  });

  it('masks addresses', () => {
    expect(maskEmail('asha.verma@example.com')).toBe('a***a@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('x@example.com')).toBe('x***@example.com');
  });

  it('sends a 6-digit OTP to the registered e-mail, stores only its hash, and stores the validated reference', async () => {
    const c = await candidate();
    const res = sent(await sendOtp(c));
    expect(res).toMatchObject({
      maskedEmail: 'a***a@example.com',
      expiresIn: EMAIL_OTP.ttlSeconds,
      resendIn: EMAIL_OTP.resendAfterSeconds,
      requestsLeft: EMAIL_OTP.maxRequests - 1,
    });
    const [mail] = await outbox(t, WES_EMAIL);
    expect(mail).toMatchObject({ channel: 'email', to: WES_EMAIL });
    expect(mail!.otp).toMatch(/^\d{6}$/);
    // The code is in the text, never in the subject (lock screens and previews show subjects).
    expect(mail!.body.split('\n')[0]).toBe('Your Veridocs verification code');
    expect(mail!.body).toContain(`is ${mail!.otp}.`);
    expect(mail!.body).toContain('reference number 4012345');
    // The code is stored only as an HMAC.
    const rows = await t.db.orm
      .select({ codeHash: evaluationOtps.codeHash })
      .from(evaluationOtps)
      .where(eq(evaluationOtps.id, res.otpId));
    const hash = rows[0]!.codeHash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(mail!.otp!);

    const before = await t.request({
      method: 'GET',
      url: `${v1(P.evalInfo)}?orgId=${ORG}&txnId=${c.txnId}`,
      headers: c.h,
    });
    expect(expectCode(before, 0, 200)).toMatchObject({ provider: null, reference: null });

    const stored = evalInfoSchema.parse(expectCode(await verify(c, res.otpId, mail!.otp!), 0, 200));
    expect(stored).toMatchObject({
      provider: 'WES',
      providerName: 'World Education Services (WES)',
      reference: WES_REF,
      maskedEmail: 'a***a@example.com',
    });
    expect(stored.validatedAt).toBe(t.clock.now().toISOString());
    // The same request again (a retry) answers the same, changing nothing.
    t.clock.advance(5);
    expect(expectCode(await verify(c, res.otpId, mail!.otp!), 0, 200)).toEqual(stored);
    const after = await t.request({
      method: 'GET',
      url: `${v1(P.evalInfo)}?orgId=${ORG}&txnId=${c.txnId}`,
      headers: c.h,
    });
    expect(expectCode(after, 0, 200)).toEqual({ ...stored, pendingOtp: null });
    // Transaction info names the partner (spec §3 evaluationInfo.provider).
    const info = await t.request({
      method: 'GET',
      url: `${v1(P.info)}?orgId=${ORG}&txnId=${c.txnId}`,
      headers: c.h,
    });
    expect(transactionInfoSchema.parse(expectCode(info, 0, 200)).evaluationInfo.provider).toBe('WES');
    // A wrong code after it worked is "already used", not a failure.
    expectCode(await verify(c, res.otpId, wrong(mail!.otp!)), ERROR_CODES.OTP_ALREADY_USED.code, 400);
  });

  it('a form that asks for the reference refuses the submission until it is validated', async () => {
    const h = bearer((await signUp(t)).accessToken);
    const created = await post(P.transactions, { orgId: ORG, eKycFormId: EVAL_FORM }, h);
    const txnId = expectCode<{ transactionId: string }>(created, 0, 200).transactionId;
    const c = { h, txnId };
    await consentTo(t, h, { orgId: ORG, txnId });
    expectCode(await post(P.process, { orgId: ORG, txnId }, h), 0, 200);
    const infoOf = async () =>
      transactionInfoSchema.parse(
        expectCode(
          await t.request({ method: 'GET', url: `${v1(P.info)}?orgId=${ORG}&txnId=${txnId}`, headers: h }),
          0,
          200,
        ),
      );
    expect((await infoOf()).evaluationInfo).toEqual({ provider: null, required: true });

    // Everything else done: a degree submitted, Aadhaar by OTP, the rest skipped.
    const degree = {
      institute: 'indian-institute-of-technology-bombay',
      degreeName: 'B.Tech',
      passingYear: '2020',
      instituteId: 'R-2016-0042',
      degreeStatus: 'DEGREE_AND_MARKSHEET',
      marksheet: { fileId: (await uploadDocument(t, h)).fileId },
    };
    const bgv = { orgId: ORG, txnId, verificationName: 'bgv-degree', data: degree };
    expectCode(await post(P.bgv, bgv, h), 0, 200);
    const aadhaar = SANDBOX_AADHAAR.direct;
    const step = expectCode<{ requestId: string }>(
      await post(API_PATHS.aadhaar.start, { orgId: ORG, txnId, aadhaarNumber: aadhaar }, h),
      0,
      200,
    );
    const [aadhaarOtp] = await outbox(t, sandboxOtpAddress(aadhaar.slice(-4)));
    const otpBody = { orgId: ORG, txnId, requestId: step.requestId, otp: aadhaarOtp!.otp };
    expectCode(await post(API_PATHS.aadhaar.verify, otpBody, h), 0, 200);
    const rest = Object.values((await infoOf()).verificationList)
      .filter((v) => v.state === 'NOT_INITIALIZED')
      .map((v) => v.name);
    expectCode(await post(P.markAsSkip, { orgId: ORG, txnId, verificationNameList: rest }, h), 0, 200);

    const refused = await post(P.submit, { orgId: ORG, txnId }, h);
    expectCode(refused, ERROR_CODES.EVAL_REFERENCE_REQUIRED.code, 409);
    expect(refused.json().message).toBe(
      'Validate your evaluation partner reference number before submitting',
    );
    expect((await infoOf()).state).toBe('DATA_SAVED');

    const otp = sent(await sendOtp(c));
    expectCode(await verify(c, otp.otpId, await latestCode(WES_EMAIL)), 0, 200);
    expect((await infoOf()).evaluationInfo).toEqual({ provider: 'WES', required: true });
    const submitted = transactionInfoSchema.parse(
      expectCode(await post(P.submit, { orgId: ORG, txnId }, h), 0, 200),
    );
    expect(submitted.state).toBe('SUBMITTED');
  });

  it('writes the e-mail in Hindi for a Hindi-speaking candidate', async () => {
    const c = await candidate();
    sent(await sendOtp(c, 'IQAS', 'IQ1234567', { 'accept-language': 'hi' }));
    const [mail] = await outbox(t, SANDBOX_REFERENCES.IQAS!.IQ1234567!);
    expect(mail!.body.split('\n')[0]).toBe('आपका Veridocs सत्यापन कोड');
    expect(mail!.body).toContain(`आपका सत्यापन कोड ${mail!.otp} है।`);
    expect(mail!.body).toContain('संदर्भ संख्या IQ1234567');
  });

  it('answers its refusals in Hindi for a Hindi-speaking candidate', async () => {
    const c = await candidate();
    const hi = { 'accept-language': 'hi' };
    expect((await sendOtp(c, 'WES', '4999999', hi)).json().message).toBe(
      'इस संदर्भ संख्या का कोई आवेदन नहीं मिला, कृपया इसे जाँचें',
    );
    const res = sent(await sendOtp(c));
    const code = await latestCode(WES_EMAIL);
    const wrongly = () =>
      post(P.evalInfo, { orgId: ORG, txnId: c.txnId, otpId: res.otpId, otp: wrong(code) }, c.h, hi);
    expect((await wrongly()).json().message).toBe('OTP सही नहीं है, 2 बार और कोशिश कर सकते हैं');
    await wrongly();
    expect((await wrongly()).json().message).toBe('कई बार गलत OTP डाला गया। आपको 2 घंटे के लिए रोक दिया गया है');
  });

  it('sends no code for a request whose notice was not consented to (a single sign-on link, issue 29)', async () => {
    const c = await candidate({ consent: false });
    const before = (await outbox(t, WES_EMAIL)).length;
    expectCode(await sendOtp(c), ERROR_CODES.CONSENT_REQUIRED.code, 403);
    // Refusing a required purpose is no consent either.
    await consentTo(t, c.h, { orgId: ORG, txnId: c.txnId }, []);
    expectCode(await sendOtp(c), ERROR_CODES.CONSENT_REQUIRED.code, 403);
    expect((await outbox(t, WES_EMAIL)).length).toBe(before);
    // Nothing was counted: after consenting, all three requests are there.
    await consentTo(t, c.h, { orgId: ORG, txnId: c.txnId });
    expect(sent(await sendOtp(c)).requestsLeft).toBe(EMAIL_OTP.maxRequests - 1);
  });

  it('sends no code for a request no longer open (here: verification consent withdrawn, closed)', async () => {
    const c = await candidate();
    const before = (await outbox(t, WES_EMAIL)).length;
    expectCode(
      await t.request({
        method: 'POST',
        url: `${SERVICE_BASES.webWallet}${PRIVACY_WITHDRAW_PATHS.withdraw}`,
        headers: c.h,
        body: { txnId: c.txnId, purposes: ['verify'] },
      }),
      0,
      200,
    );
    expectCode(await sendOtp(c), ERROR_CODES.INVALID_TRANSITION.code, 409);
    expect((await outbox(t, WES_EMAIL)).length).toBe(before);
  });

  it('checks the reference before sending: bad format and unknown references send nothing and count nothing', async () => {
    const c = await candidate();
    const before = (await outbox(t, WES_EMAIL)).length;
    const format = await sendOtp(c, 'WES', 'ABC');
    expectCode(format, ERROR_CODES.VALIDATION_FAILED.code, 400);
    expect(format.json().data).toEqual([{ path: 'reference', message: EVAL_MESSAGES.format('4012345') }]);
    expectCode(await sendOtp(c, 'WES', '4999999'), ERROR_CODES.EVAL_REFERENCE_NOT_FOUND.code, 404);
    expect((await outbox(t, WES_EMAIL)).length).toBe(before);
    // All three requests are still there.
    expect(sent(await sendOtp(c)).requestsLeft).toBe(EMAIL_OTP.maxRequests - 1);
  });

  it('allows at most 3 requests, 30 s apart, and counts them again after the window', async () => {
    const c = await candidate();
    expect(sent(await sendOtp(c)).requestsLeft).toBe(2);
    const soon = await sendOtp(c);
    expectCode(soon, ERROR_CODES.OTP_RESEND_TOO_SOON.code, 429);
    expect(soon.json()).toMatchObject({
      message: 'Please wait 30 seconds before requesting a new OTP',
      data: { retryAfter: 30 },
    });
    t.clock.advance(EMAIL_OTP.resendAfterSeconds);
    expect(sent(await sendOtp(c)).requestsLeft).toBe(1);
    t.clock.advance(EMAIL_OTP.resendAfterSeconds);
    expect(sent(await sendOtp(c)).requestsLeft).toBe(0);
    t.clock.advance(EMAIL_OTP.resendAfterSeconds);
    const fourth = await sendOtp(c);
    expectCode(fourth, ERROR_CODES.OTP_REQUEST_LIMIT.code, 429);
    expect(fourth.json()).toMatchObject({
      message: 'You can request an OTP up to 3 times. Please try again later',
      data: { retryAfter: EMAIL_OTP.requestWindowSeconds - 3 * EMAIL_OTP.resendAfterSeconds },
    });
    // The limit is the candidate's, whatever the reference.
    expectCode(await sendOtp(c, 'CES', 'CES654321'), ERROR_CODES.OTP_REQUEST_LIMIT.code, 429);
    t.clock.advance(EMAIL_OTP.requestWindowSeconds);
    expect(sent(await sendOtp(c)).requestsLeft).toBe(2);
  });

  it('eval-info answers the code in progress, so a reloaded OTP step takes the latest one (issue 24)', async () => {
    const c = await candidate();
    const state = async (who: { h: Headers; txnId: string } = c) =>
      evalInfoStateSchema.parse(
        expectCode(
          await t.request({
            method: 'GET',
            url: `${v1(P.evalInfo)}?orgId=${ORG}&txnId=${who.txnId}`,
            headers: who.h,
          }),
          0,
          200,
        ),
      );
    expect((await state()).pendingOtp).toBeNull();
    // Three requests: the limit is reached, the third code is still good.
    sent(await sendOtp(c));
    t.clock.advance(EMAIL_OTP.resendAfterSeconds);
    sent(await sendOtp(c));
    t.clock.advance(EMAIL_OTP.resendAfterSeconds);
    const third = sent(await sendOtp(c));
    const code = await latestCode(WES_EMAIL);
    t.clock.advance(10);
    expectCode(await sendOtp(c), ERROR_CODES.OTP_REQUEST_LIMIT.code, 429);
    expect((await state()).pendingOtp).toEqual({
      otpId: third.otpId,
      partner: 'WES',
      reference: WES_REF,
      maskedEmail: 'a***a@example.com',
      expiresIn: EMAIL_OTP.ttlSeconds - 10,
      resendIn: EMAIL_OTP.resendAfterSeconds - 10,
      requestsLeft: 0,
    });
    // Another transaction of the same candidate has no code in progress.
    const other = expectCode<{ transactionId: string }>(
      await t.request({
        method: 'POST',
        url: v1(P.transactions),
        body: { orgId: ORG, eKycFormId: EVAL_FORM },
        headers: c.h,
      }),
      0,
      200,
    ).transactionId;
    expect((await state({ h: c.h, txnId: other })).pendingOtp).toBeNull();
    // The restored code works; then nothing is in progress.
    expect(expectCode(await verify(c, third.otpId, code), 0, 200)).toMatchObject({ provider: 'WES' });
    expect(await state()).toMatchObject({ provider: 'WES', pendingOtp: null });
  });

  it('eval-info has no code in progress once it expired or a block retired it', async () => {
    const c = await candidate();
    const state = async () =>
      evalInfoStateSchema.parse(
        expectCode(
          await t.request({
            method: 'GET',
            url: `${v1(P.evalInfo)}?orgId=${ORG}&txnId=${c.txnId}`,
            headers: c.h,
          }),
          0,
          200,
        ),
      ).pendingOtp;
    const first = sent(await sendOtp(c, 'CES', 'CES654321'));
    const code = await latestCode(SANDBOX_REFERENCES.CES!['CES654321']!);
    expect(await state()).toMatchObject({ otpId: first.otpId, requestsLeft: 2 });
    t.clock.advance(EMAIL_OTP.ttlSeconds);
    expect(await state()).toBeNull();
    const second = sent(await sendOtp(c, 'CES', 'CES654321'));
    expect(await state()).toMatchObject({ otpId: second.otpId, requestsLeft: 1 });
    for (let i = 0; i < EMAIL_OTP.maxFailedAttempts; i++) await verify(c, second.otpId, wrong(code));
    expect(await state()).toBeNull();
  });

  it('two requests at once send one OTP; two verifications at once store one result', async () => {
    const c = await candidate();
    const both = await Promise.all([sendOtp(c), sendOtp(c)]);
    expect(both.map((r) => r.json().code).sort()).toEqual([0, ERROR_CODES.OTP_RESEND_TOO_SOON.code]);
    const winner = evalOtpResponseSchema.parse(both.find((r) => r.json().code === 0)!.json().data);
    const code = await latestCode(WES_EMAIL);
    const verified = await Promise.all([verify(c, winner.otpId, code), verify(c, winner.otpId, code)]);
    const answers = verified.map((r) => expectCode(r, 0, 200));
    expect(answers[0]).toEqual(answers[1]);
  });

  it('accepts only the latest OTP', async () => {
    const c = await candidate();
    const first = sent(await sendOtp(c));
    const firstCode = await latestCode(WES_EMAIL);
    t.clock.advance(EMAIL_OTP.resendAfterSeconds);
    const second = sent(await sendOtp(c));
    const secondCode = await latestCode(WES_EMAIL);
    const old = await verify(c, first.otpId, firstCode);
    expectCode(old, ERROR_CODES.OTP_EXPIRED.code, 400);
    expect(old.json().message).toBe('This OTP is no longer valid, use the latest one');
    // The screen tells this from expiry by `reason`, in any language.
    expect(old.json().data).toEqual({ reason: 'superseded' });
    expect(expectCode(await verify(c, second.otpId, secondCode), 0, 200)).toMatchObject({ provider: 'WES' });
  });

  it('expires an OTP after its lifetime', async () => {
    const c = await candidate();
    const res = sent(await sendOtp(c, 'ECA', 'ECA-20240001'));
    const code = await latestCode(SANDBOX_REFERENCES.ECA!['ECA-20240001']!);
    t.clock.advance(EMAIL_OTP.ttlSeconds);
    const late = await verify(c, res.otpId, code);
    expectCode(late, ERROR_CODES.OTP_EXPIRED.code, 400);
    expect(late.json().message).toBe(ERROR_CODES.OTP_EXPIRED.message);
  });

  it('blocks the candidate for 2 hours after 3 failed attempts, requests included', async () => {
    const c = await candidate();
    const res = sent(await sendOtp(c, 'ICAS', 'ICAS-123456'));
    const code = await latestCode(SANDBOX_REFERENCES.ICAS!['ICAS-123456']!);
    const first = await verify(c, res.otpId, wrong(code));
    expectCode(first, ERROR_CODES.OTP_INVALID.code, 400);
    expect(first.json()).toMatchObject({
      message: 'Incorrect OTP, 2 attempts left',
      data: { attemptsLeft: 2 },
    });
    expect((await verify(c, res.otpId, wrong(code))).json().message).toBe('Incorrect OTP, 1 attempt left');
    const third = await verify(c, res.otpId, wrong(code));
    expectCode(third, ERROR_CODES.OTP_BLOCKED.code, 429);
    expect(third.json()).toMatchObject({
      message: 'Too many failed attempts. You are blocked for 2 hours',
      data: { retryAfter: EMAIL_OTP.blockSeconds },
    });
    // Blocked: the right code and new requests are refused too.
    expectCode(await verify(c, res.otpId, code), ERROR_CODES.OTP_BLOCKED.code, 429);
    t.clock.advance(EMAIL_OTP.blockSeconds - 1);
    const stillBlocked = await sendOtp(c, 'ICAS', 'ICAS-123456');
    expectCode(stillBlocked, ERROR_CODES.OTP_BLOCKED.code, 429);
    expect(stillBlocked.json().data).toEqual({ retryAfter: 1 });
    // A blocked candidate learns nothing about references: an unknown one is "blocked" too, not 150.
    expectCode(await sendOtp(c, 'WES', '4999999'), ERROR_CODES.OTP_BLOCKED.code, 429);
    t.clock.advance(1);
    // After the block the old code stays dead; a new one works.
    expectCode(await verify(c, res.otpId, code), ERROR_CODES.OTP_EXPIRED.code, 400);
    const again = sent(await sendOtp(c, 'ICAS', 'ICAS-123456'));
    const fresh = await latestCode(SANDBOX_REFERENCES.ICAS!['ICAS-123456']!);
    expect(expectCode(await verify(c, again.otpId, fresh), 0, 200)).toMatchObject({ provider: 'ICAS' });
  });

  it('counts reference look-ups per candidate: at most 10 an hour', async () => {
    const c = await candidate();
    const other = await candidate();
    const check = (h: Headers, reference: string) =>
      post(P.validateReference, { partner: 'WES', reference }, h);
    for (let i = 0; i < EMAIL_OTP.maxLookupsPerHour; i++)
      expect((await check(c.h, `40000${String(i).padStart(2, '0')}`)).json().code).toBe(
        ERROR_CODES.EVAL_REFERENCE_NOT_FOUND.code,
      );
    // The 11th answers nothing about the reference, even a known one.
    const limited = await check(c.h, WES_REF);
    expectCode(limited, ERROR_CODES.RATE_LIMITED.code, 429);
    expect(limited.json().message).toBe(EVAL_MESSAGES.lookupLimit);
    expect(limited.json().data.retryAfter).toBeGreaterThan(0);
    // Another candidate has their own count; the hour over, the first may check again.
    expectCode(await check(other.h, WES_REF), 0, 200);
    t.clock.advance(3600);
    expectCode(await check(c.h, WES_REF), 0, 200);
  });

  it('an older code that worked cannot put its reference back over a newer one', async () => {
    const c = await candidate();
    const first = sent(await sendOtp(c));
    const firstCode = await latestCode(WES_EMAIL);
    expect(expectCode(await verify(c, first.otpId, firstCode), 0, 200)).toMatchObject({ reference: WES_REF });
    t.clock.advance(EMAIL_OTP.resendAfterSeconds);
    const second = sent(await sendOtp(c, 'CES', 'CES654321'));
    const secondCode = await latestCode(SANDBOX_REFERENCES.CES!.CES654321!);
    expect(expectCode(await verify(c, second.otpId, secondCode), 0, 200)).toMatchObject({ provider: 'CES' });
    // Replaying the first code is "already used" and changes nothing.
    expectCode(await verify(c, first.otpId, firstCode), ERROR_CODES.OTP_ALREADY_USED.code, 400);
    const info = await t.request({
      method: 'GET',
      url: `${v1(P.evalInfo)}?orgId=${ORG}&txnId=${c.txnId}`,
      headers: c.h,
    });
    expect(expectCode(info, 0, 200)).toMatchObject({ provider: 'CES', reference: 'CES654321' });
    // The latest code replayed after its lifetime is "already used" too, not a stored result.
    t.clock.advance(EMAIL_OTP.ttlSeconds);
    expectCode(await verify(c, second.otpId, secondCode), ERROR_CODES.OTP_ALREADY_USED.code, 400);
  });

  it('a correct code resets the failure count', async () => {
    const c = await candidate();
    const res = sent(await sendOtp(c, 'CES', 'CES654321'));
    const code = await latestCode(SANDBOX_REFERENCES.CES!.CES654321!);
    expectCode(await verify(c, res.otpId, wrong(code)), ERROR_CODES.OTP_INVALID.code, 400);
    expectCode(await verify(c, res.otpId, wrong(code)), ERROR_CODES.OTP_INVALID.code, 400);
    expectCode(await verify(c, res.otpId, code), 0, 200);
    t.clock.advance(EMAIL_OTP.resendAfterSeconds);
    const next = sent(await sendOtp(c, 'ECE', '123456-01'));
    const nextCode = await latestCode(SANDBOX_REFERENCES.ECE!['123456-01']!);
    const miss = await verify(c, next.otpId, wrong(nextCode));
    expect(miss.json()).toMatchObject({ data: { attemptsLeft: 2 } });
    // A second validated reference replaces the first.
    expect(expectCode(await verify(c, next.otpId, nextCode), 0, 200)).toMatchObject({
      provider: 'ECE',
      reference: '123456-01',
    });
  });

  it("keeps candidates apart: another's transaction or OTP is not theirs", async () => {
    const a = await candidate();
    const b = await candidate();
    const res = sent(await sendOtp(a));
    const code = await latestCode(WES_EMAIL);
    // b cannot send for a's transaction nor use a's OTP.
    expectCode(
      await post(P.evalInfoOtp, { orgId: ORG, txnId: a.txnId, partner: 'WES', reference: WES_REF }, b.h),
      ERROR_CODES.TRANSACTION_ACCESS_DENIED.code,
      403,
    );
    const stolen = await verify(b, res.otpId, code);
    expectCode(stolen, ERROR_CODES.NOT_FOUND.code, 404);
    expect(stolen.json().message).toBe(EVAL_MESSAGES.unknown);
    expectCode(await verify(a, 'not-a-uuid', code), ERROR_CODES.NOT_FOUND.code, 404);
    // Bad input: the OTP must be 6 digits.
    expectCode(await verify(a, res.otpId, '12345'), ERROR_CODES.VALIDATION_FAILED.code, 400);
    expectCode(await verify(a, res.otpId, code), 0, 200);
  });

  it('answers 503 when the mail cannot be sent', async () => {
    const failing = await createTestApp({
      env: { OCR_WORKER: 'off' },
      mailer: { name: 'down', send: () => Promise.reject(new Error('SMTP down')) },
    });
    try {
      const { h, txnId } = await candidateWithRequest(failing);
      const res = await failing.request({
        method: 'POST',
        url: v1(P.evalInfoOtp),
        body: { orgId: ORG, txnId, partner: 'WES', reference: WES_REF },
        headers: h,
      });
      expectCode(res, ERROR_CODES.SERVICE_UNAVAILABLE.code, 503);
      expect(res.json().message).toBe(EVAL_MESSAGES.sendFailed);
    } finally {
      await failing.close();
    }
  });

  it('sends the OTP through SMTP when SMTP_HOST and SMTP_FROM are set (a real local SMTP server)', async () => {
    const smtp = await startSmtp({ auth: false });
    const app = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_FROM: 'otp@veridocs.test',
      },
    });
    try {
      const { h, txnId } = await candidateWithRequest(app);
      const res = await app.request({
        method: 'POST',
        url: v1(P.evalInfoOtp),
        body: { orgId: ORG, txnId, partner: 'WES', reference: WES_REF },
        headers: h,
      });
      const { otpId } = evalOtpResponseSchema.parse(expectCode(res, 0, 200));
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ from: 'otp@veridocs.test', to: [WES_EMAIL] });
      // Nothing went to the dev outbox; the code is read from the mail the server received.
      expect(await outbox(app, WES_EMAIL)).toEqual([]);
      const received = await simpleParser(smtp.received[0]!.raw);
      expect(received.subject).toBe('Your Veridocs verification code');
      expect(received.html).toContain('<html lang="en">');
      const code = /code for .* is (\d{6})\./.exec(received.text ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expectCode(
        await app.request({
          method: 'POST',
          url: v1(P.evalInfo),
          body: { orgId: ORG, txnId, otpId, otp: code },
          headers: h,
        }),
        0,
        200,
      );
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

// OTP_RESEND_AFTER_SECONDS (tests only; production refuses it): the e-mail OTP follows it too.
describe('the e-mail OTP with a configured resend interval', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', OTP_RESEND_AFTER_SECONDS: '4' } });
  });
  afterAll(() => t?.close());

  it('answers resendIn from it and waits exactly that long', async () => {
    const { h, txnId } = await candidateWithRequest(t);
    const send = () =>
      t.request({
        method: 'POST',
        url: v1(P.evalInfoOtp),
        body: { orgId: ORG, txnId, partner: 'WES', reference: WES_REF },
        headers: h,
      });
    expect(evalOtpResponseSchema.parse(expectCode(await send(), 0, 200)).resendIn).toBe(4);
    const soon = await send();
    expect(
      expectCode<{ retryAfter: number }>(soon, ERROR_CODES.OTP_RESEND_TOO_SOON.code, 429).retryAfter,
    ).toBe(4);
    t.clock.advance(4);
    expect(evalOtpResponseSchema.parse(expectCode(await send(), 0, 200)).requestsLeft).toBe(1);
  });
});
