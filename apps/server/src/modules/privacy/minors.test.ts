import {
  API_PATHS,
  DIGILOCKER_API_PATHS,
  REFUSED_UNDER_18_ACTION,
  SERVICE_BASES,
  type PassportFields,
  type FileUploadResponse,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AADHAAR, sandboxOtpAddress } from '../../providers/aadhaar/sandbox-provider.js';
import { candidateWithRequest } from '../../test/candidate.js';
import { consentTo } from '../../test/consent.js';
import { listedAtDigiLocker } from '../../test/digilocker.js';
import { createTestApp, createTestClock, expectCode, type TestApp } from '../../test/test-app.js';
import { multipart } from '../files/test-files.js';
import { isUnder18 } from './minors-fns.js';
import { createMinorsService } from './minors-service.js';

/**
 * Minors (ADR 0049 "Minors": refused). The verified date of birth of an identity path (the Aadhaar
 * sandbox's minor; a passport's typed fields are a field error instead) that makes the candidate under 18 today in India stops
 * the request with 350, records the refusal in the ledger, asks for the erasure and refuses any new start.
 */
const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const V = API_PATHS.verification;
const A = API_PATHS.aadhaar;
const ORG = 'demo-university';
type Headers = Record<string, string>;
const SAMPLE = new URL('../../../../../docs/samples/passport/', import.meta.url);

// 20:00 UTC is already the next day in India (01:30 IST on 16 January): the age is judged on India's day.
const clock = createTestClock(new Date('2030-01-15T20:00:00.000Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OCR_WORKER: 'off' }, clock });
});
afterAll(() => t?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await t.db.orm.execute(query);
  return (result as { rows: T[] }).rows;
}

const started = (formId = 'demo-form') => candidateWithRequest(t, { formId, answers: true });

/** An order of ₹1,500 paid for the request and not yet submitted. */
const paidOrder = (c: { txnId: string; profileId: string }) =>
  t.db.orm.execute(
    sql`insert into payment_orders (txn_id, org_id, profile_id, region, currency, provider, express, quote,
          amount, status, idempotency_key)
        values (${c.txnId}, ${ORG}, ${c.profileId}, 'IN', 'INR', 'sandbox', false, '{}'::jsonb, 150000,
          'success', ${`test-${c.txnId}`})`,
  );

/** Holds the erasure (a legal hold), so the profile is still there to be refused again. */
const hold = (profileId: string) =>
  t.db.orm.execute(
    sql`insert into legal_holds (profile_id, reason, set_by, set_at) values (${profileId}, 'test', 'test', now())`,
  );

async function aadhaarMinor(c: { h: Headers; txnId: string }) {
  const step = expectCode<{ requestId: string }>(
    await t.request({
      method: 'POST',
      url: v1(A.start),
      headers: c.h,
      body: { orgId: ORG, txnId: c.txnId, aadhaarNumber: SANDBOX_AADHAAR.minor },
    }),
    0,
    200,
  );
  const outbox = await t.request({
    method: 'GET',
    url: `${API_PATHS.devOutbox}?to=${sandboxOtpAddress(SANDBOX_AADHAAR.minor.slice(-4))}`,
  });
  const otp = outbox.json<{ data: { list: { otp: string }[] } }>().data.list[0]!.otp;
  return t.request({
    method: 'POST',
    url: v1(A.verify),
    headers: c.h,
    body: { orgId: ORG, txnId: c.txnId, requestId: step.requestId, otp },
  });
}

async function passportFile(h: Headers): Promise<string> {
  const body = multipart([
    {
      name: 'file',
      filename: 'passport.jpg',
      contentType: 'image/jpeg',
      data: readFileSync(new URL('sample-passport.jpg', SAMPLE)),
    },
  ]);
  const res = await t.request({
    method: 'POST',
    url: `${SERVICE_BASES.utility}${API_PATHS.files.upload}`,
    headers: { ...body.headers, ...h },
    payload: body.payload,
  });
  return expectCode<FileUploadResponse>(res, 0, 200).fileId;
}

const FIELDS: PassportFields = {
  surname: 'KAPOOR',
  givenNames: 'ASHA MEERA',
  passportNumber: 'Z1234567',
  nationality: 'IND',
  issuingState: 'IND',
  dateOfBirth: '1996-08-21',
  sex: 'F',
  dateOfExpiry: '2034-05-14',
};
const confirmPassport = (c: { h: Headers; txnId: string }, fileId: string, dateOfBirth: string) =>
  t.request({
    method: 'POST',
    url: v1(V.updateIdentification),
    headers: c.h,
    body: { type: 'passport', orgId: ORG, txnId: c.txnId, fileId, fields: { ...FIELDS, dateOfBirth } },
  });

describe('the age rule, on the day in India', () => {
  it('is 18 on the birthday in India, 17 the day before; 29 February turns 18 on 1 March', () => {
    const at = new Date('2030-01-15T20:00:00.000Z'); // 16 January in India
    expect(isUnder18('2012-01-16', at)).toBe(false);
    expect(isUnder18('2012-01-17', at)).toBe(true);
    expect(isUnder18('2012-01-16', new Date('2030-01-15T18:00:00.000Z'))).toBe(true); // 23:30 IST on the 15th
    expect(isUnder18('2012-02-29', new Date('2030-03-01T06:00:00.000Z'))).toBe(false);
    expect(isUnder18('2012-02-29', new Date('2030-02-28T06:00:00.000Z'))).toBe(true);
  });

  it("reads the sources' other forms: day first, and a year alone as 1 January (UIDAI's reading)", () => {
    const at = new Date('2030-01-15T20:00:00.000Z'); // 16 January 2030 in India
    expect(isUnder18('17-01-2012', at)).toBe(true);
    expect(isUnder18('16/01/2012', at)).toBe(false);
    expect(isUnder18('2012', at)).toBe(false); // 1 January 2012: 18 on 1 January 2030
    expect(isUnder18('2013', at)).toBe(true);
    expect(isUnder18('', at)).toBe(false);
    expect(isUnder18('not a date', at)).toBe(false);
  });
});

describe("finishing a minor's refusal before the erasure", () => {
  it('refuses every request of theirs and says the erasure must wait while money is still owed', async () => {
    const refused: string[] = [];
    let left = 150000;
    const minors = createMinorsService({
      ledger: { appendDecided: async () => undefined } as never,
      erasures: { hasOrigin: async () => true },
      erasure: { request: async () => ({ id: 'e1' }) as never },
      effects: {
        requestOf: async (_profileId, txnId) => ({ txnId, orgId: ORG, formId: 'demo-form' }),
        stopRequest: async (_profileId, txnId) => void refused.push(txnId),
        refundInFull: async () => 0,
        // A refund the gateway refused at once leaves the money owed: no refund is in progress.
        leftToRefund: async (txnId) => (txnId === 't2' ? left : 0),
      },
      now: () => new Date('2030-01-15T10:00:00.000Z'),
      log: pino({ level: 'silent' }),
    });
    expect(await minors.finish({ profileId: 'p1', txnIds: ['t1', 't2'] })).toBe(
      'A refund is still owed to the candidate',
    );
    expect(refused).toEqual(['t1', 't2']);
    left = 0;
    expect(await minors.finish({ profileId: 'p1', txnIds: ['t1', 't2'] })).toBeNull();
  });
});

describe('a candidate under 18 is refused (ADR 0049 "Minors")', () => {
  it('Aadhaar e-KYC 17 years ago: 350, the request closed, a ledger refusal, an erasure, no new start', async () => {
    const c = await started();
    await hold(c.profileId);
    const res = await aadhaarMinor(c);
    expectCode(res, 350, 403);
    expect(res.json<{ message: string }>().message).toMatch(/18 or older/);

    const [txn] = await rows<{ state: string }>(sql`select state from transactions where id = ${c.txnId}`);
    expect(txn!.state).toBe('CLOSED');
    // The form home is told why it stopped.
    const info = expectCode<{ state: string; closedReason?: string | null }>(
      await t.request({ method: 'GET', url: v1(`${V.info}?orgId=${ORG}&txnId=${c.txnId}`), headers: c.h }),
      0,
      200,
    );
    expect(info).toMatchObject({ state: 'CLOSED', closedReason: 'under-18' });
    const changes = await rows<{ action: string }>(
      sql`select action from state_changes where txn_id = ${c.txnId} and to_state = 'CLOSED' and entity = 'transaction'`,
    );
    expect(changes.map((r) => r.action)).toEqual([REFUSED_UNDER_18_ACTION]);
    const open = await rows<{ n: number }>(
      sql`select count(*)::int as n from verification_records where txn_id = ${c.txnId}
          and state not in ('CLOSED', 'COMPLETED', 'FAILED', 'SKIPPED') and marked_as_skip = false`,
    );
    expect(open[0]!.n).toBe(0);

    const ledger = await rows<{ action: string; purposes: { purpose: string; granted: boolean }[] }>(
      sql`select action, purposes from consent_ledger where txn_id = ${c.txnId} order by seq`,
    );
    expect(ledger.map((e) => e.action)).toEqual(['consent', 'refuse']);
    expect(ledger[1]!.purposes.length).toBeGreaterThan(0);
    expect(ledger[1]!.purposes.every((p) => !p.granted)).toBe(true);

    const erasures = await rows<{ origin: string; status: string }>(
      sql`select origin, status from erasure_requests where profile_id = ${c.profileId}`,
    );
    expect(erasures).toHaveLength(1);
    expect(erasures[0]!.origin).toBe('minor');

    // Nothing of the e-KYC was kept on the profile (no date of birth, no last 4, no Aadhaar hash).
    const [profile] = await rows<Record<string, unknown>>(
      sql`select aadhaar_last4, aadhaar_hash from profiles where id = ${c.profileId}`,
    );
    expect(profile).toEqual({ aadhaar_last4: null, aadhaar_hash: null });

    // Again: the request has stopped (no new check starts on it), and nothing is recorded twice.
    expect((await aadhaarMinor(c).catch(() => null))?.statusCode ?? 400).not.toBe(200);
    expect((await rows(sql`select 1 from consent_ledger where txn_id = ${c.txnId}`)).length).toBe(2);

    // Any new form of this profile refuses to start with 350.
    const { transactionId: other } = expectCode<{ transactionId: string }>(
      await t.request({
        method: 'POST',
        url: v1(V.transactions),
        headers: c.h,
        body: { orgId: ORG, eKycFormId: 'demo-paid-form' },
      }),
      0,
      200,
    );
    await consentTo(t, c.h, { orgId: ORG, txnId: other });
    const start = await t.request({
      method: 'POST',
      url: v1(V.process),
      headers: c.h,
      body: { orgId: ORG, txnId: other },
    });
    expectCode(start, 350, 403);
    const [second] = await rows<{ state: string }>(sql`select state from transactions where id = ${other}`);
    expect(second!.state).toBe('NOT_INITIALIZED');
  }, 60_000);

  it('the erasure then runs: the candidate is erased', async () => {
    const c = await started();
    const res = await aadhaarMinor(c);
    expectCode(res, 350, 403);
    // Due at once; the job is woken (passes here finish it whatever the timing).
    for (let i = 0; i < 20; i++) {
      await t.app.erasureJobs.runOnce();
      const [r] = await rows<{ status: string }>(
        sql`select status from erasure_requests where profile_id = ${c.profileId}`,
      );
      if (r?.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [row] = await rows<{ status: string; origin: string }>(
      sql`select status, origin from erasure_requests where profile_id = ${c.profileId}`,
    );
    expect(row).toEqual({ status: 'done', origin: 'minor' });
    const [profile] = await rows<{ name: string; mobile: string }>(
      sql`select name, mobile from profiles where id = ${c.profileId}`,
    );
    expect(profile!.name).toBe('Erased');
    expect(profile!.mobile.startsWith('erased:')).toBe(true);
  }, 60_000);

  it('a passport date of birth 17 years ago is a field to correct, not a refusal: nothing stops or is erased', async () => {
    const c = await started();
    const fileId = await passportFile(c.h);
    // The confirmed fields may be typed: a typo must not close the request and erase the account.
    const res = await confirmPassport(c, fileId, '2013-01-16');
    expectCode(res, 100, 400);
    expect(JSON.stringify(res.json())).toMatch(/at least 18/);
    const [txn] = await rows<{ state: string }>(sql`select state from transactions where id = ${c.txnId}`);
    expect(txn!.state).not.toBe('CLOSED');
    expect(await rows(sql`select 1 from erasure_requests where profile_id = ${c.profileId}`)).toHaveLength(0);
    // Corrected, it is saved.
    expectCode(await confirmPassport(c, fileId, '1990-01-16'), 0, 200);
  }, 60_000);

  it('a payment made for the request is refunded in full; the erasure waits for the refund', async () => {
    const c = await started();
    // An order paid and not yet submitted (the one case a payment precedes the identity step).
    await paidOrder(c);
    // Already refunded in part by the team: the rest is refunded.
    await t.db.orm.execute(
      sql`insert into payment_refunds (order_id, amount, reason, status, idempotency_key, created_at, updated_at)
          select id, 50000, 'partial', 'success', ${`partial-${c.txnId}`}, now(), now()
          from payment_orders where txn_id = ${c.txnId}`,
    );
    expectCode(await aadhaarMinor(c), 350, 403);
    const refunds = await rows<{ amount: string | number; status: string; reason: string }>(
      sql`select r.amount, r.status, r.reason from payment_refunds r join payment_orders o on o.id = r.order_id
          where o.txn_id = ${c.txnId} and r.reason <> 'partial'`,
    );
    expect(refunds).toHaveLength(1);
    expect(Number(refunds[0]!.amount)).toBe(100000);
    expect(refunds[0]!.reason).toMatch(/under 18/);
    // A refund in progress is a live dispute: the minor's erasure is held until it settles.
    let erasure: { status: string; origin: string } | undefined;
    for (let i = 0; i < 20 && erasure?.status !== 'held'; i++) {
      await t.app.erasureJobs.runOnce();
      [erasure] = await rows<{ status: string; origin: string }>(
        sql`select status, origin from erasure_requests where profile_id = ${c.profileId}`,
      );
      if (erasure?.status !== 'held') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(erasure).toEqual({ status: 'held', origin: 'minor' });
  }, 60_000);

  it('a refusal cut short after its erasure was asked is finished by the erasure job; a failed refund is made again', async () => {
    const c = await started();
    await paidOrder(c);
    // What a crash right after \`check\` asked for the erasure leaves: the request open, no refusal, no refund.
    await t.db.orm.execute(
      sql`insert into erasure_requests (profile_id, origin, requested_at, due_at)
          values (${c.profileId}, 'minor', now(), now())`,
    );
    const erasureStatus = async () =>
      (
        await rows<{ status: string }>(
          sql`select status from erasure_requests where profile_id = ${c.profileId}`,
        )
      )[0]!.status;
    const refunds = () =>
      rows<{ amount: string | number; status: string; idempotency_key: string }>(
        sql`select r.amount, r.status, r.idempotency_key from payment_refunds r
            join payment_orders o on o.id = r.order_id where o.txn_id = ${c.txnId} order by r.idempotency_key`,
      );
    for (let i = 0; i < 20 && (await erasureStatus()) !== 'held'; i++) await t.app.erasureJobs.runOnce();
    expect(await erasureStatus()).toBe('held');
    const [txn] = await rows<{ state: string }>(sql`select state from transactions where id = ${c.txnId}`);
    expect(txn!.state).toBe('CLOSED');
    const ledger = await rows<{ action: string }>(
      sql`select action from consent_ledger where txn_id = ${c.txnId} order by seq`,
    );
    expect(ledger.map((e) => e.action)).toEqual(['consent', 'refuse']);
    const first = await refunds();
    expect(first).toHaveLength(1);
    expect(Number(first[0]!.amount)).toBe(150000);

    // The gateway refused the refund: on its next look, the job makes another one, and waits for it.
    await t.db.orm.execute(
      sql`update payment_refunds set status = 'failed' where idempotency_key = ${first[0]!.idempotency_key}`,
    );
    await t.db.orm.execute(
      sql`update erasure_requests set due_at = now() - interval '1 minute', lease_until = null
          where profile_id = ${c.profileId}`,
    );
    for (let i = 0; i < 20 && (await refunds()).length < 2; i++) await t.app.erasureJobs.runOnce();
    const second = await refunds();
    expect(second).toHaveLength(2);
    expect(second[1]).toMatchObject({ status: expect.not.stringMatching(/^failed$/) });
    expect(Number(second[1]!.amount)).toBe(150000);
    expect(await erasureStatus()).toBe('held');
    // Nothing more while it is pending, however often the job looks.
    await t.db.orm.execute(
      sql`update erasure_requests set due_at = now() - interval '1 minute', lease_until = null
          where profile_id = ${c.profileId}`,
    );
    await t.app.erasureJobs.runOnce();
    expect(await refunds()).toHaveLength(2);
    expect(
      (await rows(sql`select 1 from consent_ledger where txn_id = ${c.txnId} and action = 'refuse'`)).length,
    ).toBe(1);
  }, 60_000);

  it('exactly 18 today in India (still the day before in UTC): accepted, nothing refused', async () => {
    const c = await started();
    const fileId = await passportFile(c.h);
    expectCode(await confirmPassport(c, fileId, '2012-01-16'), 0, 200);
    const [txn] = await rows<{ state: string }>(sql`select state from transactions where id = ${c.txnId}`);
    expect(txn!.state).not.toBe('CLOSED');
    expect(await rows(sql`select 1 from erasure_requests where profile_id = ${c.profileId}`)).toHaveLength(0);
    expect(
      await rows(sql`select 1 from consent_ledger where txn_id = ${c.txnId} and action = 'refuse'`),
    ).toHaveLength(0);
  }, 60_000);

  it("another candidate's request cannot be stopped through the identity check", async () => {
    const victim = await started();
    const attacker = await started();
    const fileId = await passportFile(attacker.h);
    const res = await confirmPassport({ h: attacker.h, txnId: victim.txnId }, fileId, '2013-01-16');
    expectCode(res, 122, 403);
    const [txn] = await rows<{ state: string }>(
      sql`select state from transactions where id = ${victim.txnId}`,
    );
    expect(txn!.state).not.toBe('CLOSED');
    expect(
      await rows(sql`select 1 from erasure_requests where profile_id = ${attacker.profileId}`),
    ).toHaveLength(0);
  }, 60_000);
});

describe('DigiLocker\'s e-Aadhaar of a candidate under 18 (ADR 0049 "Minors")', () => {
  // The sandbox account 9000000001's e-Aadhaar says 15 August 1994: in June 2011 its holder is 16.
  const then = createTestClock(new Date('2011-06-01T06:00:00.000Z'));
  let early: TestApp;
  beforeAll(async () => {
    early = await createTestApp({ env: { OCR_WORKER: 'off' }, clock: then });
  });
  afterAll(() => early?.close());

  it('is refused like the e-KYC: 350, nothing of the e-Aadhaar kept, the request closed, an erasure', async () => {
    const { h, txnId } = await candidateWithRequest(early, { name: 'Asha Verma', answers: true });
    const list = await listedAtDigiLocker(early, h, { orgId: ORG, txnId }, '9000000001', 'aadhaar');
    const pulled = await early.request({
      method: 'POST',
      url: v1(DIGILOCKER_API_PATHS.pull),
      headers: h,
      body: { sessionId: list.sessionId, uri: 'eaadhaar' },
    });
    expectCode(pulled, 350, 403);

    const result = (await early.db.orm.execute(
      sql`select t.state, p.aadhaar_last4, p.aadhaar_hash, e.origin
          from transactions t join profiles p on p.id = t.profile_id
          left join erasure_requests e on e.profile_id = p.id where t.id = ${txnId}`,
    )) as { rows: Record<string, unknown>[] };
    expect(result.rows).toEqual([
      { state: 'CLOSED', aadhaar_last4: null, aadhaar_hash: null, origin: 'minor' },
    ]);
    const kept = (await early.db.orm.execute(
      sql`select count(*)::int as n from verification_records
          where txn_id = ${txnId} and name = 'aadhaar' and state = 'COMPLETED'`,
    )) as { rows: { n: number }[] };
    expect(kept.rows[0]!.n).toBe(0);
  }, 60_000);
});
