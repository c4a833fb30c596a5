import {
  GATEWAY_PATHS,
  OPS_API_PATHS,
  API_PATHS,
  SERVICE_BASES,
  opsSessionSchema,
  paymentHistoryResponseSchema,
  paymentInfoSchema,
  verificationPriceLineSchema,
  paymentInitResponseSchema,
  paymentModeResponseSchema,
  paymentRegionsResponseSchema,
  paymentStatusResponseSchema,
  transactionInfoSchema,
  type OpsSession,
  type PaymentInitResponse,
  type SandboxWebhook,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEV_SECRET } from '../../config.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from '../../providers/payments/sandbox.js';
import { bearer, createTestApp, expectCode, outbox, signUp, type TestApp } from '../../test/test-app.js';
import { uploadDocument } from '../../test/uploads.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import { consentTo } from '../../test/consent.js';

const v1 = (path: string) => `${SERVICE_BASES.payment}${path}`;
const P = API_PATHS.payments;
const V = API_PATHS.verification;
const ORG = 'demo-university';
const PAID_FORM = 'demo-paid-form';
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
type Headers = Record<string, string>;

const DEGREE = {
  institute: 'indian-institute-of-technology-bombay',
  degreeName: 'B.Tech in Computer Science',
  passingYear: '2020',
  instituteId: 'R-2016-0042',
  degreeStatus: 'DEGREE_AND_MARKSHEET',
};

describe('payments: orders, the sandbox gateway, webhooks, refunds and reconciliation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        PAYMENT_JOBS: 'off',
        PAYMENT_RECONCILE_AFTER_SECONDS: '60',
        // India through the hosted page, other countries through the card-SDK flavour (/payment-redirect).
        PAYMENT_PROVIDER_INTL: 'sandbox-sdk',
      },
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
  const newKey = () => `test-key-${Date.now()}-${++keys}`;

  /** A candidate on the paid form with the degree submitted (IIT Bombay) and the rest skipped. */
  async function readyToPay(skip = ['bgv-twelfth', 'bgv-tenth', 'passport', 'bgv-employment']) {
    const h = bearer((await signUp(t)).accessToken);
    const { transactionId: txnId } = expectCode<{ transactionId: string }>(
      await send('POST', v1(V.transactions), { orgId: ORG, eKycFormId: PAID_FORM }, h),
      0,
      200,
    );
    await consentTo(t, h, { orgId: ORG, txnId });
    expectCode(await send('POST', v1(V.process), { orgId: ORG, txnId }, h), 0, 200);
    const marksheet = { fileId: (await uploadDocument(t, h)).fileId };
    const data = { ...DEGREE, marksheet };
    expectCode(
      await send('POST', v1(V.bgv), { orgId: ORG, txnId, verificationName: 'bgv-degree', data }, h),
      0,
      200,
    );
    if (skip.length > 0)
      expectCode(
        await send('POST', v1(V.markAsSkip), { orgId: ORG, txnId, verificationNameList: skip }, h),
        0,
        200,
      );
    return { h, txnId, data };
  }

  const init = (h: Headers, body: object, key: string | null = newKey()) =>
    send('POST', v1(P.init), body, { ...h, ...(key ? { 'idempotency-key': key } : {}) });
  const started = async (h: Headers, txnId: string, region: 'IN' | 'INTL' = 'IN', express = false) =>
    paymentInitResponseSchema.parse(
      expectCode(await init(h, { orgId: ORG, txnId, region, express }), 0, 200),
    );
  const sessionIdOf = (started: PaymentInitResponse) => started.redirectInfo.web.split('/').pop()!;
  const order = async (orderId: string) =>
    (
      await rows<{ status: string; amount: string; payment_id: string | null }>(
        sql`select status, amount::text as amount, payment_id from payment_orders where id = ${orderId}`,
      )
    )[0]!;
  const auditCount = async (id: string) =>
    Number(
      (
        await rows<{ n: number }>(sql`select count(*)::int as n from payment_audit where entity_id = ${id}`)
      )[0]!.n,
    );
  const txnState = async (h: Headers, txnId: string) =>
    transactionInfoSchema.parse(
      expectCode(await send('GET', v1(`${V.info}?orgId=${ORG}&txnId=${txnId}`), undefined, h), 0, 200),
    );
  const pay = (sessionId: string, outcome: 'pay' | 'fail' | 'cancel') =>
    t.app.inject({
      method: 'POST',
      url: GATEWAY_PATHS.sandboxCheckoutActionRoute.replace(':sessionId', sessionId),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
  /** The sandbox's stored webhooks of a session, oldest first (what its delivery job would send). */
  const storedWebhooks = async (sessionId: string) =>
    (
      await rows<{ id: string; body: string }>(
        sql`select id, body from sandbox_gateway_webhooks order by created_at, id`,
      )
    ).filter((w) => (JSON.parse(w.body) as SandboxWebhook).orderId === sessionId);
  const deliver = (rawBody: string, signature = signSandboxBody(SANDBOX_DEV_SECRET, rawBody)) =>
    t.app.inject({
      method: 'POST',
      url: GATEWAY_PATHS.webhook('sandbox'),
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: rawBody,
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

  it('refuses the submit of a paid form until it is paid (127); prices on the server, by hand', async () => {
    const { h, txnId } = await readyToPay(['bgv-twelfth', 'bgv-tenth', 'bgv-employment']);
    expectCode(await send('POST', v1(V.submit), { orgId: ORG, txnId }, h), 127, 402);
    // Degree (IIT Bombay, its own price) ₹1,499.00 + passport ₹199.00 would need the passport done: skipped
    // records and undone ones are not priced. Only the degree here: 149_900 paise.
    const quote = paymentInfoSchema.parse(
      expectCode(
        await send('GET', v1(`${P.price}?orgId=${ORG}&txnId=${txnId}&region=IN`), undefined, h),
        0,
        200,
      ),
    );
    // 149_900 < the cart discount's ₹2,000 minimum: no discount; GST 18% = 26_982; to pay 176_882.
    expect(quote).toMatchObject({
      total: 149_900,
      gst: 26_982,
      toPay: 176_882,
      currency: 'INR',
      orderId: null,
    });
    expect(quote.items.map((i) => i.key)).toEqual(['bgv-degree']);
    const usd = paymentInfoSchema.parse(
      expectCode(
        await send(
          'GET',
          v1(`${P.price}?orgId=${ORG}&txnId=${txnId}&region=INTL&express=true`),
          undefined,
          h,
        ),
        0,
        200,
      ),
    );
    // $45.00 + express $80.00 = 12_500 ≥ $60 → 10% off = 1_250; 11_250 + 18% (2_025) = 13_275.
    expect(usd).toMatchObject({
      total: 12_500,
      toPayBeforeGst: 11_250,
      gst: 2_025,
      toPay: 13_275,
      currency: 'USD',
      express: true,
    });
    const mode = paymentModeResponseSchema.parse(
      expectCode(await send('GET', v1(`${P.mode}?orgId=${ORG}&txnId=${txnId}`), undefined, h), 0, 200),
    );
    expect(mode).toEqual({
      showWarning: false,
      expressAllowed: true,
      expressPrice: { INR: 660_000, USD: 8_000 },
      expressBusinessDays: 5,
    });
    const regions = paymentRegionsResponseSchema.parse(
      expectCode(await send('GET', v1(`${P.regions}?orgId=${ORG}`), undefined, h), 0, 200),
    );
    expect(regions.list.map((r) => [r.region, r.currency])).toEqual([
      ['IN', 'INR'],
      ['INTL', 'USD'],
    ]);
  });

  it("prices one verification (spec §7 GET {price}/{verification}/price): the quote's own line", async () => {
    const { h, txnId } = await readyToPay(['bgv-twelfth', 'bgv-tenth', 'bgv-employment']);
    const priceOf = (name: string, query = '') =>
      send('GET', v1(`${P.verificationPrice(name)}?orgId=${ORG}&txnId=${txnId}${query}`), undefined, h);
    for (const query of ['&region=IN', '&region=INTL&express=true']) {
      const quote = paymentInfoSchema.parse(
        expectCode(
          await send('GET', v1(`${P.price}?orgId=${ORG}&txnId=${txnId}${query}`), undefined, h),
          0,
          200,
        ),
      );
      const line = quote.items.find((i) => i.key === 'bgv-degree')!;
      const degree = verificationPriceLineSchema.parse(
        expectCode(await priceOf('bgv-degree', query), 0, 200),
      );
      expect(degree).toEqual({
        ...line,
        verificationName: 'bgv-degree',
        region: query.includes('INTL') ? 'INTL' : 'IN',
        currency: quote.currency,
        currencySymbol: quote.currencySymbol,
        quoted: true,
      });
    }
    // India by default. The passport is not done yet: its price is the line it will have (₹199.00).
    expect(expectCode(await priceOf('bgv-degree'), 0, 200)).toMatchObject({
      price: 149_900,
      currency: 'INR',
    });
    expect(expectCode(await priceOf('passport'), 0, 200)).toMatchObject({
      key: 'passport',
      price: 19_900,
      quoted: false,
    });
    // Not in the transaction, a bad query, another's transaction: refused, nothing priced.
    expectCode(await priceOf('bgv-unknown'), 126, 400);
    expectCode(await priceOf('bgv-degree', '&region=EU'), 100, 400);
    expectCode(
      await send('GET', v1(`${P.verificationPrice('bgv-degree')}?orgId=${ORG}`), undefined, h),
      100,
      400,
    );
    const other = bearer((await signUp(t)).accessToken);
    const foreign = await send(
      'GET',
      v1(`${P.verificationPrice('bgv-degree')}?orgId=${ORG}&txnId=${txnId}`),
      undefined,
      other,
    );
    expect(foreign.json<{ code: number }>().code).not.toBe(0);
  });

  it('a tampered client amount changes nothing: the strict body refuses it, and the order is priced by the server', async () => {
    const { h, txnId } = await readyToPay();
    const tampered = await init(h, { orgId: ORG, txnId, region: 'IN', express: false, amount: 1 });
    expectCode(tampered, 100, 400);
    expect(await rows(sql`select id from payment_orders where txn_id = ${txnId}`)).toHaveLength(0);
    const s = await started(h, txnId);
    expect((await order(s.orderId)).amount).toBe('176882');
    expectCode(await init(h, { orgId: ORG, txnId, region: 'IN' }, null), 190, 400);
  });

  it('pays through the sandbox end to end: checkout page, redirect, webhook, order success, transaction SUBMITTED', async () => {
    const { h, txnId } = await readyToPay();
    const s = await started(h, txnId);
    expect(s).toMatchObject({ provider: 'sandbox', paymentSessionId: null, environment: 'sandbox' });
    const page = await t.app.inject({ method: 'GET', url: new URL(s.redirectInfo.web).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Demo University');
    expect(page.body).toContain('₹1,768.82');
    expect(page.body).not.toContain('<script');
    const back = await pay(sessionIdOf(s), 'pay');
    expect(back.statusCode).toBe(303);
    const location = new URL(back.headers.location as string);
    expect(location.pathname).toBe('/payment');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      orgId: ORG,
      txId: txnId,
      region: 'IN',
      express: 'false',
      order_id: s.orderId,
    });
    expect((await order(s.orderId)).status).toBe('pending');
    expect(await t.app.paymentJobs.deliverSandboxWebhookOnce()).toBe(true);
    expect((await order(s.orderId)).status).toBe('success');
    const info = await txnState(h, txnId);
    expect(info.state).toBe('SUBMITTED');
    expect(info.verificationList['bgv-degree']!.state).toBe('SUBMITTED');
    expect(info.expectedCompletionDate).not.toBeNull();
    expect(info.paymentDetails).toEqual([{ allVerificationsCompleted: true, expressOpt: false }]);
    const status = paymentStatusResponseSchema.parse(
      expectCode(
        await send('GET', v1(`${P.status}?orgId=${ORG}&txnId=${txnId}&orderId=${s.orderId}`), undefined, h),
        0,
        200,
      ),
    );
    expect(status).toEqual({ currentStatus: 'SUCCESS', orderId: s.orderId, superseded: null });
    // The submit route accepts the paid transaction (already submitted: the same info).
    expectCode(await send('POST', v1(V.submit), { orgId: ORG, txnId }, h), 0, 200);
    expectCode(await init(h, { orgId: ORG, txnId, region: 'IN' }), 192, 409);
    const history = paymentHistoryResponseSchema.parse(
      expectCode(await send('GET', v1(`${P.history}?orgId=${ORG}&txnId=${txnId}`), undefined, h), 0, 200),
    );
    expect(history.total).toBe(1);
    expect(history.list[0]).toMatchObject({
      currentStatus: 'SUCCESS',
      totalAmountPaid: 176_882,
      orderId: s.orderId,
      provider: 'sandbox',
    });
    // Another candidate sees none of it.
    const other = bearer((await signUp(t)).accessToken);
    const theirs = paymentHistoryResponseSchema.parse(
      expectCode(await send('GET', v1(P.history), undefined, other), 0, 200),
    );
    expect(theirs.total).toBe(0);
  });

  it('the submit route submits a paid transaction that was not submitted with its payment', async () => {
    const { h, txnId } = await readyToPay();
    const s = await started(h, txnId);
    await pay(sessionIdOf(s), 'pay');
    // The payment settles while a skipped verification is open again (cleared: not priced, so the order
    // still pays for the quote): paid, not submitted.
    expectCode(
      await send('DELETE', v1(`${V.bgv}?orgId=${ORG}&txnId=${txnId}&type=bgv-tenth`), undefined, h),
      0,
      200,
    );
    while (await t.app.paymentJobs.deliverSandboxWebhookOnce());
    expect((await order(s.orderId)).status).toBe('success');
    expect((await txnState(h, txnId)).state).not.toBe('SUBMITTED');
    expectCode(
      await send('POST', v1(V.markAsSkip), { orgId: ORG, txnId, verificationNameList: ['bgv-tenth'] }, h),
      0,
      200,
    );
    expect(
      expectCode<{ state: string }>(await send('POST', v1(V.submit), { orgId: ORG, txnId }, h), 0, 200).state,
    ).toBe('SUBMITTED');
  });

  it('a failed and a cancelled checkout: their status, and a new order after them', async () => {
    const { h, txnId } = await readyToPay();
    const first = await started(h, txnId);
    await pay(sessionIdOf(first), 'fail');
    await t.app.paymentJobs.deliverSandboxWebhookOnce();
    expect((await order(first.orderId)).status).toBe('failed');
    const second = await started(h, txnId);
    expect(second.orderId).not.toBe(first.orderId);
    const back = await pay(sessionIdOf(second), 'cancel');
    expect(new URL(back.headers.location as string).searchParams.get('cancelled')).toBe('true');
    // No webhook for a cancel: the status poll asks the gateway.
    const status = paymentStatusResponseSchema.parse(
      expectCode(
        await send(
          'GET',
          v1(`${P.status}?orgId=${ORG}&txnId=${txnId}&orderId=${second.orderId}`),
          undefined,
          h,
        ),
        0,
        200,
      ),
    );
    expect(status.currentStatus).toBe('CANCELLED');
    // The state machine's trail, one audit row per change: created → pending → failed / cancelled.
    const trail = async (id: string) =>
      (
        await rows<{ f: string | null; t: string }>(
          sql`select from_status as f, to_status as t from payment_audit where entity_id = ${id} order by id`,
        )
      ).map((r) => `${r.f ?? '∅'}→${r.t}`);
    expect(await trail(first.orderId)).toEqual(['∅→created', 'created→pending', 'pending→failed']);
    expect(await trail(second.orderId)).toEqual(['∅→created', 'created→pending', 'pending→cancelled']);
    // A final order never moves again: a late success for the failed one changes nothing.
    const [failedHook] = await storedWebhooks(sessionIdOf(first));
    const late = JSON.stringify({
      ...(JSON.parse(failedHook!.body) as SandboxWebhook),
      id: 'evt_late_success',
      type: 'payment.succeeded',
    });
    expectCode(await deliver(late), 0, 200);
    expect(await trail(first.orderId)).toHaveLength(3);
    // A query string saying it was paid changes nothing: the order is another candidate's or unknown.
    const other = bearer((await signUp(t)).accessToken);
    expectCode(
      await send(
        'GET',
        v1(`${P.status}?orgId=${ORG}&txnId=${txnId}&orderId=${second.orderId}`),
        undefined,
        other,
      ),
      122,
      403,
    );
  });

  it('a checkout cancelled or failed at the gateway, before we heard of it, never blocks a new order (issue 24 §2)', async () => {
    const { h, txnId } = await readyToPay();
    const first = await started(h, txnId);
    // Cancel sends no webhook and nobody polled the status: the order is still open on our side.
    await pay(sessionIdOf(first), 'cancel');
    expect((await order(first.orderId)).status).toBe('pending');
    const second = await started(h, txnId);
    expect(second.orderId).not.toBe(first.orderId);
    expect((await order(first.orderId)).status).toBe('cancelled');
    const page = await t.app.inject({ method: 'GET', url: new URL(second.redirectInfo.web).pathname });
    expect(page.body).toContain('Fail the payment');
    expect(page.body).not.toContain('This payment was cancelled.');
    // A failure whose webhook has not been delivered yet: the same.
    await pay(sessionIdOf(second), 'fail');
    expect((await order(second.orderId)).status).toBe('pending');
    const third = await started(h, txnId);
    expect(third.orderId).not.toBe(second.orderId);
    expect((await order(second.orderId)).status).toBe('failed');
    // An open checkout nobody ended is still reused (two clicks, one order).
    expect((await started(h, txnId)).orderId).toBe(third.orderId);
    // The late failure webhook changes nothing more.
    while (await t.app.paymentJobs.deliverSandboxWebhookOnce());
    expect((await order(second.orderId)).status).toBe('failed');
    expect((await order(third.orderId)).status).toBe('pending');
  });

  it('the gateway sends the candidate back with the fast-track choice of the order (issue 24 §3)', async () => {
    const { h, txnId } = await readyToPay();
    const s = await started(h, txnId, 'IN', true);
    const back = await pay(sessionIdOf(s), 'fail');
    const location = new URL(back.headers.location as string);
    expect(location.searchParams.get('express')).toBe('true');
    expect(location.searchParams.get('order_id')).toBe(s.orderId);
    const again = await started(h, txnId, 'IN', true);
    const cancelled = new URL((await pay(sessionIdOf(again), 'cancel')).headers.location as string);
    expect(cancelled.searchParams.get('express')).toBe('true');
    expect(cancelled.searchParams.get('cancelled')).toBe('true');
  });

  it('the card-SDK flavour answers a session id the /payment-redirect page opens', async () => {
    const { h, txnId } = await readyToPay();
    const s = await started(h, txnId, 'INTL');
    expect(s.provider).toBe('sandbox-sdk');
    expect(s.paymentSessionId).toMatch(/^sbx_order_/);
    const page = await t.app.inject({
      method: 'GET',
      url: GATEWAY_PATHS.sandboxCheckout(s.paymentSessionId!),
    });
    expect(page.statusCode).toBe(200);
    // $45.00 (IIT Bombay) < $60: no cart discount; + 18% = $53.10.
    expect(page.body).toContain('$53.10');
    // A page under /api/: its inline styles load (an API answer's policy would block them).
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    await pay(s.paymentSessionId!, 'pay');
    while (await t.app.paymentJobs.deliverSandboxWebhookOnce());
    expect((await order(s.orderId)).status).toBe('success');
  });

  it('two concurrent inits give one order; the same key answers the same order; another region replaces it', async () => {
    const { h, txnId } = await readyToPay();
    const results = await Promise.all([
      init(h, { orgId: ORG, txnId, region: 'IN' }),
      init(h, { orgId: ORG, txnId, region: 'IN' }),
      init(h, { orgId: ORG, txnId, region: 'IN' }),
    ]);
    const ids = new Set(results.map((r) => paymentInitResponseSchema.parse(expectCode(r, 0, 200)).orderId));
    expect(ids.size).toBe(1);
    expect(await rows(sql`select id from payment_orders where txn_id = ${txnId}`)).toHaveLength(1);
    const key = newKey();
    const a = paymentInitResponseSchema.parse(
      expectCode(await init(h, { orgId: ORG, txnId, region: 'IN' }, key), 0, 200),
    );
    const b = paymentInitResponseSchema.parse(
      expectCode(await init(h, { orgId: ORG, txnId, region: 'IN' }, key), 0, 200),
    );
    expect(b).toEqual(a);
    expect(a.orderId).toBe([...ids][0]);
    const intl = paymentInitResponseSchema.parse(
      expectCode(await init(h, { orgId: ORG, txnId, region: 'INTL', express: true }), 0, 200),
    );
    expect(intl.orderId).not.toBe(a.orderId);
    expect((await order(a.orderId)).status).toBe('cancelled');
    const open = await rows(
      sql`select id from payment_orders where txn_id = ${txnId} and status in ('created', 'pending')`,
    );
    expect(open).toHaveLength(1);
  });

  it('one webhook delivered 100 times, in sequence and at once, changes the order once', async () => {
    const { h, txnId } = await readyToPay();
    const s = await started(h, txnId);
    await pay(sessionIdOf(s), 'pay');
    const [hook] = await storedWebhooks(sessionIdOf(s));
    const before = await auditCount(s.orderId); // created, pending
    expect(before).toBe(2);
    const concurrent = await Promise.all(Array.from({ length: 50 }, () => deliver(hook!.body)));
    for (let i = 0; i < 50; i++) concurrent.push(await deliver(hook!.body));
    for (const res of concurrent) expectCode(res, 0, 200);
    expect(concurrent.filter((r) => r.json<{ data: { applied: boolean } }>().data.applied)).toHaveLength(1);
    expect(await auditCount(s.orderId)).toBe(before + 1);
    const changes = await rows(
      sql`select id from state_changes where txn_id = ${txnId} and entity = 'transaction' and to_state = 'SUBMITTED'`,
    );
    expect(changes).toHaveLength(1);
  });

  it('a bad signature is refused and changes nothing', async () => {
    const { h, txnId } = await readyToPay();
    const s = await started(h, txnId);
    await pay(sessionIdOf(s), 'pay');
    const [hook] = await storedWebhooks(sessionIdOf(s));
    expectCode(await deliver(hook!.body, signSandboxBody('another-secret-entirely', hook!.body)), 194, 401);
    expectCode(
      await deliver(
        hook!.body.replace('"amount":', '"amount": '),
        signSandboxBody(SANDBOX_DEV_SECRET, hook!.body),
      ),
      194,
      401,
    );
    expectCode(await deliver(hook!.body, 'sha256=00'), 194, 401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: GATEWAY_PATHS.webhook('sandbox'),
      headers: { 'content-type': 'application/json' },
      payload: hook!.body,
    });
    expectCode(unsigned, 194, 401);
    for (const provider of ['nobody', 'sandbox-sdk']) {
      const other = await t.app.inject({
        method: 'POST',
        url: GATEWAY_PATHS.webhook(provider),
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(SANDBOX_DEV_SECRET, hook!.body),
        },
        payload: hook!.body,
      });
      expectCode(other, 101, 404);
    }
    expect((await order(s.orderId)).status).toBe('pending');
    expect(
      await rows(
        sql`select event_id from payment_webhook_events where event_id = ${(JSON.parse(hook!.body) as SandboxWebhook).id}`,
      ),
    ).toHaveLength(0);
    expect(await auditCount(s.orderId)).toBe(2);
  });

  it('a crash between the gateway success and our write: the reconciliation job finds it', async () => {
    const { h, txnId } = await readyToPay();
    const s = await started(h, txnId);
    await pay(sessionIdOf(s), 'pay');
    // The webhook is lost and the candidate never comes back.
    await t.db.orm.execute(sql`delete from sandbox_gateway_webhooks where delivered_at is null`);
    expect(await t.app.paymentJobs.reconcileOnce()).toBe(0); // not stale yet
    t.clock.advance(61);
    // Two instances' passes at once: SKIP LOCKED claims give the order to one of them.
    const passes = await Promise.all([t.app.paymentJobs.reconcileOnce(), t.app.paymentJobs.reconcileOnce()]);
    expect(passes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await order(s.orderId)).status).toBe('success');
    expect(await auditCount(s.orderId)).toBe(3);
    expect((await txnState(h, txnId)).state).toBe('SUBMITTED');
    const trail = await rows<{ actor: string; to_status: string }>(
      sql`select actor, to_status from payment_audit where entity_id = ${s.orderId} order by id`,
    );
    expect(trail.at(-1)).toEqual({ actor: 'reconcile', to_status: 'success' });
  });

  it('refunds through the ops route (admin only), within what is left; out-of-order events change nothing twice', async () => {
    const { h, txnId } = await readyToPay();
    const s = await started(h, txnId);
    await pay(sessionIdOf(s), 'pay');
    const [paymentHook] = await storedWebhooks(sessionIdOf(s));
    // The webhook is slow: the candidate's poll finds the success first.
    expectCode(
      await send('GET', v1(`${P.status}?orgId=${ORG}&txnId=${txnId}&orderId=${s.orderId}`), undefined, h),
      0,
      200,
    );
    expect((await order(s.orderId)).status).toBe('success');

    const admin = bearer((await signIn(ADMIN)).accessToken);
    const verifier = bearer((await signIn(VERIFIER)).accessToken);
    const refundUrl = OPS_API_PATHS.refunds(s.orderId);
    const key = newKey();
    expectCode(
      await send(
        'POST',
        refundUrl,
        { amount: 50_000, reason: 'Duplicate' },
        { ...verifier, 'idempotency-key': key },
      ),
      103,
      403,
    );
    expectCode(
      await send(
        'POST',
        refundUrl,
        { amount: 50_000, reason: 'Duplicate' },
        { ...h, 'idempotency-key': key },
      ),
      102,
      401,
    );
    expectCode(
      await send(
        'POST',
        refundUrl,
        { amount: 176_883, reason: 'Too much' },
        { ...admin, 'idempotency-key': newKey() },
      ),
      196,
      400,
    );
    const refund = expectCode<{ _id: string; status: string; amount: number }>(
      await send(
        'POST',
        refundUrl,
        { amount: 50_000, reason: 'Degree checked twice' },
        { ...admin, 'idempotency-key': key },
      ),
      0,
      200,
    );
    expect(refund).toMatchObject({ status: 'pending', amount: 50_000 });
    const again = expectCode<{ _id: string }>(
      await send(
        'POST',
        refundUrl,
        { amount: 50_000, reason: 'Degree checked twice' },
        { ...admin, 'idempotency-key': key },
      ),
      0,
      200,
    );
    expect(again._id).toBe(refund._id);
    // Left: 176_882 − 50_000 = 126_882.
    expectCode(
      await send(
        'POST',
        refundUrl,
        { amount: 126_883, reason: 'Rest' },
        { ...admin, 'idempotency-key': newKey() },
      ),
      196,
      400,
    );
    const opsAudit = await rows(
      sql`select id from ops_audit where action = 'refund.create' and target_id = ${s.orderId}`,
    );
    expect(opsAudit).toHaveLength(1);

    // Out of order: refund.processed arrives, then the late payment.succeeded, then a forged failure.
    const refundHook = (await storedWebhooks(sessionIdOf(s))).find((w) =>
      w.body.includes('refund.processed'),
    )!;
    const orderAudit = await auditCount(s.orderId);
    expectCode(await deliver(refundHook.body), 0, 200);
    expectCode(await deliver(paymentHook!.body), 0, 200);
    const failed = JSON.stringify({
      ...(JSON.parse(paymentHook!.body) as SandboxWebhook),
      id: 'evt_failed_after',
      type: 'payment.failed',
    });
    expectCode(await deliver(failed), 0, 200);
    expect(await auditCount(s.orderId)).toBe(orderAudit);
    expect((await order(s.orderId)).status).toBe('success');
    expect(await auditCount(refund._id)).toBe(2); // pending, processed
    const history = paymentHistoryResponseSchema.parse(
      expectCode(await send('GET', v1(`${P.history}?txnId=${txnId}`), undefined, h), 0, 200),
    );
    expect(history.list[0]!.refundDetails).toMatchObject([
      { _id: refund._id, status: 'processed', amount: 50_000, reason: 'Degree checked twice' },
    ]);
  });

  it('a pending refund the webhook never confirmed is settled by reconciliation', async () => {
    const { h, txnId } = await readyToPay();
    const s = await started(h, txnId);
    await pay(sessionIdOf(s), 'pay');
    while (await t.app.paymentJobs.deliverSandboxWebhookOnce()); // this one and earlier tests' left ones
    expect((await order(s.orderId)).status).toBe('success');
    const admin = bearer((await signIn(ADMIN)).accessToken);
    const refund = expectCode<{ _id: string }>(
      await send(
        'POST',
        OPS_API_PATHS.refunds(s.orderId),
        { amount: 176_882, reason: 'Cancelled by the candidate' },
        { ...admin, 'idempotency-key': newKey() },
      ),
      0,
      200,
    );
    await t.db.orm.execute(sql`delete from sandbox_gateway_webhooks where delivered_at is null`);
    t.clock.advance(61);
    await t.app.paymentJobs.reconcileOnce();
    const [row] = await rows<{ status: string }>(
      sql`select status from payment_refunds where id = ${refund._id}`,
    );
    expect(row!.status).toBe('processed');
  });
});
