import { randomUUID } from 'node:crypto';
import {
  API_PATHS,
  GATEWAY_PATHS,
  OPS_API_PATHS,
  adminFormUpdateSchema,
  type AdminForm,
  ORG_API_PATHS,
  SERVICE_BASES,
  formPaymentConfigSchema,
  transactionInfoSchema,
  usageOf,
  type InvoiceContent,
  type SandboxWebhook,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEV_SECRET } from '../../config.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from '../../providers/payments/sandbox.js';
import {
  bearer,
  createTestApp,
  createTestClock,
  expectCode,
  signUp,
  staffSignIn,
  type TestApp,
} from '../../test/test-app.js';
import { orgSession } from '../../test/org-session.js';
import { uploadDocument } from '../../test/uploads.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';
import type { OrgPrincipal } from '../org-auth/org-guard.js';
import { createOrgBillingRepository } from './org-billing-repository.js';
import type { OrgBillingService } from './org-billing-service.js';
import { consentTo } from '../../test/consent.js';

const v1 = (path: string) => `${SERVICE_BASES.payment}${path}`;
const V = API_PATHS.verification;
const ORG = 'demo-university';
const OTHER = 'billing-test-other-org';
const FORM = 'demo-paid-form';
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
type Headers = Record<string, string>;

const DEGREE = {
  institute: 'indian-institute-of-technology-bombay',
  degreeName: 'B.Tech in Computer Science',
  passingYear: '2020',
  instituteId: 'R-2016-0042',
  degreeStatus: 'DEGREE_AND_MARKSHEET',
};
const PROFILE = {
  legalName: 'Demo University Trust',
  gstin: '27AAATD1234E1Z2',
  address: '1 Campus Road, Pune 411001',
  stateCode: '27',
  billingEmail: 'accounts@demo-university.example',
};

const owner = (orgId: string): OrgPrincipal => ({
  userId: randomUUID(),
  orgId,
  role: 'owner',
  email: `owner@${orgId}.example`,
  name: 'Owner',
  sessionId: randomUUID(),
});

describe('org-billing: organisation-paid forms, credits, monthly invoices', () => {
  let t: TestApp;
  let billing: OrgBillingService;
  // A month's start in IST, so the invoice job's "previous month" is known: 2030-01-15 10:00 UTC.
  const clock = createTestClock();
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { OCR_WORKER: 'off', PAYMENT_JOBS: 'off' } });
    billing = t.app.orgBillingJobs.billing;
    await t.db.orm.execute(
      sql`insert into organisations (id, name) values (${OTHER}, 'Other Org') on conflict do nothing`,
    );
    // The seeded paid form becomes the organisation's to pay.
    await t.db.orm.execute(sql`update ekyc_forms set payer = 'organisation' where id = ${FORM}`);
  });
  afterAll(() => t?.close());

  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await t.db.orm.execute(query)) as { rows: unknown[] }).rows as T[];
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers?: Headers) =>
    t.request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });
  const ledger = (orgId: string) =>
    rows<{ kind: string; amount: string; balance_after: string; transaction_id: string | null }>(
      sql`select kind, amount::text, balance_after::text, transaction_id from org_credit_ledger
          where org_id = ${orgId} order by at, id`,
    );
  const balance = async (orgId: string) =>
    Number(
      (
        await rows<{ b: string }>(
          sql`select balance::text as b from org_billing_accounts where org_id = ${orgId}`,
        )
      )[0]?.b ?? 0,
    );

  /** A candidate on the organisation-paid form with the degree done and the rest skipped. */
  async function readyToSubmit() {
    const h = bearer((await signUp(t)).accessToken);
    const { transactionId: txnId } = expectCode<{ transactionId: string }>(
      await send('POST', v1(V.transactions), { orgId: ORG, eKycFormId: FORM }, h),
      0,
      200,
    );
    await consentTo(t, h, { orgId: ORG, txnId });
    expectCode(await send('POST', v1(V.process), { orgId: ORG, txnId }, h), 0, 200);
    const data = { ...DEGREE, marksheet: { fileId: (await uploadDocument(t, h)).fileId } };
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
  const info = async (h: Headers, txnId: string) =>
    transactionInfoSchema.parse(
      expectCode(await send('GET', v1(`${V.info}?orgId=${ORG}&txnId=${txnId}`), undefined, h), 0, 200),
    );
  const submit = (h: Headers, txnId: string) => send('POST', v1(V.submit), { orgId: ORG, txnId }, h);

  /** What one degree costs the organisation, by the pricing rules (INR, no fast-track). */
  async function expectedUsage() {
    const [form] = await rows<{ payment_config: unknown }>(
      sql`select payment_config from ekyc_forms where id = ${FORM}`,
    );
    const config = formPaymentConfigSchema.parse(form!.payment_config);
    return usageOf(config, [
      {
        key: 'bgv-degree',
        verificationName: 'bgv-degree',
        label: 'bgv-degree',
        instituteId: DEGREE.institute,
      },
    ]);
  }

  const pay = (sessionId: string, outcome: 'pay' | 'fail' | 'cancel') =>
    t.app.inject({
      method: 'POST',
      url: GATEWAY_PATHS.sandboxCheckoutActionRoute.replace(':sessionId', sessionId),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
  const webhooksOf = async (sessionId: string) =>
    (
      await rows<{ body: string }>(sql`select body from sandbox_gateway_webhooks order by created_at, id`)
    ).filter((w) => (JSON.parse(w.body) as SandboxWebhook).orderId === sessionId);
  const deliver = (rawBody: string) =>
    t.app.inject({
      method: 'POST',
      url: GATEWAY_PATHS.webhook('sandbox'),
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(SANDBOX_DEV_SECRET, rawBody),
      },
      payload: rawBody,
    });

  it('shows the candidate no payment step, and refuses the submit when prepaid credits do not cover it (320)', async () => {
    const { h, txnId } = await readyToSubmit();
    const before = await info(h, txnId);
    expect([before.paymentRequired, before.userPaymentRequired]).toEqual([false, false]);
    expectCode(
      await send(
        'POST',
        v1(API_PATHS.payments.init),
        { orgId: ORG, txnId, region: 'IN', express: false },
        { ...h, 'idempotency-key': 'billing-test-key-1' },
      ),
      191,
      400,
    );

    expectCode(await submit(h, txnId), 320, 402);
    // Nothing changed: not submitted, no usage, no balance.
    expect((await info(h, txnId)).state).toBe('DATA_SAVED');
    expect(await ledger(ORG)).toEqual([]);
    expect(await balance(ORG)).toBe(0);
  });

  it('buys credits through the sandbox checkout; the webhook and its replay add one purchase', async () => {
    const user = owner(ORG);
    await expect(billing.createCreditOrder(user, 10_000_00)).rejects.toMatchObject({
      errorName: 'ORG_BILLING_PROFILE_MISSING',
    });
    await billing.saveProfile(ORG, PROFILE);

    // A cancelled order changes nothing.
    const cancelled = await billing.createCreditOrder(user, 5_000_00);
    await pay(cancelled.checkoutUrl!.split('/').pop()!, 'cancel');
    expect((await billing.creditOrder(ORG, cancelled.id)).status).toBe('cancelled');

    const order = await billing.createCreditOrder(user, 10_000_00);
    // ₹10,000 + 18% GST = ₹11,800 charged.
    expect(order).toMatchObject({ amount: 10_000_00, total: 11_800_00, status: 'created' });
    expect(order.checkoutUrl).toMatch(/^http.*\/sandbox/);
    const sessionId = order.checkoutUrl!.split('/').pop()!;
    // After a reload the page lists the orders: the pending one keeps its checkout, the cancelled shows so.
    // (The test clock stands still: both orders have the same time, so their order is not checked.)
    const pending = await billing.creditOrders(ORG);
    expect(pending).toHaveLength(2);
    expect(pending.map((o) => [o.id, o.status, o.checkoutUrl])).toEqual(
      expect.arrayContaining([
        [order.id, 'created', order.checkoutUrl],
        [cancelled.id, 'cancelled', null],
      ]),
    );
    expect((await billing.creditOrder(ORG, order.id)).checkoutUrl).toBe(order.checkoutUrl);
    expect((await pay(sessionId, 'pay')).statusCode).toBeLessThan(400);
    const [hook] = await webhooksOf(sessionId);
    expect(hook).toBeDefined();
    expectCode(await deliver(hook!.body), 0, 200);
    expectCode(await deliver(hook!.body), 0, 200);
    expect((await billing.creditOrder(ORG, order.id)).status).toBe('paid');
    expect((await billing.creditOrder(ORG, order.id)).paidAt).not.toBeNull();
    // Paid: listed as paid, with no checkout to go back to.
    expect((await billing.creditOrders(ORG)).find((o) => o.id === order.id)).toMatchObject({
      status: 'paid',
      checkoutUrl: null,
    });
    expect(await billing.creditOrders(OTHER)).toEqual([]);
    expect(await ledger(ORG)).toEqual([
      { kind: 'purchase', amount: '1180000', balance_after: '1180000', transaction_id: null },
    ]);
    expect(await balance(ORG)).toBe(11_800_00);

    // Another organisation's order is unknown to it (323), as is an id that is no order.
    await expect(billing.creditOrder(OTHER, order.id)).rejects.toMatchObject({
      errorName: 'CREDIT_ORDER_NOT_FOUND',
    });
    await expect(billing.creditOrder(ORG, 'not-an-id')).rejects.toMatchObject({
      errorName: 'CREDIT_ORDER_NOT_FOUND',
    });
  });

  let chargedTxn = '';
  it('charges a submission once, in its database transaction, priced by the pricing rules', async () => {
    const usage = await expectedUsage();
    expect(usage.total).toBeGreaterThan(0);
    const { h, txnId } = await readyToSubmit();
    chargedTxn = txnId;
    clock.advance(60);
    expectCode(await submit(h, txnId), 0, 200);
    expect((await info(h, txnId)).state).toBe('SUBMITTED');
    // A retried submit: the same answer, no second charge.
    expectCode(await submit(h, txnId), 0, 200);
    const rowsNow = await ledger(ORG);
    expect(rowsNow).toHaveLength(2);
    expect(rowsNow[1]).toEqual({
      kind: 'usage',
      amount: String(-usage.total),
      balance_after: String(11_800_00 - usage.total),
      transaction_id: txnId,
    });
    const overview = await billing.overview(ORG);
    expect(overview).toMatchObject({
      mode: 'prepaid',
      balance: 11_800_00 - usage.total,
      monthUsage: usage.taxable,
      profile: PROFILE,
    });
    expect(overview.ledger.map((e) => e.kind)).toEqual(['usage', 'purchase']);
  });

  it("the admin's form shows and keeps who pays; an organisation-paid form needs its prices", async () => {
    const admin = await staffSignIn(t, ADMIN);
    const form = expectCode<AdminForm>(
      await send('GET', OPS_API_PATHS.adminForm(FORM), undefined, admin),
      0,
      200,
    );
    expect(form.payer).toBe('organisation');
    const { id: _id, orgId: _org, isExpired: _e, createdAt: _c, hasTransactions: _h, ...fields } = form;
    const body = { ...fields };
    const parsed = adminFormUpdateSchema.safeParse({
      ...body,
      paymentRequired: false,
      expressAllowed: false,
      paymentConfig: null,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(
      'An organisation-paid form needs its prices',
    );
    expect(adminFormUpdateSchema.safeParse({ ...body, payer: 'candidate' }).data?.payer).toBe('candidate');
  });

  it('the platform admin sets arrears: usage is then recorded without a balance check', async () => {
    const admin = await staffSignIn(t, ADMIN);
    expectCode(await send('GET', ORG_API_PATHS.opsOrgBilling('no-such-org'), undefined, admin), 120, 404);
    expectCode(await send('PUT', ORG_API_PATHS.opsOrgBilling(ORG), { mode: 'later' }, admin), 100, 400);
    expect(
      expectCode(await send('PUT', ORG_API_PATHS.opsOrgBilling(ORG), { mode: 'arrears' }, admin), 0, 200),
    ).toMatchObject({ mode: 'arrears' });
    expect(
      expectCode(await send('GET', ORG_API_PATHS.opsOrgBilling(ORG), undefined, admin), 0, 200),
    ).toMatchObject({ mode: 'arrears' });
    // Not a platform admin's route for anyone else.
    expect((await send('GET', ORG_API_PATHS.opsOrgBilling(ORG))).statusCode).toBe(401);

    const usage = await expectedUsage();
    const start = await balance(ORG);
    // Spend below zero: two more submissions beyond what is left would be refused in prepaid.
    await t.db.orm.execute(sql`update org_billing_accounts set balance = 0 where org_id = ${ORG}`);
    const { h, txnId } = await readyToSubmit();
    expectCode(await submit(h, txnId), 0, 200);
    expect(await balance(ORG)).toBe(-usage.total);
    expect(start).toBeGreaterThan(0);
    await t.db.orm.execute(
      sql`update org_billing_accounts set mode = 'prepaid', balance = ${start} where org_id = ${ORG}`,
    );
  });

  it('issues one invoice per organisation once the month has ended, numbered in the FY series', async () => {
    // Another organisation's usage this month (in another state: IGST), through the same charge.
    const repo = createOrgBillingRepository(t.db.orm);
    const [form] = await rows<{ payment_config: unknown; name: string }>(
      sql`select payment_config, name from ekyc_forms where id = ${FORM}`,
    );
    await repo
      .transaction((scope) =>
        billing.usageCharge.chargeSubmission(scope, {
          txn: { id: randomUUID(), orgId: OTHER } as never,
          form: {
            id: FORM,
            name: form!.name,
            payer: 'organisation',
            paymentConfig: form!.payment_config,
          } as never,
          records: [
            {
              name: 'bgv-degree',
              state: 'SUBMITTED',
              markedAsSkip: false,
              data: { institute: DEGREE.institute },
            },
          ] as never,
          at: clock.now(),
        }),
      )
      .catch((e: unknown) => expect(e).toMatchObject({ errorName: 'ORG_CREDITS_EXHAUSTED' }));
    await billing.setMode(OTHER, 'arrears');
    await repo.transaction((scope) =>
      billing.usageCharge.chargeSubmission(scope, {
        txn: { id: randomUUID(), orgId: OTHER } as never,
        form: {
          id: FORM,
          name: form!.name,
          payer: 'organisation',
          paymentConfig: form!.payment_config,
        } as never,
        records: [
          {
            name: 'bgv-degree',
            state: 'SUBMITTED',
            markedAsSkip: false,
            data: { institute: DEGREE.institute },
          },
        ] as never,
        at: clock.now(),
      }),
    );

    // January has not ended: nothing (the previous month had no usage).
    expect(await t.app.orgBillingJobs.issueInvoicesOnce()).toBe(0);
    // 2030-01-31 18:30 UTC is 1 February in IST.
    clock.advance((new Date('2030-01-31T18:30:00.000Z').getTime() - clock.now().getTime()) / 1000);
    const [first, second] = await Promise.all([
      t.app.orgBillingJobs.issueInvoicesOnce(),
      t.app.orgBillingJobs.issueInvoicesOnce(),
    ]);
    expect(first + second).toBe(2);
    expect(await t.app.orgBillingJobs.issueInvoicesOnce()).toBe(0);

    const usage = await expectedUsage();
    const mine = (await billing.invoices(ORG)).list;
    const theirs = (await billing.invoices(OTHER)).list;
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    // Consecutive in organisation id order (billing-test-… before demo-…); January 2030 is in FY 2029-30.
    expect([theirs[0]!.number, mine[0]!.number]).toEqual(['VD/2029-30/00001', 'VD/2029-30/00002']);
    expect(mine[0]).toMatchObject({ period: '2030-01', taxable: 2 * usage.taxable });
    // Supplier in Karnataka (29, the dev default), recipient in Maharashtra (27): IGST at 18%.
    const tax = Math.floor((2 * usage.taxable * 18 + 50) / 100);
    expect(mine[0]).toMatchObject({ cgst: 0, sgst: 0, igst: tax, total: 2 * usage.taxable + tax });
    expect(mine[0]!.lines).toEqual([
      { description: `${form!.name}: bgv-degree`, sac: '998521', quantity: 2, amount: 2 * usage.taxable },
    ]);
    // No profile: the organisation's name in the supplier's state, CGST and SGST.
    expect(theirs[0]).toMatchObject({ igst: 0, taxable: usage.taxable });
    expect(theirs[0]!.cgst + theirs[0]!.sgst).toBe(Math.floor((usage.taxable * 18 + 50) / 100));

    const [content] = await rows<{ content: InvoiceContent }>(
      sql`select content from org_invoices where id = ${mine[0]!.id}`,
    );
    expect(content!.content).toMatchObject({
      supplier: { gstin: '29AAACV0000D1Z5', stateCode: '29' },
      recipient: { legalName: PROFILE.legalName, gstin: PROFILE.gstin, stateCode: '27' },
      placeOfSupply: '27',
      sac: '998521',
      settlement: 'Settled from prepaid credits',
    });
    const [otherContent] = await rows<{ content: InvoiceContent }>(
      sql`select content from org_invoices where id = ${theirs[0]!.id}`,
    );
    expect(otherContent!.content.settlement).toBe('Amount payable');

    // The PDF parses, one page, titled with its number; another organisation's invoice is 322.
    const pdf = await billing.invoicePdf(ORG, mine[0]!.id);
    expect(pdf.name).toBe('invoice-VD-2029-30-00002.pdf');
    const doc = await PDFDocument.load(pdf.body);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Tax invoice VD/2029-30/00002');
    await expect(billing.invoicePdf(OTHER, mine[0]!.id)).rejects.toMatchObject({
      errorName: 'INVOICE_NOT_FOUND',
    });
    await expect(billing.invoicePdf(ORG, 'x')).rejects.toMatchObject({ errorName: 'INVOICE_NOT_FOUND' });
    expect(chargedTxn).not.toBe('');
  });

  it("answers the portal routes by role, for the caller's organisation only", async () => {
    const [ownerA, managerA, viewerA, ownerB] = await Promise.all([
      orgSession(t, { orgId: ORG, role: 'owner' }),
      orgSession(t, { orgId: ORG, role: 'manager' }),
      orgSession(t, { orgId: ORG, role: 'viewer' }),
      orgSession(t, { orgId: OTHER, role: 'owner' }),
    ]);
    const B = ORG_API_PATHS;
    // No token: 302; a viewer reaches nothing (303).
    expectCode(await send('GET', B.billing), 302, 401);
    for (const [method, url, payload] of [
      ['GET', B.billing, undefined],
      ['GET', B.invoices, undefined],
      ['PUT', B.billingProfile, PROFILE],
      ['POST', B.creditOrders, { amount: 1_000_00 }],
    ] as const)
      expectCode(await send(method, url, payload, viewerA.headers), 303, 403);

    // A manager reads, does not write.
    const seen = expectCode<{ mode: string; balance: number; profile: unknown }>(
      await send('GET', B.billing, undefined, managerA.headers),
      0,
      200,
    );
    expect(seen).toMatchObject({ mode: 'prepaid', profile: PROFILE });
    expectCode(await send('PUT', B.billingProfile, PROFILE, managerA.headers), 303, 403);
    expectCode(await send('POST', B.creditOrders, { amount: 1_000_00 }, managerA.headers), 303, 403);

    // The owner writes; a bad GSTIN or amount is 100.
    expectCode(await send('PUT', B.billingProfile, { ...PROFILE, gstin: 'nope' }, ownerA.headers), 100, 400);
    expectCode(await send('POST', B.creditOrders, { amount: 99 }, ownerA.headers), 100, 400);
    expect(
      expectCode(
        await send('PUT', B.billingProfile, { ...PROFILE, legalName: 'Demo University' }, ownerA.headers),
        0,
        200,
      ),
    ).toMatchObject({ legalName: 'Demo University' });
    const order = expectCode<{ id: string; total: number; checkoutUrl: string }>(
      await send('POST', B.creditOrders, { amount: 2_000_00 }, ownerA.headers),
      0,
      200,
    );
    expect(order.total).toBe(2_360_00);
    expect(
      expectCode(await send('GET', B.creditOrder(order.id), undefined, managerA.headers), 0, 200),
    ).toMatchObject({
      status: 'created',
    });
    // Organisation B: no profile yet (321); A's order and invoice do not exist for it (323, 322).
    expectCode(await send('POST', B.creditOrders, { amount: 1_000_00 }, ownerB.headers), 321, 409);
    expectCode(await send('GET', B.creditOrder(order.id), undefined, ownerB.headers), 323, 404);
    // The list: the owner's pending order with its checkout; a manager cannot pay (303); B sees none of A's.
    const listed = expectCode<{ list: { id: string; checkoutUrl: string | null }[] }>(
      await send('GET', B.creditOrders, undefined, ownerA.headers),
      0,
      200,
    );
    expect(listed.list.find((o) => o.id === order.id)?.checkoutUrl).toBe(order.checkoutUrl);
    expectCode(await send('GET', B.creditOrders, undefined, managerA.headers), 303, 403);
    expect(
      expectCode<{ list: { id: string }[] }>(
        await send('GET', B.creditOrders, undefined, ownerB.headers),
        0,
        200,
      ).list,
    ).toEqual([]);
    const invoicesA = expectCode<{ list: { id: string; number: string }[] }>(
      await send('GET', B.invoices, undefined, managerA.headers),
      0,
      200,
    ).list;
    const invoicesB = expectCode<{ list: { id: string; number: string }[] }>(
      await send('GET', B.invoices, undefined, ownerB.headers),
      0,
      200,
    ).list;
    expect(invoicesA.map((i) => i.number)).toEqual(['VD/2029-30/00002']);
    expect(invoicesB.map((i) => i.number)).toEqual(['VD/2029-30/00001']);
    expectCode(await send('GET', B.invoicePdf(invoicesA[0]!.id), undefined, ownerB.headers), 322, 404);
    const pdf = await send('GET', B.invoicePdf(invoicesA[0]!.id), undefined, managerA.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(1);
    // B's own view: arrears, its usage in the ledger, no profile.
    expect(expectCode(await send('GET', B.billing, undefined, ownerB.headers), 0, 200)).toMatchObject({
      mode: 'arrears',
      profile: null,
    });
  });

  it("the dev tools issue a month in progress now (POST /api/dev/org-invoices): once, that month's usage", async () => {
    // February 2030 in IST (the clock moved there above): a submission charged now.
    const usage = await expectedUsage();
    const { h, txnId } = await readyToSubmit();
    expectCode(await submit(h, txnId), 0, 200);
    // The job's own run leaves a month in progress alone.
    expect(await t.app.orgBillingJobs.issueInvoicesOnce()).toBe(0);
    expectCode(await send('POST', API_PATHS.devOrgInvoices, { period: '2030-13' }), 100, 400);
    expect(expectCode(await send('POST', API_PATHS.devOrgInvoices, {}), 0, 200)).toEqual({
      period: '2030-02',
      issued: 1,
    });
    // Again (no body, as a bare curl): nothing more.
    expect(expectCode(await send('POST', API_PATHS.devOrgInvoices), 0, 200)).toMatchObject({ issued: 0 });
    const february = (await billing.invoices(ORG)).list.find((i) => i.period === '2030-02');
    expect(february).toMatchObject({ number: 'VD/2029-30/00003', taxable: usage.taxable });
  });
});
