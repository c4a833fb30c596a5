import {
  API_PATHS,
  PRIVACY_ERASURE_PATHS,
  PRIVACY_REQUEST_MAX_OPEN,
  PRIVACY_REQUEST_PATHS as P,
  SERVICE_BASES,
  privacyTicketListSchema,
  privacyTicketOpsListSchema,
  privacyTicketOpsSchema,
  privacyTicketSchema,
  type PrivacyTicket,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.js';
import { searchPersonalData } from '../../test/personal-data-search.js';
import {
  bearer,
  createTestApp,
  expectCode,
  signUp,
  staffSignIn,
  wallet,
  type TestApp,
} from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const DAY = 86_400;
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
type Headers = Record<string, string>;

describe('correction requests and grievance tickets (issue 29, ADR 0049)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  });
  afterAll(() => t?.close());

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result: unknown = await t.db.orm.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  }
  /** A candidate with one request (form) of their own, not started. */
  async function candidate(name: string) {
    const session = await signUp(t, undefined, name);
    const h = bearer(session.accessToken);
    const { transactionId: txnId } = expectCode<{ transactionId: string }>(
      await t.request({
        method: 'POST',
        url: `${SERVICE_BASES.verificationV1}${API_PATHS.verification.transactions}`,
        headers: h,
        body: { orgId: DEMO.orgId, eKycFormId: DEMO.formId },
      }),
      0,
      200,
    );
    const [row] = await rows<{ id: string }>(
      sql`select profile_id as id from transactions where id = ${txnId}`,
    );
    return { h, txnId, profileId: row!.id, mobile: session.mobile };
  }
  const post = (url: string, body: object, headers: Headers) =>
    t.request({ method: 'POST', url, body, headers });
  const get = (url: string, headers: Headers) => t.request({ method: 'GET', url, headers });
  const listOf = async (h: Headers) =>
    privacyTicketListSchema.parse(expectCode(await get(wallet(P.requests), h), 0, 200));
  const countRows = async () =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from privacy_requests`))[0]!.n;

  it('files a correction and a grievance, lists them with due dates, refuses bad input and others', async () => {
    const c = await candidate('Farida Correction');
    const other = await candidate('Other Person');
    const empty = await listOf(c.h);
    expect(empty).toMatchObject({ requests: [], dueDays: 90, maxOpen: PRIVACY_REQUEST_MAX_OPEN });
    expect(empty.choices.map((x) => x.txnId)).toEqual([c.txnId]);
    expect(empty.officer.email).toContain('@');

    const before = await countRows();
    // Bad input: a clear message, nothing stored.
    const bad = [
      [{ category: 'name', text: 'x', proposed: 'y' }, 'Say which data is wrong, in at least 5 characters'],
      [{ category: 'answer', text: 'My degree year', proposed: '2016' }, 'Choose the request this answer'],
      [{ category: 'colour', text: 'My degree year', proposed: '2016' }, ''],
      [{ category: 'name', text: 'a'.repeat(4001), proposed: 'y' }, 'Keep it under 4000 characters'],
    ] as const;
    for (const [body, message] of bad) {
      const reply = await post(wallet(P.corrections), body, c.h);
      expect(reply.statusCode).toBe(400);
      const parsed = reply.json<{ code: number; message: string }>();
      expect(parsed.code).toBe(100);
      if (message) expect(parsed.message).toContain(message);
    }
    const badGrievance = await post(wallet(P.grievances), { subject: 'Hi', text: 'short' }, c.h);
    expect(badGrievance.statusCode).toBe(400);
    // Another candidate's request is refused (356), and nothing is stored.
    expectCode(
      await post(
        wallet(P.corrections),
        { category: 'answer', txnId: other.txnId, text: 'The degree year', proposed: '2016' },
        c.h,
      ),
      356,
      400,
    );
    expect(await countRows()).toBe(before);

    const correction = privacyTicketSchema.parse(
      expectCode(
        await post(
          wallet(P.corrections),
          { category: 'answer', txnId: c.txnId, text: 'The degree year is wrong', proposed: '2016' },
          c.h,
        ),
        0,
        200,
      ),
    );
    expect(correction).toMatchObject({
      kind: 'correction',
      category: 'answer',
      status: 'open',
      requestLabel: expect.stringContaining(' — '),
      outcome: null,
      answer: null,
    });
    expect(correction.reference).toMatch(/^COR-\d{6}$/);
    expect(new Date(correction.dueAt).getTime() - new Date(correction.createdAt).getTime()).toBe(
      90 * DAY * 1000,
    );
    // A retry of the same request answers the one filed.
    const retry = expectCode<PrivacyTicket>(
      await post(
        wallet(P.corrections),
        { category: 'answer', txnId: c.txnId, text: 'The degree year is wrong', proposed: '2016' },
        c.h,
      ),
      0,
      200,
    );
    expect(retry.id).toBe(correction.id);
    const grievance = privacyTicketSchema.parse(
      expectCode(
        await post(
          wallet(P.grievances),
          { subject: 'Slow answer', text: 'Nobody answered me in a week' },
          c.h,
        ),
        0,
        200,
      ),
    );
    expect(grievance).toMatchObject({
      kind: 'grievance',
      txnId: null,
      subject: 'Slow answer',
      status: 'open',
    });
    expect(grievance.reference).toMatch(/^GRV-\d{6}$/);

    const mine = await listOf(c.h);
    expect(mine.requests.map((r) => r.id)).toEqual([grievance.id, correction.id]);
    // The other candidate sees none of them, and cannot withdraw one (not found, nothing changes).
    expect((await listOf(other.h)).requests).toEqual([]);
    expectCode(await post(wallet(P.close(grievance.id)), {}, other.h), 352, 404);
    expect((await listOf(c.h)).requests.map((r) => r.status)).toEqual(['open', 'open']);
  });

  it('caps the open requests per candidate and lets one be withdrawn', async () => {
    const c = await candidate('Cap Tester');
    const filed: PrivacyTicket[] = [];
    for (let i = 0; i < PRIVACY_REQUEST_MAX_OPEN; i++)
      filed.push(
        expectCode<PrivacyTicket>(
          await post(
            wallet(P.grievances),
            { subject: `Subject ${i}`, text: `Grievance number ${i} text` },
            c.h,
          ),
          0,
          200,
        ),
      );
    const before = await countRows();
    expectCode(
      await post(wallet(P.grievances), { subject: 'One more', text: 'Grievance over the cap' }, c.h),
      354,
      429,
    );
    expect(await countRows()).toBe(before);
    const closed = privacyTicketSchema.parse(
      expectCode(await post(wallet(P.close(filed[0]!.id)), {}, c.h), 0, 200),
    );
    expect(closed.status).toBe('closed');
    expectCode(await post(wallet(P.close(filed[0]!.id)), {}, c.h), 353, 409);
    expectCode(
      await post(wallet(P.grievances), { subject: 'One more', text: 'Grievance under the cap' }, c.h),
      0,
      200,
    );
  });

  it('the console lists, reads and answers once, audited; the candidate is notified; staff roles hold', async () => {
    const c = await candidate('Nandini Answer');
    const correction = expectCode<PrivacyTicket>(
      await post(
        wallet(P.corrections),
        { category: 'name', text: 'My name is misspelt', proposed: 'Nandini' },
        c.h,
      ),
      0,
      200,
    );
    const admin = await staffSignIn(t, ADMIN);
    const verifier = await staffSignIn(t, VERIFIER);
    // Admins only: a verifier is refused; no staff token, no answer.
    expect((await get(P.opsList, verifier)).statusCode).toBe(403);
    expect((await get(P.opsList, {})).statusCode).toBe(401);

    const list = privacyTicketOpsListSchema.parse(
      expectCode(await get(`${P.opsList}?kind=correction&status=open`, admin), 0, 200),
    ).list;
    expect(list.every((r) => r.kind === 'correction' && r.status === 'open')).toBe(true);
    const dues = list.map((r) => r.dueAt);
    expect(dues).toEqual([...dues].sort());
    expect(list.find((r) => r.id === correction.id)).toMatchObject({
      overdue: false,
      profileId: c.profileId,
    });
    expectCode(await get(`${P.opsList}?kind=complaint`, admin), 100, 400);

    const read = privacyTicketOpsSchema.parse(
      expectCode(await get(P.opsRequest(correction.id), admin), 0, 200),
    );
    expect(read).toMatchObject({
      candidateName: 'Nandini Answer',
      text: 'My name is misspelt',
      proposed: 'Nandini',
    });
    expectCode(await get(P.opsRequest('00000000-0000-4000-8000-000000000000'), admin), 352, 404);
    expectCode(await get(P.opsRequest('nope'), admin), 100, 400);

    // The wrong kind's outcome and a short answer are refused, nothing changes.
    expectCode(
      await post(
        P.opsAnswer(correction.id),
        { outcome: 'resolved', answer: 'We fixed the spelling.' },
        admin,
      ),
      355,
      400,
    );
    expectCode(
      await post(P.opsAnswer(correction.id), { outcome: 'corrected', answer: 'ok' }, admin),
      100,
      400,
    );
    const answered = privacyTicketOpsSchema.parse(
      expectCode(
        await post(
          P.opsAnswer(correction.id),
          { outcome: 'corrected', answer: 'We fixed the spelling.' },
          admin,
        ),
        0,
        200,
      ),
    );
    expect(answered).toMatchObject({
      status: 'answered',
      outcome: 'corrected',
      answeredBy: expect.any(String),
    });
    // A second answer is refused and changes nothing.
    expectCode(
      await post(
        P.opsAnswer(correction.id),
        { outcome: 'refused', answer: 'Changed our mind entirely.' },
        admin,
      ),
      353,
      409,
    );
    const seen = (await listOf(c.h)).requests[0]!;
    expect(seen).toMatchObject({
      status: 'answered',
      outcome: 'corrected',
      answer: 'We fixed the spelling.',
    });
    // Notified once, in the notifications path.
    const notes = await rows<{ message: string; params: Record<string, string> }>(
      sql`select message, params from notifications where profile_id = ${c.profileId}
      and message like 'privacy.%'`,
    );
    expect(notes).toEqual([
      { message: 'privacy.correction_answered', params: { reference: correction.reference } },
    ]);
    // The read and the answer are audited.
    const audits = await rows<{ action: string }>(
      sql`select action from ops_audit where target_type = 'privacy-request' and target_id = ${correction.id}
      order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['privacy.request-read', 'privacy.request-answer']);

    // Overdue: open past its 90 days.
    const late = expectCode<PrivacyTicket>(
      await post(wallet(P.grievances), { subject: 'Late one', text: 'This will be overdue soon' }, c.h),
      0,
      200,
    );
    t.clock.advance(91 * DAY);
    const admin2 = await staffSignIn(t, ADMIN);
    const all = privacyTicketOpsListSchema.parse(expectCode(await get(P.opsList, admin2), 0, 200)).list;
    expect(all.find((r) => r.id === late.id)?.overdue).toBe(true);
    expect(all.find((r) => r.id === correction.id)?.overdue).toBe(false);
  });

  it('an open grievance holds the erasure; once answered, erasure blanks the texts', async () => {
    const c = await candidate('Quentin Erasable');
    const marker = 'Zebulon grievance marker';
    const grievance = expectCode<PrivacyTicket>(
      await post(wallet(P.grievances), { subject: 'Marker subject Zebulon', text: marker }, c.h),
      0,
      200,
    );
    expectCode(
      await post(
        wallet(P.corrections),
        { category: 'contact', text: 'Zebulon correction text', proposed: 'Zebulon proposed' },
        c.h,
      ),
      0,
      200,
    );
    expectCode(
      await t.request({ method: 'POST', url: wallet(PRIVACY_ERASURE_PATHS.erasure), headers: c.h }),
      0,
      200,
    );
    t.clock.advance(7 * DAY + 60);
    while (await t.app.erasureJobs.runOnce()) {
      /* every due request of earlier tests too */
    }
    expect(await t.app.erasureJobs.erasure.status(c.profileId)).toMatchObject({
      status: 'held',
      heldReason: 'A grievance is open',
    });
    const admin = await staffSignIn(t, ADMIN);
    expectCode(
      await post(P.opsAnswer(grievance.id), { outcome: 'resolved', answer: 'Answered, Zebulon.' }, admin),
      0,
      200,
    );
    t.clock.advance(DAY + 60);
    while (await t.app.erasureJobs.runOnce()) {
      /* the held request's recheck */
    }
    expect(await t.app.erasureJobs.erasure.status(c.profileId)).toMatchObject({ status: 'done' });
    const left = await rows<Record<string, unknown>>(
      sql`select kind, status, outcome, text, subject, proposed, answer, erased_at from privacy_requests
      where profile_id = ${c.profileId} order by number`,
    );
    expect(left).toEqual([
      expect.objectContaining({
        kind: 'grievance',
        status: 'answered',
        outcome: 'resolved',
        text: '',
        subject: null,
        answer: null,
      }),
      expect.objectContaining({
        kind: 'correction',
        status: 'closed',
        outcome: null,
        text: '',
        proposed: null,
      }),
    ]);
    expect(left.every((r) => r.erased_at)).toBe(true);
    const hits = await searchPersonalData(t.db, ['Zebulon']);
    expect(hits).toEqual([]);
  }, 120_000);
});
