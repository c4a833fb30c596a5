import {
  INSTITUTION_API_PATHS,
  OPS_API_PATHS,
  institutionAnswerSchema,
  type InstitutionAnswer,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCode, outbox, staffSignIn, type TestApp } from '../../test/test-app.js';
import { multipart, pdfOfSize, pngOfSize } from '../files/test-files.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { institutionsKit, type Headers } from './institutions-test-kit.js';

const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
const R = INSTITUTION_API_PATHS;
const EMAIL_A = 'registrar-one@cbse.example';
const EMAIL_B = 'registrar-two@cbse.example';

describe('the responder’s page (issue 27): link, code, session, answers, and the decision from them', () => {
  let t: TestApp;
  let verifier: Headers;
  const kit = institutionsKit(() => t);
  const { send } = kit;
  const cases: Record<'a' | 'b', { txnId: string; marksheet: string; requestId: string; link: string }> =
    {} as never;
  let sessionA: Headers;

  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', OTP_RESEND_AFTER_SECONDS: '5' } });
    const admin = await staffSignIn(t, ADMIN);
    verifier = await staffSignIn(t, VERIFIER);
    for (const [key, email, name] of [
      ['a', EMAIL_A, 'Asha Verma'],
      ['b', EMAIL_B, 'Ravi Kumar'],
    ] as const) {
      const { txnId, marksheet } = await kit.submittedCase(verifier, true, name);
      const { contactId } = await kit.confirmedContact(admin, email);
      const institutionId = await kit.cbseId(verifier);
      const sent = expectCode<{ requests: { id: string }[] }>(
        await send(
          'POST',
          OPS_API_PATHS.institutionRequests(txnId),
          { institutionId, contactId, verificationNames: ['bgv-twelfth'] },
          verifier,
        ),
        0,
        200,
      );
      const requestId = sent.requests[0]!.id;
      cases[key] = { txnId, marksheet, requestId, link: await kit.linkOf(requestId, contactId) };
    }
  }, 120_000);
  afterAll(() => t?.close());

  const codeFor = async (link: string, email: string) => {
    expectCode(await send('POST', R.responderCode, { token: link }), 0, 200);
    return (await outbox(t, email))[0]!.otp!;
  };

  const sessionFor = async (link: string, email: string): Promise<Headers> => {
    const code = await codeFor(link, email);
    const opened = expectCode<{ sessionToken: string }>(
      await send('POST', R.responderSession, { token: link, code }),
      0,
      200,
    );
    return { authorization: `Bearer ${opened.sessionToken}` };
  };

  it('opens a request only with the code sent to its contact, bound to that link', async () => {
    expectCode(await send('POST', R.responderCode, { token: 'x'.repeat(43) }), 292, 404);
    const sent = expectCode<{ maskedEmail: string; institution: string; resendIn: number }>(
      await send('POST', R.responderCode, { token: cases.a.link }),
      0,
      200,
    );
    expect(sent).toMatchObject({ maskedEmail: 'r***********e@cbse.example', resendIn: 5 });
    expect(sent.institution).toMatch(/central board/i);
    const codeA = (await outbox(t, EMAIL_A))[0]!.otp!;
    expect(codeA).toMatch(/^\d{6}$/);
    // Asked again at once: wait.
    expectCode(await send('POST', R.responderCode, { token: cases.a.link }), 110, 429);
    // B's code opens nothing on A's link (bound to the contact and the request).
    const codeB = await codeFor(cases.b.link, EMAIL_B);
    expectCode(await send('POST', R.responderSession, { token: cases.a.link, code: codeB }), 293, 400);
    const session = expectCode<{ sessionToken: string; requestId: string }>(
      await send('POST', R.responderSession, { token: cases.a.link, code: codeA }),
      0,
      200,
    );
    expect(session.requestId).toBe(cases.a.requestId);
    // Used once.
    expectCode(await send('POST', R.responderSession, { token: cases.a.link, code: codeA }), 293, 400);
    sessionA = { authorization: `Bearer ${session.sessionToken}` };
    expectCode(await send('GET', R.responderRequests), 102, 401);
  });

  it('reaches only its contact’s requests and their documents', async () => {
    const list = expectCode<{ requests: { id: string; candidateName: string; organisation: string }[] }>(
      await send('GET', R.responderRequests, undefined, sessionA),
      0,
      200,
    );
    expect(list.requests.map((r) => r.id)).toEqual([cases.a.requestId]);
    expect(list.requests[0]).toMatchObject({ candidateName: 'Asha Verma', organisation: expect.any(String) });
    const detail = expectCode<{
      verifications: { facts: { key: string }[]; documents: { url: string; name: string }[] }[];
    }>(await send('GET', R.responderRequest(cases.a.requestId), undefined, sessionA), 0, 200);
    // The document by the name the candidate uploaded it under.
    expect(detail.verifications[0]!.documents.map((d) => d.name)).toEqual(['document.pdf']);
    expect(detail.verifications[0]!.facts.map((f) => f.key)).toEqual([
      'name',
      'candidateId',
      'programme',
      'years',
    ]);
    const file = await send('GET', detail.verifications[0]!.documents[0]!.url, undefined, sessionA);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    // Another contact's request and its file: 404, never its data.
    const other = await send('GET', R.responderRequest(cases.b.requestId), undefined, sessionA);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Ravi');
    expectCode(
      await send('GET', R.responderFile(cases.b.requestId, cases.b.marksheet), undefined, sessionA),
      101,
      404,
    );
    // A file not in the request.
    expectCode(
      await send('GET', R.responderFile(cases.a.requestId, cases.b.marksheet), undefined, sessionA),
      133,
      404,
    );
  });

  const answer = (overrides: Record<string, unknown> = {}, verdicts: Record<string, string> = {}) => ({
    verificationName: 'bgv-twelfth',
    facts: ['name', 'candidateId', 'programme', 'years'].map((key) => ({
      key,
      verdict: verdicts[key] ?? 'confirmed',
      ...(verdicts[key] === 'differs' ? { onRecord: '2018' } : {}),
    })),
    responderName: 'Meera Iyer',
    designation: 'Registrar',
    declaration: true,
    ...overrides,
  });
  const postAnswer = (body: unknown, who = sessionA, id = cases.a.requestId) =>
    send('POST', R.responderAnswer(id), body, who);

  it('refuses an answer that does not fit the claims', async () => {
    const base = answer();
    expectCode(await postAnswer({ ...base, declaration: false }), 100, 400);
    expectCode(
      await postAnswer({
        ...base,
        facts: base.facts.map((f) => (f.key === 'years' ? { ...f, verdict: 'differs' } : f)),
      }),
      100,
      400,
    );
    expectCode(
      await postAnswer({ ...base, facts: [...base.facts, { key: 'result', verdict: 'confirmed' }] }),
      100,
      400,
    );
    expectCode(await postAnswer({ ...base, facts: base.facts.slice(1) }), 100, 400);
    expectCode(await postAnswer({ ...base, verificationName: 'bgv-degree' }), 100, 400);
    expectCode(await postAnswer({ ...base, letterFileId: cases.a.marksheet }), 100, 400);
    expectCode(await postAnswer(base, sessionA, cases.b.requestId), 101, 404);
  });

  it('keeps a correction beside the first answer, counts the turnaround, and the team decides from the latest', async () => {
    // A letter: PDF only, through the checked upload path.
    const upload = async (data: Buffer, type: string) => {
      const body = multipart([{ name: 'file', filename: 'letter', contentType: type, data }]);
      return t.request({
        method: 'POST',
        url: R.responderLetter(cases.a.requestId),
        headers: { ...body.headers, ...sessionA },
        payload: body.payload,
      });
    };
    expectCode(await upload(await pngOfSize(60_000), 'image/png'), 130, 415);
    const letter = expectCode<{ fileId: string }>(
      await upload(await pdfOfSize(60_000), 'application/pdf'),
      0,
      200,
    );

    t.clock.advance(2 * 86_400); // Tuesday → Thursday: two working days (the session ended meanwhile).
    expectCode(await send('GET', R.responderRequests, undefined, sessionA), 102, 401);
    sessionA = await sessionFor(cases.a.link, EMAIL_A);
    verifier = await staffSignIn(t, VERIFIER);
    // An answer cites only a letter the checks have read: one still being checked, or refused by them,
    // is refused with what to do, and the answer is not kept.
    const [read] = await kit.rowsOf<{ state: string }>(
      sql`select state from files where id = ${letter.fileId}`,
    );
    const checked = read!.state;
    for (const [state, message] of [
      ['PROCESSING', 'The letter is still being checked. Submit again in a few seconds'],
      ['ERROR', 'The letter could not be read. Upload it again'],
    ]) {
      await kit.rowsOf(sql`update files set state = ${state} where id = ${letter.fileId} returning id`);
      const refused = await postAnswer(answer({ letterFileId: letter.fileId }, { years: 'differs' }));
      expectCode(refused, 100, 400);
      expect(JSON.stringify(refused.json())).toContain(message);
    }
    await kit.rowsOf(sql`update files set state = ${checked} where id = ${letter.fileId} returning id`);
    expect(
      await kit.rowsOf(sql`select id from institution_answers where request_id = ${cases.a.requestId}`),
    ).toHaveLength(0);
    const first = institutionAnswerSchema.parse(
      expectCode(await postAnswer(answer({ letterFileId: letter.fileId }, { years: 'differs' })), 0, 200),
    );
    expect(first).toMatchObject({ allConfirmed: false, fromEmail: EMAIL_A, correctsAnswerId: null });
    expect(first.facts.find((f) => f.key === 'years')).toMatchObject({
      verdict: 'differs',
      onRecord: '2018',
    });
    expect(
      (await send('GET', R.responderFile(cases.a.requestId, letter.fileId), undefined, sessionA)).statusCode,
    ).toBe(200);

    const decide = (body: Record<string, unknown>, txnId = cases.a.txnId) =>
      send('POST', OPS_API_PATHS.decideFromAnswer(txnId, 'bgv-twelfth'), body, verifier);
    // A difference completes only with the verifier's note of why it does not matter; failing needs a reason.
    const refused = await decide({ answerId: first.id, state: 'COMPLETED' });
    expectCode(refused, 100, 400);
    expect(JSON.stringify(refused.json())).toMatch(
      /The institution's answer differs: Years \(on record: 2018\)\. Say why it can be completed/,
    );
    expectCode(await decide({ answerId: first.id, state: 'FAILED' }), 100, 400);

    // A fact without a record cannot be completed, not even with a note.
    const noRecord = institutionAnswerSchema.parse(
      expectCode(await postAnswer(answer({}, { programme: 'no_record' })), 0, 200),
    );
    expect(noRecord).toMatchObject({ allConfirmed: false, correctsAnswerId: first.id });
    const withoutRecord = await decide({ answerId: noRecord.id, state: 'COMPLETED', reason: 'Looks fine' });
    expectCode(withoutRecord, 123, 409);
    expect(withoutRecord.json<{ message: string }>().message).toMatch(
      /The institution has no record of: Programme/,
    );

    const second = institutionAnswerSchema.parse(expectCode(await postAnswer(answer()), 0, 200));
    expect(second).toMatchObject({ allConfirmed: true, correctsAnswerId: noRecord.id });
    const [request] = await kit.rowsOf<{ status: string; turnaround_days: number; answered_at: unknown }>(
      sql`select status, turnaround_days, answered_at from institution_requests where id = ${cases.a.requestId}`,
    );
    expect(request).toMatchObject({ status: 'answered', turnaround_days: 2 });
    const [items] = await kit.rowsOf<{ open: boolean }>(
      sql`select open from institution_request_items where request_id = ${cases.a.requestId}`,
    );
    expect(items!.open).toBe(false);
    const [entry] = await kit.rowsOf<{
      requests_sent: number;
      requests_answered: number;
      median_days: number;
      p90_days: number;
    }>(
      sql`select requests_sent, requests_answered, median_days, p90_days from institutions where ref_value = 'CBSE'`,
    );
    expect(entry).toEqual({ requests_sent: 2, requests_answered: 1, median_days: 2, p90_days: 2 });
    const view = await kit.caseRequests(cases.a.txnId, verifier);
    expect(view.requests[0]!.answers.map((a: InstitutionAnswer) => a.id)).toEqual([
      first.id,
      noRecord.id,
      second.id,
    ]);

    // The first answer is corrected: deciding from it is refused; from the latest it completes.
    expect(
      (await decide({ answerId: first.id, state: 'COMPLETED' })).json<{ message: string }>().message,
    ).toMatch(/later answer/);
    expectCode(await decide({ answerId: second.id, state: 'COMPLETED' }, cases.b.txnId), 296, 404);
    const decided = expectCode<{ state: string }>(
      await decide({ answerId: second.id, state: 'COMPLETED' }),
      0,
      200,
    );
    expect(decided.state).toBe('COMPLETED');
    const [record] = await kit.rowsOf<{ state: string; data: { issuerSource: Record<string, unknown> } }>(
      sql`select state, data from verification_records where txn_id = ${cases.a.txnId} and name = 'bgv-twelfth'`,
    );
    expect(record!.state).toBe('COMPLETED');
    expect(record!.data.issuerSource).toMatchObject({
      channel: 'institution',
      issuer: expect.stringMatching(/central board/i),
      pullId: second.id,
      responder: { name: 'Meera Iyer', designation: 'Registrar' },
    });
    const [credential] = await kit.rowsOf<{
      credential_attributes: Record<string, string>;
      evidence: Record<string, unknown>[];
    }>(
      sql`select credential_attributes, evidence from credentials where txn_id = ${cases.a.txnId} and verification_name = 'bgv-twelfth'`,
    );
    expect(credential!.evidence[0]).toMatchObject({
      verificationMethod: 'IssuerConfirmation',
      confirmedBy: expect.stringMatching(/^Registrar, Central Board/i),
    });
    expect(credential!.credential_attributes.source).toMatch(
      /^Confirmed by the Registrar, Central Board .*, on 2030-01-17$/i,
    );
    const [audit] = await kit.rowsOf<{ detail: { source?: { channel: string } } }>(
      sql`select detail from ops_audit where action = 'verification.decide' and target_id = ${`${cases.a.txnId}/bgv-twelfth`} and detail->>'state' = 'COMPLETED'`,
    );
    expect(audit!.detail.source?.channel).toBe('institution');
  });

  it('fails a verification from an answer with a reason', async () => {
    const sessionB = await sessionFor(cases.b.link, EMAIL_B);
    const given = institutionAnswerSchema.parse(
      expectCode(await postAnswer(answer({}, { name: 'no_record' }), sessionB, cases.b.requestId), 0, 200),
    );
    const decide = (body: Record<string, unknown>) =>
      send('POST', OPS_API_PATHS.decideFromAnswer(cases.b.txnId, 'bgv-twelfth'), body, verifier);
    expectCode(await decide({ answerId: given.id, state: 'FAILED' }), 100, 400);
    const failed = expectCode<{ state: string }>(
      await decide({ answerId: given.id, state: 'FAILED', reason: 'CBSE has no record of this candidate' }),
      0,
      200,
    );
    expect(failed.state).toBe('FAILED');
  });

  it('three wrong codes close the link for that contact a while; an expired link opens nothing', async () => {
    t.clock.advance(10);
    const code = await codeFor(cases.b.link, EMAIL_B);
    const wrong = code === '000000' ? '111111' : '000000';
    const tryCode = (c: string) => send('POST', R.responderSession, { token: cases.b.link, code: c });
    expectCode(await tryCode(wrong), 293, 400);
    expectCode(await tryCode(wrong), 293, 400);
    expect(expectCode<{ retryAfter: number }>(await tryCode(wrong), 294, 429).retryAfter).toBe(30 * 60);
    // Even the right code, while locked.
    expectCode(await tryCode(code), 294, 429);
    expectCode(await send('POST', R.responderCode, { token: cases.b.link }), 294, 429);
    t.clock.advance(31 * 60);
    const fresh = await codeFor(cases.b.link, EMAIL_B);
    expectCode(await tryCode(fresh), 0, 200);

    t.clock.advance(31 * 86_400);
    expectCode(await send('POST', R.responderCode, { token: cases.a.link }), 292, 404);
  });
});
