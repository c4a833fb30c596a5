import {
  API_PATHS,
  INTEGRATION_API_PATHS,
  OPS_API_PATHS,
  SERVICE_BASES,
  opsSessionSchema,
  type AdminForm,
  type AdminFormCreate,
  type AdminOrg,
  type AdminOrgList,
  type AdminOrderList,
  type AdminStaff,
  type AdminStaffPasswordResult,
  type ApiKeyCreated,
  type OpsSession,
  type PreStartQuestion,
  type TransactionInfo,
} from '@veridocs/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectCode, outbox, signUp, type TestApp } from '../../test/test-app.js';
import { DEV_STAFF } from '../ops-auth/dev-staff.js';

const O = OPS_API_PATHS;
const P = API_PATHS.verification;
const v1 = (path: string) => `${SERVICE_BASES.verificationV1}${path}`;
const ADMIN = DEV_STAFF.find((s) => s.role === 'admin')!;
const VERIFIER = DEV_STAFF.find((s) => s.role === 'verifier')!;
type Headers = Record<string, string>;

/** A multipart body with one file in the field `field`. */
function multipart(bytes: Buffer, name: string, type: string, field = 'file') {
  const boundary = '----veridocs-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: '#1e4fa3' } })
    .png()
    .toBuffer();

/** A paid form with two verifications, a price for each, fast-track and one question. */
const paidForm = (over: Partial<AdminFormCreate> = {}): AdminFormCreate => ({
  name: 'Graduate hiring 2027',
  expiry: -1,
  expectedWorkingDays: 10,
  evaluationPartnerRequired: false,
  verifications: [
    { name: 'bgv-degree', skipAllowed: false, marksheetRequired: false, subType: null },
    { name: 'passport', skipAllowed: true, marksheetRequired: false, subType: null },
  ],
  paymentRequired: true,
  expressAllowed: true,
  paymentConfig: {
    prices: [
      {
        verificationName: 'bgv-degree',
        INR: { mrp: 100_000, price: 90_000 },
        USD: { mrp: 3_000, price: 2_500 },
        additionalDiscountPercent: 10,
      },
      {
        verificationName: 'passport',
        INR: { mrp: 20_000, price: 20_000 },
        USD: { mrp: 1_000, price: 1_000 },
        additionalDiscountPercent: 0,
      },
    ],
    express: { INR: 500_000, USD: 6_000 },
    cartDiscount: null,
    gstPercent: 18,
    disclaimer: null,
  },
  questions: [
    {
      question: 'Purpose of verification',
      options: [
        { name: 'Employment', value: 'EMPLOYMENT' },
        { name: 'Other', value: 'OTHER' },
      ],
      required: true,
    },
  ],
  ...over,
});

describe('admin: organisations, forms and staff accounts (ADR 0029)', () => {
  let t: TestApp;
  let admin: Headers;
  let verifier: Headers;
  let candidate: Headers;
  let apiKey: Headers;

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers?: Headers) =>
    t.request({
      method,
      url,
      ...(body === undefined ? {} : { body: body as object }),
      ...(headers ? { headers } : {}),
    });
  const rows = async (query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> =>
    ((await t.db.orm.execute(query)) as { rows: Record<string, unknown>[] }).rows;
  const auditCount = async () => Number((await rows(sql`select count(*)::int as n from ops_audit`))[0]!.n);

  async function signIn(account: { email: string; password: string }): Promise<OpsSession> {
    const step = expectCode<{ challengeId: string }>(
      await send('POST', O.signIn, { email: account.email, password: account.password }),
      0,
      200,
    );
    const [mail] = await outbox(t, account.email);
    return opsSessionSchema.parse(
      expectCode(
        await send('POST', O.verifyCode, { challengeId: step.challengeId, code: mail!.otp }),
        0,
        200,
      ),
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_WORKER: 'off', WEBHOOK_JOBS: 'off', PAYMENT_JOBS: 'off' } });
    admin = bearer((await signIn(ADMIN)).accessToken);
    verifier = bearer((await signIn(VERIFIER)).accessToken);
    candidate = bearer((await signUp(t)).accessToken);
    const key = expectCode<ApiKeyCreated>(
      await send('POST', INTEGRATION_API_PATHS.apiKeys('demo-university'), { name: 'ATS' }, admin),
      0,
      200,
    );
    apiKey = bearer(key.key);
  });
  afterAll(() => t?.close());

  it('the role matrix of every admin route: only an admin passes', async () => {
    const staffId =
      DEV_STAFF.length > 0 ? (await rows(sql`select id from staff_accounts limit 1`))[0]!.id : '';
    const logo = multipart(await png(), 'logo.png', 'image/png');
    const routes: { name: string; call: (h: Headers) => ReturnType<typeof send> }[] = [
      { name: 'orgs', call: (h) => send('GET', O.adminOrgs, undefined, h) },
      { name: 'org create', call: (h) => send('POST', O.adminOrgs, { name: '' }, h) },
      { name: 'org update', call: (h) => send('PUT', O.adminOrg('demo-university'), { name: '' }, h) },
      {
        name: 'org logo',
        call: (h) =>
          t.app.inject({
            method: 'PUT',
            url: O.adminOrgLogo('no-such-org'),
            payload: logo.payload,
            headers: { ...logo.headers, ...h },
          }),
      },
      { name: 'forms', call: (h) => send('GET', O.adminOrgForms('demo-university'), undefined, h) },
      { name: 'form create', call: (h) => send('POST', O.adminOrgForms('demo-university'), {}, h) },
      { name: 'form', call: (h) => send('GET', O.adminForm('demo-form'), undefined, h) },
      { name: 'form update', call: (h) => send('PUT', O.adminForm('demo-form'), {}, h) },
      { name: 'verification types', call: (h) => send('GET', O.adminVerificationTypes, undefined, h) },
      { name: 'staff', call: (h) => send('GET', O.adminStaff, undefined, h) },
      {
        name: 'orders',
        call: (h) => send('GET', `${O.adminOrders}?txnId=${crypto.randomUUID()}`, undefined, h),
      },
      { name: 'staff create', call: (h) => send('POST', O.adminStaff, {}, h) },
      { name: 'staff role', call: (h) => send('PUT', O.adminStaffRole(String(staffId)), {}, h) },
      { name: 'staff disable', call: (h) => send('POST', O.adminStaffDisable('nope'), undefined, h) },
      { name: 'staff enable', call: (h) => send('POST', O.adminStaffEnable('nope'), undefined, h) },
      {
        name: 'staff password',
        call: (h) => send('POST', O.adminStaffPassword('nope'), { password: 'x' }, h),
      },
    ];
    const before = await auditCount();
    for (const route of routes) {
      expect((await route.call({})).json().code, `${route.name} without a token`).toBe(102);
      expect((await route.call(candidate)).json().code, `${route.name} with a candidate token`).toBe(102);
      expect((await route.call(apiKey)).json().code, `${route.name} with an API key`).toBe(102);
      expect((await route.call(verifier)).json().code, `${route.name} as verifier`).toBe(103);
      // The admin passes the guard: a read answers, a bad write is refused by its own rules.
      expect([0, 100, 120, 234], `${route.name} as admin`).toContain((await route.call(admin)).json().code);
    }
    // Nothing the refused calls sent was written; of the admin's reads, only the one of a candidate's
    // orders is audited (issue 23), the catalogue and staff reads are not.
    expect(await auditCount()).toBe(before + 1);
  });

  it('creates and updates organisations, audited; a bad one changes nothing', async () => {
    const created = expectCode<AdminOrg>(
      await send('POST', O.adminOrgs, { name: 'Acme Corp', partnerOrgId: 'veridocs' }, admin),
      0,
      200,
    );
    expect(created).toMatchObject({
      id: 'acme-corp',
      name: 'Acme Corp',
      partnerOrgId: 'veridocs',
      formCount: 0,
    });
    const audit = await rows(
      sql`select action, target_id, staff_id from ops_audit where target_id = 'acme-corp'`,
    );
    expect(audit.map((a) => a.action)).toEqual(['org.create']);
    // Another with the same name gets its own id; the same explicit id is refused.
    const twin = expectCode<AdminOrg>(await send('POST', O.adminOrgs, { name: 'Acme Corp' }, admin), 0, 200);
    expect(twin.id).toMatch(/^acme-corp-[0-9a-f]{6}$/);
    expectCode(await send('POST', O.adminOrgs, { id: 'acme-corp', name: 'X' }, admin), 230, 409);

    const before = await auditCount();
    const bad = expectCode<{ path: string }[]>(
      await send('PUT', O.adminOrg('acme-corp'), { name: 'Renamed', partnerOrgId: 'unknown-partner' }, admin),
      100,
      400,
    );
    expect(bad[0]!.path).toBe('partnerOrgId');
    expectCode(
      await send('PUT', O.adminOrg('acme-corp'), { name: '  ', partnerOrgId: null }, admin),
      100,
      400,
    );
    expect((await rows(sql`select name from organisations where id = 'acme-corp'`))[0]!.name).toBe(
      'Acme Corp',
    );
    expect(await auditCount()).toBe(before);

    const updated = expectCode<AdminOrg>(
      await send('PUT', O.adminOrg('acme-corp'), { name: 'Acme Corporation', partnerOrgId: null }, admin),
      0,
      200,
    );
    expect(updated).toMatchObject({ name: 'Acme Corporation', partnerOrgId: null });
    const list = expectCode<AdminOrgList>(await send('GET', O.adminOrgs, undefined, admin), 0, 200);
    expect(list.partnerOrgIds).toEqual(['veridocs']);
    expect(list.list.find((o) => o.id === 'demo-university')?.formCount).toBeGreaterThan(0);
    expectCode(
      await send('PUT', O.adminOrg('no-such-org'), { name: 'X', partnerOrgId: null }, admin),
      120,
      404,
    );
  });

  it('takes a PNG or JPEG logo by its bytes, serves it, and refuses SVG, fakes and big ones', async () => {
    const put = (bytes: Buffer, name: string, type: string) => {
      const body = multipart(bytes, name, type);
      return t.app.inject({
        method: 'PUT',
        url: O.adminOrgLogo('acme-corp'),
        payload: body.payload,
        headers: { ...body.headers, ...admin },
      });
    };
    const image = await png(120, 60);
    const org = expectCode<AdminOrg>(await put(image, 'logo.png', 'image/png'), 0, 200);
    expect(org.imageUrl).toMatch(/^\/api\/assets\/org-logos\/acme-corp\/[0-9a-f]{16}$/);
    const served = await t.app.inject({ method: 'GET', url: org.imageUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const second = expectCode<AdminOrg>(await put(jpeg, 'logo.jpg', 'image/jpeg'), 0, 200);
    expect(second.imageUrl).not.toBe(org.imageUrl);
    // The old URL is gone: a new logo is a new URL.
    expect((await t.app.inject({ method: 'GET', url: org.imageUrl! })).statusCode).toBe(404);

    const before = await auditCount();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectCode(await put(svg, 'logo.png', 'image/png'), 231, 400);
    expectCode(await put(Buffer.from('GIF89a not really'), 'logo.png', 'image/png'), 231, 400);
    expectCode(await put(await png(8, 8), 'tiny.png', 'image/png'), 231, 400);
    const big = Buffer.concat([await png(), Buffer.alloc(600 * 1024)]);
    expectCode(await put(big, 'big.png', 'image/png'), 232, 413);
    expect(await auditCount()).toBe(before);
    const audit = await rows(sql`select detail from ops_audit where action = 'org.logo' order by id`);
    expect(audit).toHaveLength(2);
  });

  it('creates a form the candidate can start; a bad one changes nothing', async () => {
    const before = await auditCount();
    const formsBefore = (await rows(sql`select count(*)::int as n from ekyc_forms`))[0]!.n;
    const unknown = expectCode<{ path: string }[]>(
      await send(
        'POST',
        O.adminOrgForms('acme-corp'),
        paidForm({
          verifications: [
            { name: 'bgv-unknown', skipAllowed: false, marksheetRequired: false, subType: null },
          ],
          paymentRequired: false,
          expressAllowed: false,
          paymentConfig: null,
        }),
        admin,
      ),
      100,
      400,
    );
    expect(unknown[0]!.path).toBe('verifications.0.name');
    const notAsked = expectCode<{ path: string }[]>(
      await send(
        'POST',
        O.adminOrgForms('acme-corp'),
        paidForm({
          verifications: [{ name: 'passport', skipAllowed: false, marksheetRequired: false, subType: null }],
        }),
        admin,
      ),
      100,
      400,
    );
    expect(notAsked.map((i) => i.path)).toContain('paymentConfig.prices.0.verificationName');
    expectCode(
      await send('POST', O.adminOrgForms('acme-corp'), paidForm({ paymentConfig: null }), admin),
      100,
      400,
    );
    expectCode(await send('POST', O.adminOrgForms('no-such-org'), paidForm(), admin), 120, 404);
    expect((await rows(sql`select count(*)::int as n from ekyc_forms`))[0]!.n).toBe(formsBefore);
    expect(await auditCount()).toBe(before);

    const form = expectCode<AdminForm>(
      await send('POST', O.adminOrgForms('acme-corp'), paidForm(), admin),
      0,
      200,
    );
    expect(form).toMatchObject({
      orgId: 'acme-corp',
      paymentRequired: true,
      expressAllowed: true,
      hasTransactions: false,
      expectedWorkingDays: 10,
    });
    expect(form.questions).toHaveLength(1);
    expect(form.paymentConfig?.express).toEqual({ INR: 500_000, USD: 6_000 });
    const audit = await rows(sql`select action from ops_audit where target_id = ${form.id}`);
    expect(audit.map((a) => a.action)).toEqual(['form.create']);

    // The candidate starts it: its verifications, the logo and the question.
    const txn = expectCode<{ transactionId: string }>(
      await send('POST', v1(P.transactions), { orgId: 'acme-corp', eKycFormId: form.id }, candidate),
      0,
      200,
    );
    const info = expectCode<TransactionInfo>(
      await send('GET', v1(`${P.info}?orgId=acme-corp&txnId=${txn.transactionId}`), undefined, candidate),
      0,
      200,
    );
    expect(info.org.imageUrl).toMatch(/^\/api\/assets\/org-logos\/acme-corp\//);
    expect(info.paymentRequired).toBe(true);
    expect(info.priceList.map((p) => p.verificationName)).toEqual(['bgv-degree', 'passport']);
  });

  it("a form's edit reaches new transactions only: started ones keep their verifications and answers", async () => {
    const form = expectCode<AdminForm>(
      await send(
        'POST',
        O.adminOrgForms('acme-corp'),
        paidForm({ name: 'Edit me', paymentRequired: false, expressAllowed: false, paymentConfig: null }),
        admin,
      ),
      0,
      200,
    );
    const started = expectCode<{ transactionId: string }>(
      await send('POST', v1(P.transactions), { orgId: 'acme-corp', eKycFormId: form.id }, candidate),
      0,
      200,
    );
    const question = form.questions[0]!;
    expectCode(
      await t.request({
        method: 'PATCH',
        url: v1(P.userResponse),
        body: {
          orgId: 'acme-corp',
          txnId: started.transactionId,
          data: [{ questionId: question.id, answer: 'OTHER' }],
        },
        headers: candidate,
      }),
      0,
      200,
    );
    // Warm the snapshot cache, which embeds the form.
    const infoOf = async (txnId: string, h: Headers) =>
      expectCode<TransactionInfo>(
        await send('GET', v1(`${P.info}?orgId=acme-corp&txnId=${txnId}`), undefined, h),
        0,
        200,
      );
    expect((await infoOf(started.transactionId, candidate)).form.name).toBe('Edit me');

    const { id: _id, ...rest } = { id: form.id, ...paidForm() };
    const updated = expectCode<AdminForm>(
      await send(
        'PUT',
        O.adminForm(form.id),
        {
          ...rest,
          name: 'Edited',
          paymentRequired: false,
          expressAllowed: false,
          paymentConfig: null,
          verifications: [{ name: 'bgv-tenth', skipAllowed: true, marksheetRequired: false, subType: null }],
          questions: [
            {
              question: 'How did you hear about us?',
              options: [
                { name: 'Employer', value: 'EMPLOYER' },
                { name: 'Friend', value: 'FRIEND' },
              ],
              required: false,
            },
          ],
        },
        admin,
      ),
      0,
      200,
    );
    expect(updated.hasTransactions).toBe(true);
    expect(updated.verifications.map((v) => v.name)).toEqual(['bgv-tenth']);
    expect(updated.questions.map((q) => q.question)).toEqual(['How did you hear about us?']);
    const audit = await rows(
      sql`select detail from ops_audit where action = 'form.update' and target_id = ${form.id}`,
    );
    expect(audit[0]!.detail).toMatchObject({ questionsRetired: 1 });
    expect((audit[0]!.detail as { changed: string[] }).changed).toEqual(
      expect.arrayContaining(['name', 'verifications']),
    );

    // The started transaction: its records and its answer stay; the new name shows (cache dropped).
    const startedInfo = await infoOf(started.transactionId, candidate);
    expect(startedInfo.form.name).toBe('Edited');
    const records = await rows(
      sql`select name from verification_records where txn_id = ${started.transactionId} order by position`,
    );
    expect(records.map((r) => r.name)).toEqual(['bgv-degree', 'passport']);
    const answers = await rows(
      sql`select answer from transaction_answers where txn_id = ${started.transactionId}`,
    );
    expect(answers.map((a) => a.answer)).toEqual(['OTHER']);

    // A new candidate gets the new verification and only the new question.
    const other = bearer((await signUp(t)).accessToken);
    const fresh = expectCode<{ transactionId: string }>(
      await send('POST', v1(P.transactions), { orgId: 'acme-corp', eKycFormId: form.id }, other),
      0,
      200,
    );
    const freshRecords = await rows(
      sql`select name from verification_records where txn_id = ${fresh.transactionId}`,
    );
    expect(freshRecords.map((r) => r.name)).toEqual(['bgv-tenth']);
    const questions = expectCode<{ list: PreStartQuestion[] }>(
      await send(
        'GET',
        v1(`${P.purposes}?formId=${form.id}&orgId=acme-corp&seed=0&count=10`),
        undefined,
        other,
      ),
      0,
      200,
    );
    expect(questions.list.map((q) => q.question)).toEqual(['How did you hear about us?']);

    // A question id of another form is refused, and nothing changes.
    const before = await auditCount();
    const foreign = expectCode<{ path: string }[]>(
      await send(
        'PUT',
        O.adminForm(form.id),
        {
          ...rest,
          paymentRequired: false,
          expressAllowed: false,
          paymentConfig: null,
          questions: [
            {
              id: 'demo-q-purpose',
              question: 'Q',
              options: [
                { name: 'A', value: 'A' },
                { name: 'B', value: 'B' },
              ],
            },
          ],
        },
        admin,
      ),
      100,
      400,
    );
    expect(foreign[0]!.path).toBe('questions.0.id');
    expect(await auditCount()).toBe(before);
    expectCode(await send('PUT', O.adminForm('no-such-form'), { ...rest }, admin), 119, 404);
  });

  it('an edit of a demo form survives the dev seed of the next start', async () => {
    const formId = 'demo-evaluation-form';
    const before = expectCode<AdminForm>(await send('GET', O.adminForm(formId), undefined, admin), 0, 200);
    const { id: _i, orgId: _o, isExpired: _e, createdAt: _c, hasTransactions: _h, ...fields } = before;
    const edited = {
      ...fields,
      name: 'Evaluation form, edited',
      verifications: fields.verifications.filter((v) => v.name !== 'passport'),
      paymentConfig: null,
      paymentRequired: false,
      expressAllowed: false,
    };
    expectCode(await send('PUT', O.adminForm(formId), edited, admin), 0, 200);

    const { seed } = await import('../../db/seed.js');
    await seed(t.db.orm, t.clock.now(), { demo: true });
    const after = expectCode<AdminForm>(await send('GET', O.adminForm(formId), undefined, admin), 0, 200);
    expect(after.name).toBe('Evaluation form, edited');
    expect(after.verifications.map((v) => v.name)).not.toContain('passport');
    expect(after.verifications).toHaveLength(before.verifications.length - 1);
    // The demo form's own questions, reworded by an admin, stay reworded.
    const demo = expectCode<AdminForm>(await send('GET', O.adminForm('demo-form'), undefined, admin), 0, 200);
    const { id: _di, orgId: _do, isExpired: _de, createdAt: _dc, hasTransactions: _dh, ...demoFields } = demo;
    const reworded = demoFields.questions.map((q, i) => (i === 0 ? { ...q, question: 'Why verify?' } : q));
    expectCode(
      await send('PUT', O.adminForm('demo-form'), { ...demoFields, questions: reworded }, admin),
      0,
      200,
    );
    await seed(t.db.orm, t.clock.now(), { demo: true });
    const demoAfter = expectCode<AdminForm>(
      await send('GET', O.adminForm('demo-form'), undefined, admin),
      0,
      200,
    );
    expect(demoAfter.questions[0]!.question).toBe('Why verify?');
    // A demo form nobody edited still follows the code.
    await t.db.orm.execute(sql`update ekyc_forms set verifications = '[]' where id = 'demo-profile-form'`);
    await seed(t.db.orm, t.clock.now(), { demo: true });
    const untouched = expectCode<AdminForm>(
      await send('GET', O.adminForm('demo-profile-form'), undefined, admin),
      0,
      200,
    );
    expect(untouched.verifications.length).toBeGreaterThan(0);
  });

  it('staff accounts: create (a generated password shown once), role, disable, enable, reset', async () => {
    const made = expectCode<AdminStaffPasswordResult>(
      await send(
        'POST',
        O.adminStaff,
        { email: 'New.Verifier@Example.com', name: 'Nia Verifier', role: 'verifier' },
        admin,
      ),
      0,
      200,
    );
    expect(made.staff).toMatchObject({
      email: 'new.verifier@example.com',
      role: 'verifier',
      disabledAt: null,
    });
    expect(made.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const stored = await rows(sql`select password_hash from staff_accounts where id = ${made.staff.id}`);
    expect(String(stored[0]!.password_hash)).toMatch(/^\$argon2id\$/);
    expectCode(
      await send(
        'POST',
        O.adminStaff,
        { email: 'new.verifier@example.com', name: 'Twin', role: 'admin' },
        admin,
      ),
      235,
      409,
    );
    expectCode(
      await send(
        'POST',
        O.adminStaff,
        { email: 'short@example.com', name: 'Short', role: 'admin', password: 'too-short' },
        admin,
      ),
      100,
      400,
    );
    const account = { email: 'new.verifier@example.com', password: made.password! };
    let h = bearer((await signIn(account)).accessToken);
    expectCode(await send('GET', O.me, undefined, h), 0, 200);
    expectCode(await send('GET', O.adminStaff, undefined, h), 103, 403);

    // Promoted: at once.
    expectCode<AdminStaff>(
      await send('PUT', O.adminStaffRole(made.staff.id), { role: 'admin' }, admin),
      0,
      200,
    );
    expectCode(await send('GET', O.adminStaff, undefined, h), 0, 200);
    // Disabled: the live session ends at once, sign-in is refused; enabled again, sign-in works.
    const disabled = expectCode<AdminStaff>(
      await send('POST', O.adminStaffDisable(made.staff.id), undefined, admin),
      0,
      200,
    );
    expect(disabled.disabledAt).not.toBeNull();
    expectCode(await send('GET', O.me, undefined, h), 102, 401);
    expectCode(await send('POST', O.signIn, account), 170, 401);
    expectCode(await send('POST', O.adminStaffEnable(made.staff.id), undefined, admin), 0, 200);
    h = bearer((await signIn(account)).accessToken);
    // A reset with a chosen password: the old one and the live session die.
    const reset = expectCode<AdminStaffPasswordResult>(
      await send('POST', O.adminStaffPassword(made.staff.id), { password: 'a-brand-new-password' }, admin),
      0,
      200,
    );
    expect(reset.password).toBeNull();
    expectCode(await send('GET', O.me, undefined, h), 102, 401);
    expectCode(await send('POST', O.signIn, account), 170, 401);
    await signIn({ email: account.email, password: 'a-brand-new-password' });

    const actions = await rows(
      sql`select action from ops_audit where target_type = 'staff' and target_id = ${made.staff.id} order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'staff.create',
      'staff.role',
      'staff.disable',
      'staff.enable',
      'staff.password-reset',
    ]);
    const list = expectCode<{ list: AdminStaff[] }>(
      await send('GET', O.adminStaff, undefined, admin),
      0,
      200,
    );
    expect(list.list.find((s) => s.id === made.staff.id)?.lastSignInAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain('argon2');
    expectCode(
      await send('POST', O.adminStaffDisable('7f1d7c1e-0000-4000-8000-000000000000'), undefined, admin),
      234,
      404,
    );

    // Back to a verifier, so the dev admin is the only admin again.
    expectCode(await send('PUT', O.adminStaffRole(made.staff.id), { role: 'verifier' }, admin), 0, 200);
  });

  it("finds an order or a transaction's orders with what is left to refund", async () => {
    const txn = expectCode<{ transactionId: string }>(
      await send(
        'POST',
        v1(P.transactions),
        { orgId: 'demo-university', eKycFormId: 'demo-paid-form' },
        candidate,
      ),
      0,
      200,
    );
    const [profile] = await rows(sql`select profile_id from transactions where id = ${txn.transactionId}`);
    const orderId = crypto.randomUUID();
    await t.db.orm.execute(sql`insert into payment_orders
      (id, txn_id, org_id, profile_id, region, currency, provider, express, quote, amount, status, idempotency_key)
      values (${orderId}, ${txn.transactionId}, 'demo-university', ${profile!.profile_id}, 'IN', 'INR', 'sandbox',
        false, '{}'::jsonb, 150000, 'success', ${`test-${orderId}`})`);
    const byTxn = expectCode<AdminOrderList>(
      await send('GET', `${O.adminOrders}?txnId=${txn.transactionId}`, undefined, admin),
      0,
      200,
    );
    expect(byTxn.list).toHaveLength(1);
    expect(byTxn.list[0]).toMatchObject({
      orderId,
      status: 'success',
      amount: 150000,
      refunded: 0,
      refundable: 150000,
    });
    expectCode(
      await t.request({
        method: 'POST',
        url: O.refunds(orderId),
        body: { amount: 50000, reason: 'Verification not started' },
        headers: { ...admin, 'idempotency-key': `refund-${orderId}` },
      }),
      0,
      200,
    );
    const byOrder = expectCode<AdminOrderList>(
      await send('GET', `${O.adminOrders}?orderId=${orderId}`, undefined, admin),
      0,
      200,
    );
    expect(byOrder.list[0]).toMatchObject({ refunded: 50000, refundable: 100000 });
    expect(byOrder.list[0]!.refunds).toHaveLength(1);
    expectCode(
      await send('GET', `${O.adminOrders}?orderId=${orderId}&txnId=${txn.transactionId}`, undefined, admin),
      100,
      400,
    );
    expectCode(await send('GET', `${O.adminOrders}?orderId=not-an-id`, undefined, admin), 100, 400);
  });

  it('documents every admin route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` })).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    const admin = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/ops/admin/'));
    expect(admin.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/api/ops/admin/orgs',
        '/api/ops/admin/orgs/{orgId}/logo',
        '/api/ops/admin/orgs/{orgId}/forms',
        '/api/ops/admin/forms/{formId}',
        '/api/ops/admin/staff/{staffId}/password',
      ]),
    );
    for (const [, methods] of admin)
      for (const operation of Object.values(methods)) {
        expect(operation.tags).toEqual(['ops-admin']);
        expect(operation.summary).toBeTruthy();
      }
  });

  it('the last enabled admin cannot be demoted or disabled, also by themself', async () => {
    const me = (await rows(sql`select id from staff_accounts where email = ${ADMIN.email}`))[0]!.id as string;
    const before = await auditCount();
    expectCode(await send('PUT', O.adminStaffRole(me), { role: 'verifier' }, admin), 233, 409);
    expectCode(await send('POST', O.adminStaffDisable(me), undefined, admin), 233, 409);
    expect(await auditCount()).toBe(before);
    expectCode(await send('GET', O.adminStaff, undefined, admin), 0, 200);

    // With a second admin, two demotions at once still leave one admin.
    const second = expectCode<AdminStaffPasswordResult>(
      await send(
        'POST',
        O.adminStaff,
        { email: 'second.admin@example.com', name: 'Second', role: 'admin' },
        admin,
      ),
      0,
      200,
    );
    const other = bearer(
      (await signIn({ email: 'second.admin@example.com', password: second.password! })).accessToken,
    );
    const [a, b] = await Promise.all([
      send('PUT', O.adminStaffRole(second.staff.id), { role: 'verifier' }, admin),
      send('PUT', O.adminStaffRole(me), { role: 'verifier' }, other),
    ]);
    const codes = [a.json().code, b.json().code].sort();
    expect(codes).toContain(0);
    const admins = await rows(
      sql`select id from staff_accounts where role = 'admin' and disabled_at is null`,
    );
    expect(admins.length).toBeGreaterThanOrEqual(1);
  });
});
