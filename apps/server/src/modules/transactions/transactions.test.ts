import {
  API_PATHS,
  SERVICE_BASES,
  candidateTransactionListSchema,
  createTransactionResponseSchema,
  organisationSchema,
  preStartQuestionListSchema,
  publicFormListSchema,
  transactionHistoryListSchema,
  transactionInfoSchema,
  verificationConfigListSchema,
  toIsoDay,
  continueAction,
  verificationInfoSchema,
  type TransactionInfo,
} from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  expectCode,
  outbox,
  requestOtp,
  signUp,
  verifyOtp,
  type TestApp,
} from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { SANDBOX_AADHAAR, sandboxOtpAddress } from '../../providers/aadhaar/sandbox-provider.js';
import { consentTo } from '../../test/consent.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const ORG = 'demo-university';
const FORM = 'demo-form';
type Headers = Record<string, string>;

/** Complete degree data with documents the candidate uploaded (file fields hold file ids). */
async function documentsOf(t: TestApp, h: Record<string, string>) {
  const file = async () => ({ fileId: (await uploadDocument(t, h)).fileId });
  const DEGREE = {
    institute: 'indian-institute-of-technology-bombay',
    degreeName: 'B.Tech in Computer Science',
    passingYear: '2020',
    instituteId: 'R-2016-0042',
    degreeStatus: 'DEGREE_AND_MARKSHEET',
    marksheet: await file(),
  };
  return { DEGREE };
}
/** For requests refused before their data is read. */
const AADHAAR_UNREAD = { aadhaarNumber: '123412341234' };
const ANSWERS = [
  { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
  { questionId: 'demo-q-source', answer: 'EMPLOYER' },
];

describe('the verification journey', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  const candidate = async (name = 'Asha Rao'): Promise<Headers> =>
    bearer((await signUp(t, undefined, name)).accessToken);
  const get = (url: string, headers?: Headers) =>
    t.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown, headers?: Headers) =>
    t.request({ method, url, body: body as object, ...(headers ? { headers } : {}) });

  async function create(h: Headers, formId = FORM): Promise<string> {
    const res = await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: formId }, h);
    const txnId = createTransactionResponseSchema.parse(expectCode(res, 0, 200)).transactionId;
    await consentTo(t, h, { orgId: ORG, txnId });
    return txnId;
  }
  const answer = (h: Headers, txnId: string, data: unknown = ANSWERS) =>
    send('PATCH', v1(P.userResponse), { orgId: ORG, txnId, data }, h);
  async function started(h: Headers): Promise<string> {
    const txnId = await create(h);
    expectCode(await answer(h, txnId), 0, 200);
    expectCode(await send('POST', v1(P.process), { orgId: ORG, txnId }, h), 0, 200);
    return txnId;
  }
  const info = async (h: Headers, txnId: string): Promise<TransactionInfo> =>
    transactionInfoSchema.parse(
      expectCode(await get(v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`), h), 0, 200),
    );
  /** Aadhaar verified the only way it can be: by OTP from the sandbox (a number that asks no captcha). */
  async function aadhaarByOtp(h: Headers, txnId: string) {
    const number = SANDBOX_AADHAAR.direct;
    const step = expectCode<{ requestId: string }>(
      await send('POST', v1(API_PATHS.aadhaar.start), { orgId: ORG, txnId, aadhaarNumber: number }, h),
      0,
      200,
    );
    const [latest] = await outbox(t, sandboxOtpAddress(number.slice(-4)));
    const body = { orgId: ORG, txnId, requestId: step.requestId, otp: latest!.otp };
    expectCode(await send('POST', v1(API_PATHS.aadhaar.verify), body, h), 0, 200);
  }
  const save = (
    h: Headers,
    txnId: string,
    verificationName: string,
    data: unknown,
    method: 'PUT' | 'POST' = 'PUT',
  ) => send(method, v1(P.bgv), { orgId: ORG, txnId, verificationName, data }, h);

  describe('public organisation and forms', () => {
    it('answers the organisation, and 120 for an unknown one', async () => {
      const org = organisationSchema.parse(expectCode(await get(v1(API_PATHS.verifier.org(ORG))), 0, 200));
      expect(org).toMatchObject({ orgId: ORG, name: 'Demo University', displayName: 'Demo University' });
      expectCode(await get(v1(API_PATHS.verifier.org('nobody'))), 120, 404);
      const noHeader = await t.app.inject({ method: 'GET', url: v1(API_PATHS.verifier.org(ORG)) });
      expectCode(noHeader, 113, 400);
    });

    it("lists an organisation's forms with their expiry", async () => {
      const data = publicFormListSchema.parse(
        expectCode(await get(v1(`${P.publicForms}?orgId=${ORG}&seed=0&count=10`)), 0, 200),
      );
      expect(data.total).toBe(5);
      const byId = Object.fromEntries(data.list.map((f) => [f.formId, f]));
      expect(byId[FORM]).toMatchObject({
        isExpired: false,
        paymentRequired: false,
        questionnaire: { isRequired: true },
      });
      expect(byId[FORM]!.verificationNames).toHaveLength(10);
      expect(byId['demo-expired-form']).toMatchObject({ isExpired: true });
      expect(byId['demo-profile-form']).toMatchObject({
        isExpired: false,
        questionnaire: { isRequired: false },
      });
      expect(byId['demo-evaluation-form']).toMatchObject({ isExpired: false });
      expectCode(await get(v1(`${P.publicForms}?orgId=nobody`)), 120, 404);
      expectCode(await get(v1(`${P.publicForms}?orgId=${ORG}&count=0`)), 100, 400);
    });
  });

  it('answers verification configs in the order asked; unknown names are absent', async () => {
    const h = await candidate();
    const res = await send(
      'POST',
      v1(P.configsInfo),
      { verificationNameList: ['bgv-tenth', 'nope', 'aadhaar'] },
      h,
    );
    const { list } = verificationConfigListSchema.parse(expectCode(res, 0, 200));
    expect(list.map((c) => c.name)).toEqual(['bgv-tenth', 'aadhaar']);
    expectCode(await send('POST', v1(P.configsInfo), { verificationNameList: ['aadhaar'] }), 102, 401);
    expectCode(await send('POST', v1(P.configsInfo), { verificationNameList: [] }, h), 100, 400);
  });

  describe('create', () => {
    it('creates one transaction per candidate and form, with a NOT_INITIALIZED record per verification', async () => {
      const h = await candidate();
      const first = expectCode(
        await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: FORM }, h),
        0,
        200,
      );
      expect(first).toMatchObject({ state: 'NOT_INITIALIZED', created: true });
      const again = expectCode(
        await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: FORM }, h),
        0,
        200,
      );
      expect(again).toEqual({ ...(first as object), created: false });
      const i = await info(h, (first as { transactionId: string }).transactionId);
      expect(Object.values(i.verificationList).map((v) => [v.name, v.state])).toEqual([
        ['bgv-degree', 'NOT_INITIALIZED'],
        ['bgv-twelfth', 'NOT_INITIALIZED'],
        ['bgv-tenth', 'NOT_INITIALIZED'],
        ['aadhaar', 'NOT_INITIALIZED'],
        ['passport', 'NOT_INITIALIZED'],
        ['dl', 'NOT_INITIALIZED'],
        ['employment-check', 'NOT_INITIALIZED'],
        ['bgv-employment', 'NOT_INITIALIZED'],
        ['bgv-address', 'NOT_INITIALIZED'],
        ['bgv-ews', 'NOT_INITIALIZED'],
      ]);
      expect(i).toMatchObject({
        state: 'NOT_INITIALIZED',
        proceeded: false,
        isExpired: false,
        questionnaire: { isRequired: true, answered: false },
        discount: { percentage: 10 },
        org: { name: 'Demo University' },
      });
      expect(i.verificationList['bgv-degree']).toMatchObject({
        label: 'Degree',
        category: { name: 'Education' },
        skipAllowed: false,
        marksheetRequired: true,
      });
      expect(i.filtered.remaining).toHaveLength(10);
      expect(i.priceList.find((p) => p.verificationName === 'bgv-degree')).toEqual({
        verificationName: 'bgv-degree',
        mrp: 999,
        price: { primary: 899 },
        discount: { primary: 100, secondary: 0 },
      });
    });

    it('creates exactly one under concurrent calls', async () => {
      const h = await candidate();
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: FORM }, h),
        ),
      );
      const data = results.map((r) => createTransactionResponseSchema.parse(expectCode(r, 0, 200)));
      expect(new Set(data.map((d) => d.transactionId)).size).toBe(1);
      expect(data.filter((d) => d.created)).toHaveLength(1);
      const list = candidateTransactionListSchema.parse(
        expectCode(await get(v1(P.candidateTransactions), h), 0, 200),
      );
      expect(list.total).toBe(1);
    });

    it('refuses an unknown form, a form of another org, an unknown org and an expired form', async () => {
      const h = await candidate();
      expectCode(await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: 'nope' }, h), 119, 404);
      expectCode(
        await send('POST', v1(P.transactions), { orgId: 'veridocs', eKycFormId: FORM }, h),
        119,
        404,
      );
      expectCode(await send('POST', v1(P.transactions), { orgId: 'nobody', eKycFormId: FORM }, h), 120, 404);
      expectCode(
        await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: 'demo-expired-form' }, h),
        118,
        410,
      );
      expectCode(await send('POST', v1(P.transactions), { orgId: ORG }, h), 100, 400);
      expectCode(await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: 7 }, h), 100, 400);
      expectCode(await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: FORM }), 102, 401);
      const list = candidateTransactionListSchema.parse(
        expectCode(await get(v1(P.candidateTransactions), h), 0, 200),
      );
      expect(list.total).toBe(0);
    });
  });

  describe('questionnaire and start', () => {
    it('needs the questionnaire before processing; process is idempotent once started', async () => {
      const h = await candidate();
      const txnId = await create(h);
      expectCode(await send('POST', v1(P.process), { orgId: ORG, txnId }, h), 125, 400);
      const questions = preStartQuestionListSchema.parse(
        expectCode(
          await get(v1(`${P.purposes}?formId=${FORM}&orgId=${ORG}&id=${txnId}&seed=0&count=1000`), h),
          0,
          200,
        ),
      );
      expect(questions.list.map((q) => [q._id, q.required, q.answer])).toEqual([
        ['demo-q-purpose', true, null],
        ['demo-q-source', true, null],
      ]);
      const saved = preStartQuestionListSchema.parse(expectCode(await answer(h, txnId), 0, 200));
      expect(saved.list.map((q) => q.answer)).toEqual(['EMPLOYMENT', 'EMPLOYER']);
      expectCode(await get(v1(`${P.purposes}?formId=nope&orgId=${ORG}`), h), 119, 404);
      expectCode(await get(v1(`${P.purposes}?formId=${FORM}&orgId=veridocs`), h), 119, 404);
      const page = preStartQuestionListSchema.parse(
        expectCode(await get(v1(`${P.purposes}?formId=${FORM}&orgId=${ORG}&seed=1&count=1`), h), 0, 200),
      );
      expect(page).toMatchObject({ total: 2, list: [{ _id: 'demo-q-source', answer: null }] });
      const withAnswers = preStartQuestionListSchema.parse(
        expectCode(await get(v1(`${P.purposes}?formId=${FORM}&orgId=${ORG}&id=${txnId}`), h), 0, 200),
      );
      expect(withAnswers.list.map((q) => q.answer)).toEqual(['EMPLOYMENT', 'EMPLOYER']);

      const processed = transactionInfoSchema.parse(
        expectCode(await send('POST', v1(P.process), { orgId: ORG, txnId }, h), 0, 200),
      );
      expect(processed).toMatchObject({
        state: 'DATA_SAVED',
        proceeded: true,
        questionnaire: { answered: true },
      });
      const again = transactionInfoSchema.parse(
        expectCode(await send('POST', v1(P.process), { orgId: ORG, txnId }, h), 0, 200),
      );
      expect(again.state).toBe('DATA_SAVED');

      const history = transactionHistoryListSchema.parse(
        expectCode(await get(v1(`${P.history}?formId=${FORM}&orgId=${ORG}`), h), 0, 200),
      );
      expect(history.list.map((e) => [e.entity, e.from, e.to, e.action])).toEqual([
        ['transaction', null, 'NOT_INITIALIZED', 'create'],
        ['transaction', 'NOT_INITIALIZED', 'DATA_SAVED', 'process'],
      ]);
    });

    it('refuses bad answers with a clear message and changes nothing', async () => {
      const h = await candidate();
      const txnId = await create(h);
      const unknown = await answer(h, txnId, [...ANSWERS, { questionId: 'nope', answer: 'x' }]);
      expect(expectCode<unknown[]>(unknown, 100, 400)).toEqual([
        { path: 'data.2.questionId', message: 'Unknown question: nope' },
      ]);
      const notOption = await answer(h, txnId, [ANSWERS[0], { questionId: 'demo-q-source', answer: 'TV' }]);
      expectCode(notOption, 100, 400);
      expect(notOption.json().message).toBe('"TV" is not one of the options of "How did you hear about us?"');
      const missing = await answer(h, txnId, [ANSWERS[0]]);
      expectCode(missing, 100, 400);
      expect(missing.json().message).toBe('How did you hear about us? should not be empty');
      expectCode(await answer(h, txnId, [{ questionId: 'demo-q-purpose', answer: 5 }]), 100, 400);
      expectCode(await answer(h, txnId, []), 100, 400);
      const questions = preStartQuestionListSchema.parse(
        expectCode(await get(v1(`${P.purposes}?formId=${FORM}&orgId=${ORG}&id=${txnId}`), h), 0, 200),
      );
      expect(questions.list.map((q) => q.answer)).toEqual([null, null]);
      expect((await info(h, txnId)).questionnaire.answered).toBe(false);
    });

    it('refuses to start an expired form (118)', async () => {
      const session = await signUp(t);
      const txnId = await create(bearer(session.accessToken));
      expectCode(await answer(bearer(session.accessToken), txnId), 0, 200);
      // Read (and cache) the info first: the expiry must still show once it passes.
      expect((await info(bearer(session.accessToken), txnId)).isExpired).toBe(false);
      t.clock.advance(400 * 24 * 60 * 60);
      try {
        // Log in again: the first access token has long expired.
        const { txnId: otpTxn, otp } = await requestOtp(t, session.mobile);
        const h = bearer(
          expectCode<{ accessToken: string }>(await verifyOtp(t, otpTxn, otp), 0, 200).accessToken,
        );
        expectCode(await send('POST', v1(P.process), { orgId: ORG, txnId }, h), 118, 410);
        expectCode(await save(h, txnId, 'aadhaar', AADHAAR_UNREAD), 118, 410);
        const i = await info(h, txnId);
        expect(i).toMatchObject({ isExpired: true, form: { isExpired: true }, state: 'NOT_INITIALIZED' });
        // Another candidate's first visit to the expired form.
        const other = await candidate();
        expectCode(await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: FORM }, other), 118, 410);
        // The existing transaction is still returned.
        expect(
          expectCode(await send('POST', v1(P.transactions), { orgId: ORG, eKycFormId: FORM }, h), 0, 200),
        ).toMatchObject({
          transactionId: txnId,
          created: false,
        });
      } finally {
        t.clock.advance(-400 * 24 * 60 * 60);
      }
    });
  });

  describe('info', () => {
    it('answers unknown transactions and wrong organisations like foreign ones (122)', async () => {
      const h = await candidate();
      const txnId = await create(h);
      expectCode(
        await get(v1(`${P.info}?orgId=${ORG}&txnId=0d6b2f8e-8a51-4a0e-9a57-5b1c3f0e7d21`), h),
        122,
        403,
      );
      expectCode(await get(v1(`${P.info}?orgId=${ORG}&txnId=not-a-uuid`), h), 122, 403);
      expectCode(await get(v1(`${P.info}?orgId=veridocs&txnId=${txnId}`), h), 122, 403);
      expectCode(await get(v1(`${P.info}?orgId=${ORG}`), h), 100, 400);
      expectCode(await get(v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`)), 102, 401);
    });

    it('shows a skip at once (the read cache is invalidated by writes)', async () => {
      const h = await candidate();
      const txnId = await started(h);
      const before = await info(h, txnId);
      expect(before.verificationList['bgv-tenth']).toMatchObject({ markedAsSkip: false, proceeded: false });
      const skipped = transactionInfoSchema.parse(
        expectCode(
          await send('POST', v1(P.markAsSkip), { orgId: ORG, txnId, verificationNameList: ['bgv-tenth'] }, h),
          0,
          200,
        ),
      );
      expect(skipped.verificationList['bgv-tenth']).toMatchObject({
        markedAsSkip: true,
        proceeded: true,
        state: 'NOT_INITIALIZED',
      });
      const after = await info(h, txnId);
      expect(after.verificationList['bgv-tenth']!.markedAsSkip).toBe(true);
      expect(after.filtered.remaining).not.toContain('bgv-tenth');
      // Saving input clears the mark.
      expectCode(await save(h, txnId, 'bgv-tenth', { rollNumber: '12' }), 0, 200);
      expect((await info(h, txnId)).verificationList['bgv-tenth']).toMatchObject({
        markedAsSkip: false,
        state: 'DATA_SAVED',
      });
    });
  });

  describe('skip', () => {
    it('refuses a non-skippable verification (124), all or nothing', async () => {
      const h = await candidate();
      const txnId = await started(h);
      const res = await send(
        'POST',
        v1(P.markAsSkip),
        { orgId: ORG, txnId, verificationNameList: ['bgv-tenth', 'bgv-degree'] },
        h,
      );
      expectCode(res, 124, 400);
      expect(res.json().message).toBe('bgv-degree cannot be skipped');
      expect((await info(h, txnId)).verificationList['bgv-tenth']!.markedAsSkip).toBe(false);
      expectCode(
        await send('POST', v1(P.markAsSkip), { orgId: ORG, txnId, verificationNameList: ['nope'] }, h),
        126,
        400,
      );
      expectCode(
        await send('POST', v1(P.markAsSkip), { orgId: ORG, txnId, verificationNameList: [] }, h),
        100,
        400,
      );
      // A saved (DATA_SAVED) verification can still be skipped; a ready-to-submit one cannot
      // (state-machine.test.ts).
      expectCode(await save(h, txnId, 'bgv-twelfth', {}, 'PUT'), 0, 200);
      expectCode(
        await send('POST', v1(P.markAsSkip), { orgId: ORG, txnId, verificationNameList: ['bgv-twelfth'] }, h),
        0,
        200,
      );
    });
  });

  describe('saving, submitting a verification and the transaction', () => {
    it('judges "not in the future" by the candidate’s calendar, which may be a day ahead of the server’s', async () => {
      // Past noon on the server clock, the UTC+14 calendar already shows tomorrow.
      const shift = Math.max(0, 12 - t.clock.now().getHours()) * 3600;
      t.clock.advance(shift);
      try {
        const h = await candidate();
        const txnId = await started(h);
        const day = (hoursAhead: number) =>
          toIsoDay(new Date(t.clock.now().getTime() + hoursAhead * 3_600_000));
        const joiningDateIssue = async (joiningDate: string) => {
          const res = await save(h, txnId, 'bgv-employment', { joiningDate }, 'POST');
          const issues = expectCode<{ path: string; message: string }[]>(res, 100, 400);
          return issues.find((issue) => issue.path === 'data.joiningDate');
        };
        expect(await joiningDateIssue(day(13))).toBeUndefined();
        expect(await joiningDateIssue(day(72))).toEqual({
          path: 'data.joiningDate',
          message: 'Date cannot be in the future',
        });
      } finally {
        t.clock.advance(-shift);
      }
    });

    it('saves as the candidate types, checks a submission against the config, and submits the transaction', async () => {
      const h = await candidate('Meera Iyer');
      const txnId = await started(h);
      const { DEGREE } = await documentsOf(t, h);

      const saved = verificationInfoSchema.parse(
        expectCode(await save(h, txnId, 'bgv-degree', { degreeName: 'B.T' }), 0, 200),
      );
      expect(saved).toMatchObject({
        profileName: 'Meera Iyer',
        data: { degreeName: 'B.T' },
        verification: { state: 'DATA_SAVED' },
      });
      expect(saved.config.name).toBe('bgv-degree');
      expectCode(await save(h, txnId, 'bgv-degree', { degreeName: 'B.T' }), 0, 200);

      const typeInfo = verificationInfoSchema.parse(
        expectCode(await get(v1(`${P.typeInfo('bgv-degree')}?orgId=${ORG}&txnId=${txnId}`), h), 0, 200),
      );
      expect(typeInfo).toMatchObject({
        data: { degreeName: 'B.T' },
        formExpired: false,
        verification: { state: 'DATA_SAVED' },
      });
      expectCode(await get(v1(`${P.typeInfo('nope')}?orgId=${ORG}&txnId=${txnId}`), h), 126, 400);

      const invalid = await save(
        h,
        txnId,
        'bgv-degree',
        { ...DEGREE, marksheet: '', instituteId: '' },
        'POST',
      );
      const issues = expectCode<{ path: string; message: string }[]>(invalid, 100, 400);
      expect(issues).toEqual([
        { path: 'data.instituteId', message: 'Required' },
        { path: 'data.marksheet', message: 'Upload Education Marksheet' },
      ]);
      // Without marksheets, supporting documents are asked for instead.
      const noMarksheet = await save(
        h,
        txnId,
        'bgv-degree',
        { ...DEGREE, marksheet: '', degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET' },
        'POST',
      );
      expect(expectCode<{ path: string }[]>(noMarksheet, 100, 400).map((i) => i.path)).toEqual([
        'data.supportingDocuments',
      ]);
      // Aadhaar is verified only by OTP (issue 11): its typed form is refused.
      const typedAadhaar = await save(h, txnId, 'aadhaar', AADHAAR_UNREAD, 'POST');
      expectCode(typedAadhaar, 123, 409);
      expect(typedAadhaar.json().message).toBe(
        'Aadhaar is verified only by an OTP sent to your Aadhaar-linked mobile',
      );
      expect((await info(h, txnId)).verificationList.aadhaar!.state).toBe('NOT_INITIALIZED');

      expectCode(await save(h, txnId, 'bgv-degree', DEGREE, 'POST'), 0, 200);
      await aadhaarByOtp(h, txnId);

      // Remaining verifications block the submission.
      const blocked = await send('POST', v1(P.submit), { orgId: ORG, txnId }, h);
      expectCode(blocked, 123, 409);
      expect(blocked.json().message).toContain('bgv-twelfth');
      // A saved (not submitted) one blocks too.
      expectCode(await save(h, txnId, 'passport', { passportNumber: 'A1234567' }), 0, 200);
      const skippable = [
        'bgv-twelfth',
        'bgv-tenth',
        'dl',
        'employment-check',
        'bgv-employment',
        'bgv-address',
        'bgv-ews',
      ];
      expectCode(
        await send('POST', v1(P.markAsSkip), { orgId: ORG, txnId, verificationNameList: skippable }, h),
        0,
        200,
      );
      const stillBlocked = await send('POST', v1(P.submit), { orgId: ORG, txnId }, h);
      expectCode(stillBlocked, 123, 409);
      expect(stillBlocked.json().data).toEqual({ pending: ['passport'] });
      // The form home's Continue reads the same rule on the info (issue 24): the auto-saved passport is
      // offered to skip, never submitted into this refusal.
      const seen = await info(h, txnId);
      expect(
        continueAction({
          profileHasName: true,
          state: seen.state,
          basicDetailsRequired: false,
          paid: false,
          paymentRequired: false,
          verifications: Object.values(seen.verificationList),
        }),
      ).toEqual({ kind: 'skip-pending', names: ['passport'] });
      expectCode(
        await send('POST', v1(P.markAsSkip), { orgId: ORG, txnId, verificationNameList: ['passport'] }, h),
        0,
        200,
      );

      const submitted = transactionInfoSchema.parse(
        expectCode(await send('POST', v1(P.submit), { orgId: ORG, txnId }, h), 0, 200),
      );
      expect(submitted.state).toBe('SUBMITTED');
      expect(submitted.verificationList['bgv-degree']!.state).toBe('SUBMITTED');
      expect(submitted.verificationList.aadhaar!.state).toBe('COMPLETED');
      expect(submitted.verificationList.passport).toMatchObject({ state: 'DATA_SAVED', markedAsSkip: true });
      // 2030-01-15 is a Tuesday: 7 working days later is Thursday 2030-01-24.
      expect(submitted.expectedCompletionDate).toEqual({ maxDate: '2030-01-24T10:00:00.000Z' });

      // Nothing can be changed after submission.
      expectCode(await save(h, txnId, 'bgv-degree', DEGREE), 123, 409);
      expectCode(await save(h, txnId, 'aadhaar', AADHAAR_UNREAD, 'POST'), 123, 409);
      expectCode(
        await send('POST', v1(P.markAsSkip), { orgId: ORG, txnId, verificationNameList: ['dl'] }, h),
        123,
        409,
      );
      expectCode(await answer(h, txnId), 123, 409);
      expect(expectCode(await send('POST', v1(P.submit), { orgId: ORG, txnId }, h), 0, 200)).toMatchObject({
        state: 'SUBMITTED',
      });

      const list = candidateTransactionListSchema.parse(
        expectCode(await get(v1(`${P.candidateTransactions}?states=SUBMITTED,COMPLETED`), h), 0, 200),
      );
      expect(list.list.map((x) => [x.txnId, x.state, x.form.name])).toEqual([
        [txnId, 'SUBMITTED', 'Demo verification form'],
      ]);
      expectCode(await get(v1(`${P.candidateTransactions}?states=NOPE`), h), 100, 400);
      const history = transactionHistoryListSchema.parse(
        expectCode(await get(v1(`${P.history}?formId=${FORM}&orgId=${ORG}`), h), 0, 200),
      );
      expect(history.list.filter((e) => e.entity === 'transaction').map((e) => e.to)).toEqual([
        'NOT_INITIALIZED',
        'DATA_SAVED',
        'SUBMITTED',
      ]);
      expect(
        history.list.filter((e) => e.verificationName === 'bgv-degree').map((e) => `${e.from}>${e.to}`),
      ).toEqual(['NOT_INITIALIZED>DATA_SAVED', 'DATA_SAVED>READY_TO_SUBMIT', 'READY_TO_SUBMIT>SUBMITTED']);
    });

    it('needs the minimum set (degree, 12th or 10th) and refuses before start', async () => {
      const h = await candidate();
      const txnId = await create(h);
      expectCode(await send('POST', v1(P.submit), { orgId: ORG, txnId }, h), 123, 409);
      expectCode(await answer(h, txnId), 0, 200);
      await aadhaarByOtp(h, txnId);
      expect((await info(h, txnId)).state).toBe('DATA_SAVED');
      const res = await send('POST', v1(P.submit), { orgId: ORG, txnId }, h);
      expectCode(res, 123, 409);
      expect(res.json().data.pending).toContain('bgv-degree');
    });

    it('refuses oversize and malformed data (100) and unknown verifications (126)', async () => {
      const h = await candidate();
      const txnId = await started(h);
      expectCode(await save(h, txnId, 'bgv-degree', { big: 'x'.repeat(70_000) }), 100, 400);
      expectCode(await save(h, txnId, 'bgv-degree', 'text'), 100, 400);
      expectCode(await send('PUT', v1(P.bgv), { orgId: ORG, txnId, data: {} }, h), 100, 400);
      expectCode(
        await send(
          'PUT',
          v1(P.bgv),
          { orgId: ORG, txnId, verificationName: 'aadhaar', data: {}, extra: 1 },
          h,
        ),
        100,
        400,
      );
      expectCode(await save(h, txnId, 'nope', {}), 126, 400);
      const i = await info(h, txnId);
      expect(i.verificationList['bgv-degree']!.state).toBe('NOT_INITIALIZED');
    });
  });

  it('answers a foreign and an unknown transaction id the same on every route (122), and changes nothing', async () => {
    const owner = await candidate();
    const txnId = await create(owner);
    const intruder = await candidate('Intruder');
    type Ref = { orgId: string; txnId: string };
    const routes: ((ref: Ref, h: Headers) => ReturnType<typeof get>)[] = [
      (ref, h) => get(v1(`${P.info}?orgId=${ref.orgId}&txnId=${ref.txnId}`), h),
      (ref, h) => get(v1(`${P.typeInfo('aadhaar')}?orgId=${ref.orgId}&txnId=${ref.txnId}`), h),
      (ref, h) => get(v1(`${P.purposes}?formId=${FORM}&orgId=${ref.orgId}&id=${ref.txnId}`), h),
      (ref, h) => send('POST', v1(P.process), ref, h),
      (ref, h) => send('PATCH', v1(P.userResponse), { ...ref, data: ANSWERS }, h),
      (ref, h) => send('POST', v1(P.markAsSkip), { ...ref, verificationNameList: ['bgv-tenth'] }, h),
      (ref, h) => send('PUT', v1(P.bgv), { ...ref, verificationName: 'aadhaar', data: AADHAAR_UNREAD }, h),
      (ref, h) => send('POST', v1(P.bgv), { ...ref, verificationName: 'aadhaar', data: AADHAAR_UNREAD }, h),
      (ref, h) => send('POST', v1(P.submit), ref, h),
    ];
    const unknown = '0d6b2f8e-8a51-4a0e-9a57-5b1c3f0e7d21';
    const cases: [string, Ref, Headers][] = [
      ["another candidate's", { orgId: ORG, txnId }, intruder],
      ['unknown', { orgId: ORG, txnId: unknown }, intruder],
      ['not an id', { orgId: ORG, txnId: 'not-a-uuid' }, intruder],
    ];
    // Under another organisation: the same answer for the caller's own, a foreign and an unknown id
    // (122; the purposes route checks the form's organisation first and answers 119 for all three).
    const otherOrg: [string, Ref, Headers][] = [
      ['own', { orgId: 'veridocs', txnId }, owner],
      ["another candidate's", { orgId: 'veridocs', txnId }, intruder],
      ['unknown', { orgId: 'veridocs', txnId: unknown }, owner],
    ];
    for (const [index, route] of routes.entries()) {
      for (const [name, ref, h] of cases) {
        const res = await route(ref, h);
        expect(res.statusCode, `route ${index}, ${name}`).toBe(403);
        expect(res.json()).toEqual({ code: 122, data: null, message: 'Access not allowed' });
        expect(res.body).not.toContain('NOT_INITIALIZED');
      }
      const answers = new Set<string>();
      for (const [, ref, h] of otherOrg) {
        const res = await route(ref, h);
        answers.add(`${res.statusCode} ${res.body}`);
      }
      expect([...answers], `route ${index}`).toHaveLength(1);
      expect([...answers][0]).toMatch(index === 2 ? /^404 .*"code":119/ : /^403 .*"code":122/);
    }
    const i = await info(owner, txnId);
    expect(i.state).toBe('NOT_INITIALIZED');
    expect(i.questionnaire.answered).toBe(false);
    expect(
      Object.values(i.verificationList).every((v) => v.state === 'NOT_INITIALIZED' && !v.markedAsSkip),
    ).toBe(true);
    const history = transactionHistoryListSchema.parse(
      expectCode(await get(v1(`${P.history}?formId=${FORM}&orgId=${ORG}`), owner), 0, 200),
    );
    expect(history.total).toBe(1);
    const theirs = transactionHistoryListSchema.parse(
      expectCode(await get(v1(`${P.history}?formId=${FORM}&orgId=${ORG}`), intruder), 0, 200),
    );
    expect(theirs.total).toBe(0);
  });

  describe('reference lists', () => {
    it('searches institutes and boards, best match first; lists them by name', async () => {
      const h = await candidate();
      const u = (path: string) => `${SERVICE_BASES.utility}${path}`;
      const bombay = expectCode<{ list: { name: string; value: string }[]; total: number }>(
        await get(u(`${API_PATHS.utility.institutes}?search=technology%20BOMBAY`), h),
        0,
        200,
      );
      expect(bombay.list[0]).toMatchObject({
        name: 'Indian Institute of Technology Bombay',
        value: 'indian-institute-of-technology-bombay',
      });
      const page = expectCode<{ list: { name: string }[]; total: number }>(
        await get(u(`${API_PATHS.utility.institutes}?seed=0&count=50`), h),
        0,
        200,
      );
      expect(page.total).toBeGreaterThanOrEqual(80);
      expect(page.list).toHaveLength(50);
      const names = page.list.map((x) => x.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const boards = expectCode<{ list: { value: string }[]; total: number }>(
        await get(u(`${API_PATHS.utility.boards}?search=cbse`), h),
        0,
        200,
      );
      expect(boards.list[0]?.value).toBe('CBSE');
      const none = expectCode<{ total: number }>(
        await get(u(`${API_PATHS.utility.boards}?search=100%25`), h),
        0,
        200,
      );
      expect(none.total).toBe(0);
      expectCode(await get(u(API_PATHS.utility.boards)), 102, 401);
      expectCode(
        await t.app.inject({ method: 'GET', url: u(API_PATHS.utility.boards), headers: h }),
        113,
        400,
      );
      expectCode(await get(u(`${API_PATHS.utility.boards}?count=51`), h), 100, 400);
    });
  });
});
