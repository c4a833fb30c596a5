import { API_PATHS, PROFILE_PATHS, SERVICE_BASES } from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AADHAAR, sandboxOtpAddress } from '../../providers/aadhaar/sandbox-provider.js';
import { consentTo } from '../../test/consent.js';
import { candidateWithRequest, DEMO_ANSWERS } from '../../test/candidate.js';
import { DEMO_SKIPPED } from '../../test/submitted-candidate.js';
import {
  bearer,
  createTestApp,
  expectCode,
  outbox,
  uniqueMobile,
  wallet,
  type TestApp,
} from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';

/**
 * Issue 31 §4 "Cost per request": the SQL statements (BEGIN and COMMIT included, counted by the test
 * database's hook, test/database.ts) that one autosave and the whole candidate journey send, on PGlite
 * and on PostgreSQL (TEST_DATABASE_URL). A steady autosave was 12 (13 with PostgreSQL's NOTIFY), now
 * 3 (the snapshot read after the last write, the files' read, the one-statement write); the ceilings
 * below fail a change that makes them grow back. COST_DEBUG=1 prints each step's statements.
 */
const AUTOSAVE_MAX = 4;
/**
 * The journey below: 288 statements on PGlite and 301 on PostgreSQL before issue 31 §4; the issue asks
 * for half (144). Now 136 and 138: one statement per sign-in session, OTP throttles counted in one
 * statement, files linked in one, skips written in one, the consent ledger locked and read once, a
 * write's state changes inserted by the statement that refreshes the queue.
 */
const JOURNEY_MAX = 137;
/** PostgreSQL sends a NOTIFY or two more than PGlite for the same journey (cache messages). */
const JOURNEY_MAX_POSTGRES = 141;

const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const P = API_PATHS.verification;
const ORG = 'demo-university';
const FORM = 'demo-form';

let t: TestApp;
beforeAll(async () => {
  // No job loop may send a statement while a request is counted.
  t = await createTestApp({
    env: {
      OCR_WORKER: 'off',
      PAYMENT_JOBS: 'off',
      WEBHOOK_JOBS: 'off',
      REPORT_JOBS: 'off',
      NOTIFICATION_JOBS: 'off',
    },
  });
});
afterAll(() => t?.close());

const log = () => t.statements!;

type Uncounted = <T>(f: () => Promise<T>) => Promise<T>;

/** The statements of `fn`'s own calls (not a job loop's), less its `uncounted` parts (the dev outbox). */
async function cost(fn: (uncounted: Uncounted) => Promise<void>): Promise<number> {
  const texts = await log().measure(fn);
  if (process.env.COST_DEBUG) console.log(texts.map((x) => x.slice(0, 160).replace(/\s+/g, ' ')).join('\n'));
  return texts.length;
}

const degree = (fileId: string, degreeName: string) => ({
  institute: { value: 'Other' },
  degreeName,
  passingYear: '2020',
  instituteId: 'R-2016-0042',
  degreeStatus: 'DEGREE_AND_MARKSHEET',
  marksheet: { fileId },
});

describe('statements per request (issue 31 §4)', () => {
  it('the candidate journey, and each autosave in it, stays within its statements', async () => {
    const steps: Record<string, number> = {};
    const step = async (name: string, fn: (uncounted: Uncounted) => Promise<void>) => {
      if (process.env.COST_DEBUG) console.log(`== ${name}`);
      steps[name] = (steps[name] ?? 0) + (await cost(fn));
    };
    const mobile = uniqueMobile();
    let h: Record<string, string> = {};
    let txnId = '';
    const at = () => ({ orgId: ORG, txnId });
    const req = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: object) =>
      t.request({ method, url, headers: h, ...(body ? { body } : {}) });

    await step('sign up', async (uncounted) => {
      const login = expectCode<{ txnId: string }>(
        await t.request({ method: 'POST', url: wallet(PROFILE_PATHS.login), body: { mobile } }),
        0,
        200,
      );
      const [sms] = await uncounted(() => outbox(t, mobile));
      const otpUrl = wallet(PROFILE_PATHS.verifyOtp(login.txnId));
      expectCode(await t.request({ method: 'PUT', url: otpUrl, body: { otp: sms!.otp } }), 0, 200);
      const session = expectCode<{ accessToken: string }>(
        await t.request({
          method: 'POST',
          url: wallet(PROFILE_PATHS.base),
          body: { mobile, name: 'Asha Rao', txnId: login.txnId },
        }),
        0,
        200,
      );
      h = bearer(session.accessToken);
    });
    await step('profile', async () => {
      expectCode(await req('GET', wallet(PROFILE_PATHS.base)), 0, 200);
    });
    await step('create', async () => {
      const created = expectCode<{ transactionId: string }>(
        await req('POST', v1(P.transactions), { orgId: ORG, eKycFormId: FORM }),
        0,
        200,
      );
      txnId = created.transactionId;
    });
    await step('info', async () => {
      expectCode(await req('GET', v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`)), 0, 200);
    });
    await step('consent', async () => {
      await consentTo(t, h, at());
    });
    await step('questionnaire', async () => {
      expectCode(await req('GET', v1(`${P.purposes}?formId=${FORM}&orgId=${ORG}&id=${txnId}`)), 0, 200);
      expectCode(await req('PATCH', v1(P.userResponse), { ...at(), data: [...DEMO_ANSWERS] }), 0, 200);
      expectCode(await req('POST', v1(P.process), at()), 0, 200);
    });
    await step('info', async () => {
      expectCode(await req('GET', v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`)), 0, 200);
    });
    await step('degree screen', async () => {
      expectCode(await req('GET', v1(`${P.typeInfo('bgv-degree')}?orgId=${ORG}&txnId=${txnId}`)), 0, 200);
    });
    let fileId = '';
    await step('upload', async () => {
      fileId = (await uploadDocument(t, h)).fileId;
    });
    // The form saves as the candidate types: the first save starts the record, the next ones are the
    // steady autosave the ceiling is about.
    const autosaves: number[] = [];
    for (const name of ['B', 'B.Te', 'B.Tech in', 'B.Tech in Comp', 'B.Tech in Computer Science']) {
      const n = await cost(async () => {
        expectCode(
          await req('PUT', v1(P.bgv), {
            ...at(),
            verificationName: 'bgv-degree',
            data: degree(fileId, name),
          }),
          0,
          200,
        );
      });
      autosaves.push(n);
      steps.autosaves = (steps.autosaves ?? 0) + n;
    }
    await step('submit degree', async () => {
      expectCode(
        await req('POST', v1(P.bgv), {
          ...at(),
          verificationName: 'bgv-degree',
          data: degree(fileId, 'B.Tech in Computer Science'),
        }),
        0,
        200,
      );
    });
    await step('aadhaar', async (uncounted) => {
      const number = SANDBOX_AADHAAR.direct;
      const started = expectCode<{ requestId: string }>(
        await req('POST', v1(API_PATHS.aadhaar.start), { ...at(), aadhaarNumber: number }),
        0,
        200,
      );
      const [otp] = await uncounted(() => outbox(t, sandboxOtpAddress(number.slice(-4))));
      expectCode(
        await req('POST', v1(API_PATHS.aadhaar.verify), {
          ...at(),
          requestId: started.requestId,
          otp: otp!.otp,
        }),
        0,
        200,
      );
    });
    await step('skip the rest', async () => {
      expectCode(
        await req('POST', v1(P.markAsSkip), { ...at(), verificationNameList: [...DEMO_SKIPPED] }),
        0,
        200,
      );
    });
    await step('info', async () => {
      expectCode(await req('GET', v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`)), 0, 200);
    });
    await step('submit', async () => {
      expectCode(await req('POST', v1(P.submit), at()), 0, 200);
    });
    await step('info', async () => {
      expectCode(await req('GET', v1(`${P.info}?orgId=${ORG}&txnId=${txnId}`)), 0, 200);
    });

    const total = Object.values(steps).reduce((a, b) => a + b, 0);
    console.log(`statements (${t.db.kind}): ${total}`, JSON.stringify(steps), 'autosaves', autosaves);
    // The steady autosaves (the record started already).
    for (const n of autosaves.slice(1)) expect(n).toBeLessThanOrEqual(AUTOSAVE_MAX);
    expect(total).toBeLessThanOrEqual(t.db.kind === 'postgres' ? JOURNEY_MAX_POSTGRES : JOURNEY_MAX);
  });

  it('a steady autosave judges the stored record, not a cached one: submitted meanwhile, it is refused', async () => {
    const { h, at } = await candidateWithRequest(t, { answers: true });
    expectCode(await t.request({ method: 'POST', url: v1(P.process), headers: h, body: at }), 0, 200);
    const fileId = (await uploadDocument(t, h)).fileId;
    const put = (name: string) =>
      t.request({
        method: 'PUT',
        url: v1(P.bgv),
        headers: h,
        body: { ...at, verificationName: 'bgv-degree', data: degree(fileId, name) },
      });
    expectCode(await put('B.Tech'), 0, 200);
    // Another instance's write the cached snapshot has not heard of yet.
    await t.db.orm.execute(
      sql`update verification_records set state = 'SUBMITTED' where txn_id = ${at.txnId} and name = 'bgv-degree'`,
    );
    expectCode(await put('B.Tech in Physics'), 123, 409);
    const stored = (await t.db.orm.execute(
      sql`select data->>'degreeName' as name from verification_records where txn_id = ${at.txnId} and name = 'bgv-degree'`,
    )) as { rows: { name: string }[] };
    expect(stored.rows[0]!.name).toBe('B.Tech');
  });
});
