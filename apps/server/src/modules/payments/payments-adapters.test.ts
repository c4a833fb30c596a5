import {
  GATEWAY_PATHS,
  OPS_API_PATHS,
  API_PATHS,
  SERVICE_BASES,
  opsSessionSchema,
  paymentInitResponseSchema,
  paymentStatusResponseSchema,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayStandIns } from '../../test/gateways/gateway-stand-ins.js';
import { bearer, createTestApp, expectCode, outbox, signUp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { consentTo } from '../../test/consent.js';

const v1 = (path: string) => `${SERVICE_BASES.payment}${path}`;
const P = API_PATHS.payments;
const V = API_PATHS.verification;
const ORG = 'demo-university';
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
type Headers = Record<string, string>;

/**
 * The registry wired to the real adapters (ADR 0024) against their local stand-ins: India through
 * Razorpay, other countries through Stripe; the same orders, webhooks, refunds and polls as the sandbox.
 */
describe('payments through the Razorpay and Stripe adapters (local stand-ins)', () => {
  let t: TestApp;
  let standIns: Awaited<ReturnType<typeof startGatewayStandIns>>;
  beforeAll(async () => {
    standIns = await startGatewayStandIns();
    t = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        PAYMENT_JOBS: 'off',
        PAYMENT_PROVIDER_IN: 'razorpay',
        PAYMENT_PROVIDER_INTL: 'stripe',
        ...standIns.env,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await standIns?.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result = (await t.db.orm.execute(query)) as { rows: unknown[] };
    return result.rows as T[];
  };
  const send = (method: 'GET' | 'POST', url: string, body?: unknown, headers?: Headers) =>
    t.request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });
  let keys = 0;
  const key = () => `adapter-key-${Date.now()}-${++keys}`;
  const statusOf = async (orderId: string) =>
    (await rows<{ status: string }>(sql`select status from payment_orders where id = ${orderId}`))[0]!.status;
  const gatewayIdOf = async (orderId: string) =>
    (
      await rows<{ g: string }>(sql`select gateway_order_id as g from payment_orders where id = ${orderId}`)
    )[0]!.g;

  async function readyToPay() {
    const h = bearer((await signUp(t)).accessToken);
    const { transactionId: txnId } = expectCode<{ transactionId: string }>(
      await send('POST', v1(V.transactions), { orgId: ORG, eKycFormId: 'demo-paid-form' }, h),
      0,
      200,
    );
    await consentTo(t, h, { orgId: ORG, txnId });
    expectCode(await send('POST', v1(V.process), { orgId: ORG, txnId }, h), 0, 200);
    const data = {
      institute: 'indian-institute-of-technology-bombay',
      degreeName: 'B.Tech in Computer Science',
      passingYear: '2020',
      instituteId: 'R-2016-0042',
      degreeStatus: 'DEGREE_AND_MARKSHEET',
      marksheet: { fileId: (await uploadDocument(t, h)).fileId },
    };
    expectCode(
      await send('POST', v1(V.bgv), { orgId: ORG, txnId, verificationName: 'bgv-degree', data }, h),
      0,
      200,
    );
    const skip = ['bgv-twelfth', 'bgv-tenth', 'passport', 'bgv-employment'];
    expectCode(
      await send('POST', v1(V.markAsSkip), { orgId: ORG, txnId, verificationNameList: skip }, h),
      0,
      200,
    );
    return { h, txnId };
  }

  it('Razorpay: a paid link, its signed webhook applied once, the transaction submitted, a refund processed', async () => {
    const { h, txnId } = await readyToPay();
    const init = paymentInitResponseSchema.parse(
      expectCode(
        await send(
          'POST',
          v1(P.init),
          { orgId: ORG, txnId, region: 'IN' },
          { ...h, 'idempotency-key': key() },
        ),
        0,
        200,
      ),
    );
    expect(init.provider).toBe('razorpay');
    await fetch(`${init.redirectInfo.web}/pay`, { method: 'POST', redirect: 'manual' });
    const hook = standIns.razorpay.webhook('payment_link.paid', { linkId: await gatewayIdOf(init.orderId) });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: GATEWAY_PATHS.webhook('razorpay'),
        headers: hook.headers,
        payload: hook.body,
      });
    expect(expectCode<{ applied: boolean }>(await deliver(), 0, 200).applied).toBe(true);
    expect(expectCode<{ applied: boolean }>(await deliver(), 0, 200).applied).toBe(false);
    expect(await statusOf(init.orderId)).toBe('success');
    const info = expectCode<{ state: string }>(
      await send('GET', v1(`${V.info}?orgId=${ORG}&txnId=${txnId}`), undefined, h),
      0,
      200,
    );
    expect(info.state).toBe('SUBMITTED');
    const forged = { ...hook.headers, 'x-razorpay-signature': '0'.repeat(64) };
    expectCode(
      await t.app.inject({
        method: 'POST',
        url: GATEWAY_PATHS.webhook('razorpay'),
        headers: forged,
        payload: hook.body,
      }),
      194,
      401,
    );

    const step = expectCode<{ challengeId: string }>(
      await send('POST', OPS_API_PATHS.signIn, { email: ADMIN.email, password: ADMIN.password }),
      0,
      200,
    );
    const [mail] = await outbox(t, ADMIN.email);
    const admin = bearer(
      opsSessionSchema.parse(
        expectCode(
          await send('POST', OPS_API_PATHS.verifyCode, { challengeId: step.challengeId, code: mail!.otp }),
          0,
          200,
        ),
      ).accessToken,
    );
    const refund = expectCode<{ _id: string; refundId: string | null; status: string }>(
      await send(
        'POST',
        OPS_API_PATHS.refunds(init.orderId),
        { amount: 10_000, reason: 'Goodwill' },
        { ...admin, 'idempotency-key': key() },
      ),
      0,
      200,
    );
    expect(refund.refundId).toEqual(expect.any(String));
    if (refund.status === 'pending') {
      standIns.razorpay.setRefundStatus(refund.refundId!, 'processed');
      const processed = standIns.razorpay.webhook('refund.processed', { refundId: refund.refundId! });
      expectCode(
        await t.app.inject({
          method: 'POST',
          url: GATEWAY_PATHS.webhook('razorpay'),
          headers: processed.headers,
          payload: processed.body,
        }),
        0,
        200,
      );
    }
    const [row] = await rows<{ status: string }>(
      sql`select status from payment_refunds where id = ${refund._id}`,
    );
    expect(row!.status).toBe('processed');
  });

  it('Razorpay: a captured webhook re-sent with a fresh event id costs no second gateway look-up', async () => {
    const { h, txnId } = await readyToPay();
    const init = paymentInitResponseSchema.parse(
      expectCode(
        await send(
          'POST',
          v1(P.init),
          { orgId: ORG, txnId, region: 'IN' },
          { ...h, 'idempotency-key': key() },
        ),
        0,
        200,
      ),
    );
    // Not paid: the gateway answers "pending", the order stays open, nothing is applied.
    const linkId = await gatewayIdOf(init.orderId);
    const hook = standIns.razorpay.webhook('payment_link.paid', { linkId });
    const lookUps = () =>
      standIns.razorpay.server.received.filter((r) => r.method === 'GET' && r.path.includes(linkId)).length;
    const deliver = (eventId: string) =>
      t.app.inject({
        method: 'POST',
        url: GATEWAY_PATHS.webhook('razorpay'),
        // x-razorpay-event-id is not covered by the signature: anyone holding the body can change it.
        headers: { ...hook.headers, 'x-razorpay-event-id': eventId },
        payload: hook.body,
      });
    const before = lookUps();
    expect(expectCode<{ applied: boolean }>(await deliver('evt_first'), 0, 200).applied).toBe(false);
    expect(lookUps()).toBe(before + 1);
    for (const eventId of ['evt_replay1', 'evt_replay2', 'evt_replay3'])
      expect(expectCode<{ applied: boolean }>(await deliver(eventId), 0, 200).applied).toBe(false);
    expect(lookUps()).toBe(before + 1);
    expect(await statusOf(init.orderId)).not.toBe('success');
  });

  it('Stripe: a paid Checkout Session found by the status poll (no webhook)', async () => {
    const { h, txnId } = await readyToPay();
    const init = paymentInitResponseSchema.parse(
      expectCode(
        await send(
          'POST',
          v1(P.init),
          { orgId: ORG, txnId, region: 'INTL' },
          { ...h, 'idempotency-key': key() },
        ),
        0,
        200,
      ),
    );
    expect(init.provider).toBe('stripe');
    await fetch(`${init.redirectInfo.web}/pay`, { method: 'POST', redirect: 'manual' });
    const status = paymentStatusResponseSchema.parse(
      expectCode(
        await send(
          'GET',
          v1(`${P.status}?orgId=${ORG}&txnId=${txnId}&orderId=${init.orderId}`),
          undefined,
          h,
        ),
        0,
        200,
      ),
    );
    expect(status.currentStatus).toBe('SUCCESS');
  });
});
