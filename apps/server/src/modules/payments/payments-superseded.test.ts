import {
  API_PATHS,
  ERROR_CODES,
  GATEWAY_PATHS,
  OPS_API_PATHS,
  SERVICE_BASES,
  opsSessionSchema,
  paymentInfoSchema,
  paymentInitResponseSchema,
  paymentStatusResponseSchema,
  transactionInfoSchema,
  type AdminForm,
  type OpsSession,
  type PaymentInfo,
  type PaymentInitResponse,
  type PaymentQuote,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, outbox, signUp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { SUPERSEDED_REFUND_REASON } from './payments-service.js';
import { consentTo } from '../../test/consent.js';

/**
 * Issue 23 §2: what is submitted is exactly what was paid for (ADR 0023 "An order pays for its quote").
 * Each path changes the priced lines between the payment's init and the gateway's success.
 */
const v1 = (path: string) => `${SERVICE_BASES.payment}${path}`;
const P = API_PATHS.payments;
const V = API_PATHS.verification;
const ORG = 'demo-university';
const PAID_FORM = 'demo-paid-form';
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
type Headers = Record<string, string>;

const IIT_DEGREE = {
  institute: 'indian-institute-of-technology-bombay',
  degreeName: 'B.Tech in Computer Science',
  passingYear: '2020',
  instituteId: 'R-2016-0042',
  degreeStatus: 'DEGREE_AND_MARKSHEET',
};
/** Priced at the form's own degree price (₹999), not IIT Bombay's (₹1,499). */
const BHU_DEGREE = { ...IIT_DEGREE, institute: 'banaras-hindu-university', instituteId: 'BHU-2018-7' };
const TWELFTH = {
  board: { manual: true, name: 'Kerala Open School' },
  rollNumber: '4512378',
  passingYear: '2016',
  state: 'Kerala',
};

describe('payments: a priced change after the payment starts is never submitted unpaid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { OCR_WORKER: 'off', PAYMENT_JOBS: 'off', PAYMENT_RECONCILE_AFTER_SECONDS: '60' },
    });
  });
  afterAll(() => t?.close());

  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result = (await t.db.orm.execute(query)) as { rows: unknown[] };
    return result.rows as T[];
  };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers?: Headers) =>
    t.request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });
  let keys = 0;
  const newKey = () => `superseded-key-${Date.now()}-${++keys}`;

  interface Candidate {
    h: Headers;
    txnId: string;
  }

  const fill = async (c: Candidate, verificationName: string, data: object) => {
    const marksheet = { fileId: (await uploadDocument(t, c.h)).fileId };
    return send(
      'POST',
      v1(V.bgv),
      { orgId: ORG, txnId: c.txnId, verificationName, data: { ...data, marksheet } },
      c.h,
    );
  };
  const skip = (c: Candidate, names: string[]) =>
    send('POST', v1(V.markAsSkip), { orgId: ORG, txnId: c.txnId, verificationNameList: names }, c.h);
  const clear = (c: Candidate, type: string) =>
    send('DELETE', v1(`${V.bgv}?orgId=${ORG}&txnId=${c.txnId}&type=${type}`), undefined, c.h);

  /** A candidate on the paid form with the degree submitted and `skipped` skipped; `also` filled too. */
  async function readyToPay(
    degree: object = IIT_DEGREE,
    skipped = ['bgv-twelfth', 'bgv-tenth', 'passport', 'bgv-employment'],
    also: [string, object][] = [],
  ): Promise<Candidate> {
    const h = bearer((await signUp(t)).accessToken);
    const { transactionId: txnId } = expectCode<{ transactionId: string }>(
      await send('POST', v1(V.transactions), { orgId: ORG, eKycFormId: PAID_FORM }, h),
      0,
      200,
    );
    const c = { h, txnId };
    await consentTo(t, h, { orgId: ORG, txnId });
    expectCode(await send('POST', v1(V.process), { orgId: ORG, txnId }, h), 0, 200);
    expectCode(await fill(c, 'bgv-degree', degree), 0, 200);
    for (const [name, data] of also) expectCode(await fill(c, name, data), 0, 200);
    expectCode(await skip(c, skipped), 0, 200);
    return c;
  }

  const price = async (c: Candidate): Promise<PaymentInfo> =>
    paymentInfoSchema.parse(
      expectCode(
        await send('GET', v1(`${P.price}?orgId=${ORG}&txnId=${c.txnId}&region=IN`), undefined, c.h),
        0,
        200,
      ),
    );
  const started = async (c: Candidate): Promise<PaymentInitResponse> =>
    paymentInitResponseSchema.parse(
      expectCode(
        await send(
          'POST',
          v1(P.init),
          { orgId: ORG, txnId: c.txnId, region: 'IN', express: false },
          { ...c.h, 'idempotency-key': newKey() },
        ),
        0,
        200,
      ),
    );
  /** Pays at the sandbox's hosted page and delivers every webhook it stored (the gateway's success). */
  const payAtGateway = async (s: PaymentInitResponse) => {
    const sessionId = s.redirectInfo.web.split('/').pop()!;
    const back = await t.app.inject({
      method: 'POST',
      url: GATEWAY_PATHS.sandboxCheckoutActionRoute.replace(':sessionId', sessionId),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(back.statusCode).toBe(303);
    while (await t.app.paymentJobs.deliverSandboxWebhookOnce());
  };
  const order = async (orderId: string) =>
    (
      await rows<{ status: string; amount: string; payment_id: string | null; quote: PaymentQuote }>(
        sql`select status, amount::text as amount, payment_id, quote from payment_orders where id = ${orderId}`,
      )
    )[0]!;
  const refundsOf = (orderId: string) =>
    rows<{ amount: string; status: string; reason: string }>(
      sql`select amount::text as amount, status, reason from payment_refunds where order_id = ${orderId}`,
    );
  const info = async (c: Candidate) =>
    transactionInfoSchema.parse(
      expectCode(await send('GET', v1(`${V.info}?orgId=${ORG}&txnId=${c.txnId}`), undefined, c.h), 0, 200),
    );
  const status = async (c: Candidate, orderId: string) =>
    paymentStatusResponseSchema.parse(
      expectCode(
        await send('GET', v1(`${P.status}?orgId=${ORG}&txnId=${c.txnId}&orderId=${orderId}`), undefined, c.h),
        0,
        200,
      ),
    );
  const submittedNames = async (c: Candidate) =>
    Object.entries((await info(c)).verificationList)
      .filter(([, v]) => v.state === 'SUBMITTED')
      .map(([name]) => name)
      .sort();

  /**
   * The order opened before the change is ended by it; the gateway's success for it is recorded as
   * superseded (the money kept on record and refunded in full), nothing is submitted, the status says
   * the new amount; a new order for the new quote then submits exactly its lines.
   */
  async function expectSupersededThenRepaid(c: Candidate, first: PaymentInitResponse, before: PaymentInfo) {
    expect((await order(first.orderId)).status).toBe('cancelled');
    await payAtGateway(first);
    const paid = await order(first.orderId);
    expect(paid.status).toBe('superseded');
    expect(paid.payment_id).not.toBeNull();
    expect(await refundsOf(first.orderId)).toEqual([
      { amount: String(before.toPay), status: 'processed', reason: SUPERSEDED_REFUND_REASON },
    ]);
    expect((await info(c)).state).toBe('DATA_SAVED');
    expect(await submittedNames(c)).toEqual([]);
    const now = await price(c);
    expect(now.toPay).not.toBe(before.toPay);
    const told = await status(c, first.orderId);
    expect(told).toEqual({
      currentStatus: 'CANCELLED',
      orderId: first.orderId,
      superseded: { toPay: now.toPay, currency: 'INR', refund: before.toPay },
    });
    // The submit route does not take the superseded payment either.
    expectCode(await send('POST', v1(V.submit), { orgId: ORG, txnId: c.txnId }, c.h), 127, 402);

    const second = await started(c);
    expect(second.orderId).not.toBe(first.orderId);
    const secondOrder = await order(second.orderId);
    expect(Number(secondOrder.amount)).toBe(now.toPay);
    await payAtGateway(second);
    expect((await order(second.orderId)).status).toBe('success');
    const after = await info(c);
    expect(after.state).toBe('SUBMITTED');
    expect(after.paymentDetails).toHaveLength(1);
    expect(await submittedNames(c)).toEqual(secondOrder.quote.items.map((i) => i.key).sort());
  }

  it('add an instance: four more degrees after the init are not submitted for the price of one', async () => {
    const c = await readyToPay(BHU_DEGREE);
    const before = await price(c);
    expect(before.toPay).toBe(117_882);
    const first = await started(c);
    for (let i = 0; i < 4; i++) {
      const added = expectCode<{ name: string }>(
        await send('POST', v1(V.bgvInstances), { orgId: ORG, txnId: c.txnId, type: 'bgv-degree' }, c.h),
        0,
        200,
      );
      expectCode(await fill(c, added.name, BHU_DEGREE), 0, 200);
    }
    await expectSupersededThenRepaid(c, first, before);
    expect(await submittedNames(c)).toEqual([
      'bgv-degree',
      'bgv-degree~2',
      'bgv-degree~3',
      'bgv-degree~4',
      'bgv-degree~5',
    ]);
  });

  it('fill a verification: the degree submitted again from a cheaper institute', async () => {
    const c = await readyToPay(IIT_DEGREE);
    const before = await price(c);
    const first = await started(c);
    expectCode(await fill(c, 'bgv-degree', BHU_DEGREE), 0, 200);
    await expectSupersededThenRepaid(c, first, before);
    expect((await price(c)).toPay).toBe(117_882);
  });

  it('skip one: the 12th cleared and skipped after the init', async () => {
    const c = await readyToPay(
      IIT_DEGREE,
      ['bgv-tenth', 'passport', 'bgv-employment'],
      [['bgv-twelfth', TWELFTH]],
    );
    const before = await price(c);
    const first = await started(c);
    expectCode(await clear(c, 'bgv-twelfth'), 0, 200);
    expectCode(await skip(c, ['bgv-twelfth']), 0, 200);
    await expectSupersededThenRepaid(c, first, before);
    expect(await submittedNames(c)).toEqual(['bgv-degree']);
  });

  it('un-skip one: the skipped 12th filled after the init', async () => {
    const c = await readyToPay(IIT_DEGREE);
    const before = await price(c);
    const first = await started(c);
    expectCode(await fill(c, 'bgv-twelfth', TWELFTH), 0, 200);
    await expectSupersededThenRepaid(c, first, before);
    expect(await submittedNames(c)).toEqual(['bgv-degree', 'bgv-twelfth']);
  });

  it('un-skip one while paid but not submitted: the submit is refused with the new amount, the paid order is refunded when the new one starts', async () => {
    const c = await readyToPay(IIT_DEGREE);
    const before = await price(c);
    const first = await started(c);
    // Cleared, the 12th is neither skipped nor priced: the order still pays for the quote, but the
    // transaction cannot be submitted with it.
    expectCode(await clear(c, 'bgv-twelfth'), 0, 200);
    await payAtGateway(first);
    expect((await order(first.orderId)).status).toBe('success');
    expect((await info(c)).state).toBe('DATA_SAVED');
    expectCode(await fill(c, 'bgv-twelfth', TWELFTH), 0, 200);
    const now = await price(c);
    const refused = expectCode<{ toPay: number; currency: string }>(
      await send('POST', v1(V.submit), { orgId: ORG, txnId: c.txnId }, c.h),
      ERROR_CODES.PAYMENT_SUPERSEDED.code,
      409,
    );
    expect(refused).toEqual({ toPay: now.toPay, currency: 'INR' });
    expect(await submittedNames(c)).toEqual([]);

    const second = await started(c);
    expect((await order(first.orderId)).status).toBe('superseded');
    while (await t.app.paymentJobs.deliverSandboxWebhookOnce()); // the gateway's refund.processed
    expect(await refundsOf(first.orderId)).toEqual([
      { amount: String(before.toPay), status: 'processed', reason: SUPERSEDED_REFUND_REASON },
    ]);
    expect(Number((await order(second.orderId)).amount)).toBe(now.toPay);
    await payAtGateway(second);
    expect((await info(c)).state).toBe('SUBMITTED');
    expect(await submittedNames(c)).toEqual(['bgv-degree', 'bgv-twelfth']);
  });

  it('a priced change racing the success webhook: either the old lines are submitted and the change refused, or nothing is submitted and the payment refunded', async () => {
    const c = await readyToPay(BHU_DEGREE);
    const first = await started(c);
    const sessionId = first.redirectInfo.web.split('/').pop()!;
    await t.app.inject({
      method: 'POST',
      url: GATEWAY_PATHS.sandboxCheckoutActionRoute.replace(':sessionId', sessionId),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    const [change] = await Promise.all([
      fill(c, 'bgv-twelfth', TWELFTH),
      (async () => {
        while (await t.app.paymentJobs.deliverSandboxWebhookOnce());
      })(),
    ]);
    const state = (await info(c)).state;
    const paid = await order(first.orderId);
    if (state === 'SUBMITTED') {
      expect(change.json<{ code: number }>().code).toBe(ERROR_CODES.INVALID_TRANSITION.code);
      expect(paid.status).toBe('success');
      expect(await submittedNames(c)).toEqual(['bgv-degree']);
    } else {
      expectCode(change, 0, 200);
      expect(paid.status).toBe('superseded');
      expect(await refundsOf(first.orderId)).toHaveLength(1);
      expect(await submittedNames(c)).toEqual([]);
    }
  });

  it('a discount threshold: the organisation lowers the cart minimum after the init; the success does not submit the dearer order', async () => {
    const c = await readyToPay(IIT_DEGREE);
    const before = await price(c);
    expect(before.discount.percentage).toBe(0);
    const first = await started(c);

    const admin = bearer((await signIn(ADMIN)).accessToken);
    const form = expectCode<AdminForm>(
      await send('GET', OPS_API_PATHS.adminForm(PAID_FORM), undefined, admin),
      0,
      200,
    );
    const { id: _i, orgId: _o, isExpired: _e, createdAt: _c, hasTransactions: _h, ...fields } = form;
    const config = fields.paymentConfig!;
    expectCode(
      await send(
        'PUT',
        OPS_API_PATHS.adminForm(PAID_FORM),
        {
          ...fields,
          paymentConfig: {
            ...config,
            cartDiscount: { percentage: 10, minAmount: { INR: 100_000, USD: 3_000 } },
          },
        },
        admin,
      ),
      0,
      200,
    );
    try {
      // No candidate write ended the order: the success itself finds the quote changed.
      await payAtGateway(first);
      const paid = await order(first.orderId);
      expect(paid.status).toBe('superseded');
      expect(await refundsOf(first.orderId)).toHaveLength(1);
      expect((await info(c)).state).toBe('DATA_SAVED');
      const now = await price(c);
      expect(now.discount.percentage).toBe(10);
      expect((await status(c, first.orderId)).superseded).toEqual({
        toPay: now.toPay,
        currency: 'INR',
        refund: before.toPay,
      });
      const second = await started(c);
      expect(Number((await order(second.orderId)).amount)).toBe(now.toPay);
      await payAtGateway(second);
      expect((await info(c)).state).toBe('SUBMITTED');
    } finally {
      expectCode(await send('PUT', OPS_API_PATHS.adminForm(PAID_FORM), fields, admin), 0, 200);
    }
  });

  async function signIn(account: { email: string; password: string }): Promise<OpsSession> {
    const step = expectCode<{ challengeId: string }>(
      await send('POST', OPS_API_PATHS.signIn, { email: account.email, password: account.password }),
      0,
      200,
    );
    const [mail] = await outbox(t, account.email);
    return opsSessionSchema.parse(
      expectCode(
        await send('POST', OPS_API_PATHS.verifyCode, { challengeId: step.challengeId, code: mail!.otp }),
        0,
        200,
      ),
    );
  }
});
