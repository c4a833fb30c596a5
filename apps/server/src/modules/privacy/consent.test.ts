import {
  API_PATHS,
  PRIVACY_CANDIDATE_PATHS,
  SERVICE_BASES,
  consentResponseSchema,
  privacyNoticeSchema,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.js';
import { consentTo, readNotice } from '../../test/consent.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../../test/test-app.js';

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;

describe('notice and consent before a form starts (issue 29, ADR 0049)', () => {
  let t: TestApp;
  const execute = (query: ReturnType<typeof sql>) => t.db.orm.execute(query);
  const rowsOf = (result: unknown) =>
    (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const ledgerOf = async (txnId: string) =>
    rowsOf(
      await execute(sql`select action, purposes, channel, notice_hash from consent_ledger
      where txn_id = ${txnId} order by seq`),
    );

  async function candidate(formId: string = DEMO.formId, name = 'Meera Iyer') {
    const session = await signUp(t, undefined, name);
    const h = bearer(session.accessToken);
    const { transactionId: txnId } = expectCode<{ transactionId: string }>(
      await t.request({
        method: 'POST',
        url: v1(P.transactions),
        headers: h,
        body: { orgId: DEMO.orgId, eKycFormId: formId },
      }),
      0,
      200,
    );
    return { h, at: { orgId: DEMO.orgId, txnId } };
  }
  const answer = (h: Record<string, string>, body: object) =>
    t.request({ method: 'POST', url: v1(PRIVACY_CANDIDATE_PATHS.consent), headers: h, body });
  const start = (h: Record<string, string>, at: object) =>
    t.request({ method: 'POST', url: v1(P.process), headers: h, body: at });

  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  it('the notice is read in English and Hindi; the form asks its purposes; another candidate gets 122', async () => {
    const { h, at } = await candidate();
    const en = privacyNoticeSchema.parse(await readNotice(t, h, at, 'en'));
    expect(en.title).toContain('Privacy notice:');
    expect(en.title).toContain('Demo verification form');
    expect(en.sections.map((s) => s.key)).toEqual([
      'data',
      'purposes',
      'recipients',
      'retention',
      'rights',
      'withdrawal',
      'grievance',
    ]);
    // No partner on the demo form: its purpose is not asked.
    expect(en.purposes.map((p) => [p.purpose, p.required])).toEqual([
      ['verify', true],
      ['report_organisation', true],
      ['contact_institutions', false],
      ['wallet', false],
    ]);
    expect(en).toMatchObject({ grants: [], consented: false });
    const hi = await readNotice(t, h, at, 'hi');
    expect(hi.title).toContain('गोपनीयता सूचना');
    expect(hi.hash).not.toBe(en.hash);
    // No `lang`: the request's language (the profile has none recorded yet).
    const byHeader = expectCode<{ language: string }>(
      await t.request({
        method: 'GET',
        url: `${v1(PRIVACY_CANDIDATE_PATHS.notice)}?${new URLSearchParams(at)}`,
        headers: { ...h, 'accept-language': 'hi' },
      }),
      0,
      200,
    );
    expect(byHeader.language).toBe('hi');

    const other = await candidate();
    expectCode(
      await t.request({
        method: 'GET',
        url: `${v1(PRIVACY_CANDIDATE_PATHS.notice)}?${new URLSearchParams(at)}`,
        headers: other.h,
      }),
      122,
      403,
    );
    expectCode(await answer(other.h, { ...at, noticeHash: en.hash, purposes: [] }), 122, 403);
  });

  it('a form with an evaluation partner asks report_partner and names the partner to come', async () => {
    const { h, at } = await candidate(DEMO.evaluationFormId);
    const notice = await readNotice(t, h, at, 'en');
    const partner = notice.purposes.find((p) => p.purpose === 'report_partner');
    expect(partner).toMatchObject({ required: false });
    expect(partner!.text).toContain('the evaluation partner you will name');
  });

  it('no consent: the form does not start (340) by any path; a refusal is recorded and changes nothing', async () => {
    const { h, at } = await candidate();
    expectCode(await start(h, at), 340, 403);
    expectCode(
      await t.request({
        method: 'POST',
        url: v1(P.bgv),
        headers: h,
        body: { ...at, verificationName: 'bgv-twelfth', data: {} },
      }),
      340,
      403,
    );
    const notice = await readNotice(t, h, at);
    const refused = consentResponseSchema.parse(
      expectCode(
        await answer(h, {
          ...at,
          noticeHash: notice.hash,
          purposes: [
            { purpose: 'verify', granted: true },
            { purpose: 'report_organisation', granted: false },
            { purpose: 'wallet', granted: true },
          ],
        }),
        0,
        200,
      ),
    );
    expect(refused).toMatchObject({ action: 'refuse', recorded: true, consented: false });
    expectCode(await start(h, at), 340, 403);
    const ledger = await ledgerOf(at.txnId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ action: 'refuse', channel: 'web', notice_hash: notice.hash });
    // Every purpose asked is recorded; one left out is not granted.
    expect(ledger[0]!.purposes).toEqual([
      { purpose: 'contact_institutions', granted: false },
      { purpose: 'report_organisation', granted: false },
      { purpose: 'verify', granted: true },
      { purpose: 'wallet', granted: true },
    ]);
    // In Hindi (the candidate's header): the message of 340.
    const hindi = await t.request({
      method: 'POST',
      url: v1(P.process),
      headers: { ...h, 'accept-language': 'hi' },
      body: at,
    });
    expect(hindi.json()).toMatchObject({ code: 340, message: 'कृपया पहले सूचना पढ़ें और अपनी सहमति दें' });
  });

  it('a consent lets the form start, is recorded once on a double click, and keeps the notice text', async () => {
    const { h, at } = await candidate();
    const notice = await readNotice(t, h, at, 'hi');
    const body = {
      ...at,
      noticeHash: notice.hash,
      purposes: [
        { purpose: 'verify', granted: true },
        { purpose: 'report_organisation', granted: true },
      ],
    };
    const [first, second] = await Promise.all([answer(h, body), answer(h, body)]);
    const answers = [first, second].map((r) => consentResponseSchema.parse(expectCode(r, 0, 200)));
    expect(answers.map((a) => a.recorded).sort()).toEqual([false, true]);
    expect(answers[0]).toMatchObject({ action: 'consent', consented: true });
    expect(await ledgerOf(at.txnId)).toHaveLength(1);
    const stored = rowsOf(
      await execute(sql`select language, text from privacy_notices where hash = ${notice.hash}`),
    );
    expect(stored[0]).toMatchObject({ language: 'hi' });
    expect(String(stored[0]!.text)).toContain(notice.title);
    const again = await readNotice(t, h, at, 'hi');
    expect(again.consented).toBe(true);
    expect(again.grants).toContainEqual({ purpose: 'wallet', granted: false });
    const questionnaire = [
      { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
      { questionId: 'demo-q-source', answer: 'EMPLOYER' },
    ];
    expectCode(
      await t.request({
        method: 'PATCH',
        url: v1(P.userResponse),
        headers: h,
        body: { ...at, data: questionnaire },
      }),
      0,
      200,
    );
    expectCode(await start(h, at), 0, 200);
    // A changed answer is a new entry (the wallet granted now).
    expect((await consentTo(t, h, at)).recorded).toBe(true);
    expect(await ledgerOf(at.txnId)).toHaveLength(2);
  });

  it('a notice the server did not render (stale or forged) is refused with 341; unasked purposes with 100', async () => {
    const { h, at } = await candidate();
    const notice = await readNotice(t, h, at);
    const grantAll = [
      { purpose: 'verify', granted: true },
      { purpose: 'report_organisation', granted: true },
    ];
    expectCode(await answer(h, { ...at, noticeHash: 'f'.repeat(64), purposes: grantAll }), 341, 409);
    expectCode(
      await answer(h, {
        ...at,
        noticeHash: notice.hash,
        purposes: [...grantAll, { purpose: 'report_partner', granted: true }],
      }),
      100,
      400,
    );
    expect(await ledgerOf(at.txnId)).toHaveLength(0);
    expectCode(await start(h, at), 340, 403);
  });
});
