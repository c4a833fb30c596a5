import { randomUUID } from 'node:crypto';
import { OPS_API_PATHS, institutionRequestListSchema, opsSessionSchema } from '@veridocs/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  institutionAnswers,
  institutionContacts,
  institutionMessages,
  institutionRequestItems,
  institutionRequests,
  institutions,
} from '../../db/schema/index.js';
import { bearer, createTestApp, expectCode, outbox, type TestApp } from '../../test/test-app.js';
import { submittedCandidate as submitCandidate } from '../../test/submitted-candidate.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { hashLinkToken, linkTokenFor } from './institution-links.js';

const ORG = 'demo-university';
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
type Headers = Record<string, string>;

/**
 * The whole app (issue 27): a request's e-mail names the candidate and the organisation through the ops
 * port, the expected date follows the institution's turnaround and its answer (with the queue's
 * deadline), and an unanswered request reaches the team's queue of escalated requests.
 */
describe('institution requests in the app: e-mail, expected date, the team queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off' } });
  }, 180_000);
  afterAll(() => t?.close());

  /** A verifier's bearer header, signed in now (the clock moves past earlier sessions). */
  async function verifierHeaders(): Promise<Headers> {
    const step = expectCode<{ challengeId: string }>(
      await t.request({
        method: 'POST',
        url: OPS_API_PATHS.signIn,
        body: { email: VERIFIER.email, password: VERIFIER.password },
      }),
      0,
      200,
    );
    const [mail] = await outbox(t, VERIFIER.email);
    const session = opsSessionSchema.parse(
      expectCode(
        await t.request({
          method: 'POST',
          url: OPS_API_PATHS.verifyCode,
          body: { challengeId: step.challengeId, code: mail!.otp },
        }),
        0,
        200,
      ),
    );
    return bearer(session.accessToken);
  }

  const submittedCandidate = async (name: string) =>
    (await submitCandidate(t, { name, institute: 'indian-institute-of-technology-bombay' })).txnId;

  /** What the request-sending part writes: a slow registrar (p90 20 working days), the request, its e-mail. */
  async function requestDegree(txnId: string) {
    const orm = t.db.orm;
    const name = `IIT Registrar ${randomUUID().slice(0, 6)}`;
    const [inst] = await orm
      .insert(institutions)
      .values({ kind: 'institute', name, nameKey: name.toLowerCase(), p90Days: 20, medianDays: 9 })
      .returning();
    const email = `registrar-${randomUUID().slice(0, 6)}@iitb.example`;
    const [contact] = await orm
      .insert(institutionContacts)
      .values({ institutionId: inst!.id, email, confirmedAt: t.clock.now() })
      .returning();
    const id: string = randomUUID();
    await orm.insert(institutionRequests).values({
      id,
      institutionId: inst!.id,
      contactId: contact!.id,
      txnId,
      orgId: ORG,
      claims: [{ verificationName: 'bgv-degree', label: 'Degree', facts: [], fileIds: [] }],
      consent: { givenAt: t.clock.now().toISOString(), text: 'I agree' },
      // The link's hash is the other part's; here any unique value.
      linkTokenHash: hashLinkToken(linkTokenFor(new Uint8Array(32), id, contact!.id)),
      linkExpiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000),
      createdAt: t.clock.now(),
    });
    await orm
      .insert(institutionRequestItems)
      .values({ requestId: id, txnId, verificationName: 'bgv-degree' });
    await orm
      .insert(institutionMessages)
      .values({ requestId: id, contactId: contact!.id, kind: 'request', seq: 0, dueAt: t.clock.now() });
    return { id, email, contactId: contact!.id };
  }

  const txnRow = async (txnId: string) => {
    const result = (await t.db.orm.execute(
      sql`select expected_max_date, queue_deadline from transactions where id = ${txnId}`,
    )) as { rows: { expected_max_date: Date | string; queue_deadline: Date | string }[] };
    const row = result.rows[0]!;
    return {
      expected: new Date(row.expected_max_date).toISOString(),
      deadline: new Date(row.queue_deadline).toISOString(),
    };
  };

  it('e-mails the request, then moves the expected date with the turnaround and the answer', async () => {
    // The test clock: Tuesday 15 January 2030, 10:00 UTC.
    const txnId = await submittedCandidate('Zara Registrar-Case');
    // The submission's date: 7 weekdays later.
    expect((await txnRow(txnId)).expected).toBe('2030-01-24T10:00:00.000Z');
    const request = await requestDegree(txnId);

    await t.app.institutionJobs.runOnce();
    const [mail] = await outbox(t, request.email);
    expect(mail!.body).toMatch(/^Verification request for Zara Registrar-Case from /);
    expect(mail!.body).toContain('Requested by: Demo University');
    expect(mail!.body).toContain('Candidate: Zara Registrar-Case');

    // Not answered: sent + p90 20 + team 2 = 22 working days (Thursday 14 February); Aadhaar is done.
    expect((await t.app.institutionJobs.refreshExpectedDate(txnId))?.toISOString()).toBe(
      '2030-02-14T10:00:00.000Z',
    );
    expect(await txnRow(txnId)).toEqual({
      expected: '2030-02-14T10:00:00.000Z',
      deadline: '2030-02-14T10:00:00.000Z',
    });

    // The registrar answers the next day: answer + team 2 = Friday 18 January, earlier than before.
    t.clock.advance(86_400);
    await t.db.orm.insert(institutionAnswers).values({
      requestId: request.id,
      txnId,
      verificationName: 'bgv-degree',
      contactId: request.contactId,
      fromEmail: request.email,
      responderName: 'R. Rao',
      designation: 'Deputy Registrar',
      facts: [],
      allConfirmed: true,
      declaration: 'I declare',
      answeredAt: t.clock.now(),
    });
    await t.app.institutionJobs.refreshExpectedDate(txnId);
    expect(await txnRow(txnId)).toEqual({
      expected: '2030-01-18T10:00:00.000Z',
      deadline: '2030-01-18T10:00:00.000Z',
    });
    // A case no request covers is left as it is.
    expect(await t.app.institutionJobs.refreshExpectedDate(randomUUID())).toBeNull();
  }, 120_000);

  it("lists the escalated requests in the team's queue, the longest escalated first", async () => {
    const first = await submittedCandidate('Ira Escalated');
    const a = await requestDegree(first);
    await t.app.institutionJobs.runOnce();
    t.clock.advance(86_400);
    const second = await submittedCandidate('Om Escalated');
    const b = await requestDegree(second);
    await t.app.institutionJobs.runOnce();
    // Forty days on: three reminders each, then escalation (the first one a day before the second).
    for (let day = 0; day < 40; day++) {
      t.clock.advance(86_400);
      await t.app.institutionJobs.runOnce();
    }
    expect(await outbox(t, a.email)).toHaveLength(4);
    expect(await outbox(t, b.email)).toHaveLength(4);

    const verifier = await verifierHeaders();
    const res = await t.request({
      method: 'GET',
      url: `${OPS_API_PATHS.institutionRequestList}?status=escalated`,
      headers: verifier,
    });
    const list = institutionRequestListSchema.parse(expectCode(res, 0, 200));
    const ours = list.items.filter((x) => [a.id, b.id].includes(x.id));
    expect(ours.map((x) => [x.candidateName, x.status, x.remindersSent, x.verificationNames])).toEqual([
      ['Ira Escalated', 'escalated', 3, ['bgv-degree']],
      ['Om Escalated', 'escalated', 3, ['bgv-degree']],
    ]);
    expect(ours[0]!.txnId).toBe(first);
    expect(ours[0]!.escalatedAt! < ours[1]!.escalatedAt!).toBe(true);
    expect(list.total).toBeGreaterThanOrEqual(2);

    // Open requests: none of ours; the team only (a candidate's or no token is refused).
    const open = institutionRequestListSchema.parse(
      expectCode(
        await t.request({
          method: 'GET',
          url: `${OPS_API_PATHS.institutionRequestList}?status=open`,
          headers: verifier,
        }),
        0,
        200,
      ),
    );
    expect(open.items.some((x) => [a.id, b.id].includes(x.id))).toBe(false);
    const anonymous = await t.request({ method: 'GET', url: OPS_API_PATHS.institutionRequestList });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.request({
      method: 'GET',
      url: `${OPS_API_PATHS.institutionRequestList}?status=lost`,
      headers: verifier,
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db.orm.select().from(institutionRequests).where(eq(institutionRequests.id, a.id));
    expect(row!.nextReminderAt).toBeNull();
  }, 180_000);
});
