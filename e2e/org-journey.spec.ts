import {
  buildInvoice,
  formatMoney,
  usageOf,
  type FormPaymentConfig,
  type OrgBillingProfile,
} from '@veridocs/shared';
import {
  consentThroughApi,
  apiLogin,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  marksheetPdf,
  opsSignIn,
  test,
  uniqueMobile,
} from './fixtures';
import { acceptAndSignIn, downloaded, invitationLink, orgHeaders, pdfText } from './org-portal';

const V1 = '/api/verification/v1';
const CANDIDATE = { 'partner-org-id': 'veridocs' };
/** The dev server's supplier (config.ts defaults, ADR 0047). */
const SUPPLIER = {
  legalName: 'Veridocs Development Pvt Ltd',
  gstin: '29AAACV0000D1Z5',
  address: '1 Development Road, Bengaluru 560001',
  stateCode: '29',
};
/** One degree at ₹800 before GST: ₹944 of the ₹1,180 bought (₹1,000 + 18% GST). */
const PRICES: FormPaymentConfig = {
  prices: [
    {
      verificationName: 'bgv-degree',
      INR: { mrp: 1_000_00, price: 800_00 },
      USD: { mrp: 12_00, price: 10_00 },
      additionalDiscountPercent: 0,
    },
  ],
  express: null,
  cartDiscount: null,
  gstPercent: 18,
  disclaimer: null,
};
/** The organisation's billing profile: Karnataka, as the supplier, so CGST and SGST. */
const PROFILE: OrgBillingProfile = {
  legalName: 'Journey Institute Trust',
  gstin: '29AAATJ1234E1Z2',
  address: '12 Campus Road, Mysuru 570001',
  stateCode: '29',
  billingEmail: 'accounts@journey.example',
};
/** As the invoice PDF prints paise (invoice-pdf.ts): `INR 1,114.00`. */
const pdfInr = (paise: number) => {
  const whole = String(Math.trunc(paise / 100));
  const grouped = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `INR ${grouped ? `${grouped},` : ''}${whole.slice(-3)}.${String(paise % 100).padStart(2, '0')}`;
};
const inr = (paise: number) => formatMoney(paise, 'INR');

test.setTimeout(120_000);

test('an invited candidate finishes an organisation-paid form: the dashboard follows live, the report and the invoice download', async ({
  page,
  browser,
  request,
}) => {
  // A fresh organisation (so its invoice is its own) with an organisation-paid form of one degree.
  const suffix = Date.now().toString(36);
  const orgId = `journey-${suffix}`;
  const formId = `journey-form-${suffix}`;
  const formName = 'Degree check';
  const owner = `owner.${suffix}@journey.example`;
  const manager = `manager.${suffix}@journey.example`;
  const admin = await opsSignIn(request, 'admin');
  const made = async (path: string, data: object) => {
    const body = await (await request.post(path, { headers: admin, data })).json();
    expect(body.code, JSON.stringify(body)).toBe(0);
  };
  await made('/api/ops/admin/orgs', { id: orgId, name: `Journey Institute ${suffix}`, partnerOrgId: null });
  await made(`/api/ops/admin/orgs/${orgId}/forms`, {
    id: formId,
    name: formName,
    expiry: -1,
    expectedWorkingDays: 10,
    verifications: [{ name: 'bgv-degree' }],
    payer: 'organisation',
    paymentConfig: PRICES,
  });
  await made(`/api/ops/orgs/${orgId}/owner`, { email: owner, name: 'Olivia Owner' });

  // The owner: billing details, then ₹1,000 of credits through the sandbox gateway's checkout.
  await page.setViewportSize({ width: 1280, height: 900 });
  await acceptAndSignIn(page, await invitationLink(request, owner), owner, 'olivia-long-password');
  await page.goto('/org/billing');
  await page.getByLabel('Legal name').fill(PROFILE.legalName);
  await page.getByLabel('GSTIN').fill(PROFILE.gstin!);
  await page.getByLabel('Address').fill(PROFILE.address);
  await page.getByLabel('GST state code').fill(PROFILE.stateCode);
  await page.getByLabel('Billing e-mail').fill(PROFILE.billingEmail);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Billing details saved.')).toBeVisible();
  await page.getByLabel('Credits (₹, before GST)').fill('1000');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(`Payment received: ${inr(1_180_00)} added to your credits.`)).toBeVisible();
  // The owner invites the manager (the screens for it are org-users.spec.ts's).
  const invited = await request.post('/api/org/users/invitations', {
    headers: await orgHeaders(page),
    data: { email: manager, name: 'Manoj Manager', role: 'manager' },
  });
  expect((await invited.json()).code).toBe(0);

  // The manager, on a phone: invites one candidate, then keeps the dashboard open.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await acceptAndSignIn(phone, await invitationLink(request, manager), manager, 'manoj-long-password');
  const mobile = uniqueMobile();
  const name = 'Kavya Rao';
  await phone.goto('/org/invite');
  const one = phone.getByRole('region', { name: 'One candidate' });
  await one.getByRole('combobox', { name: 'Form' }).click();
  await phone.getByRole('option', { name: formName }).click();
  await one.getByRole('textbox', { name: 'Name' }).fill(name);
  await one.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await one.getByRole('button', { name: 'Send invitation' }).click();
  await expect(one.getByText(`Invitation sent to ••••${mobile.slice(-4)}.`)).toBeVisible();

  await phone.goto('/org/dashboard');
  const item = phone.getByRole('link', { name: `Open ${name}` });
  const state = item.locator('.MuiChip-label');
  await expect(state).toHaveText('Invited');
  await expectNoSidewaysScroll(phone);
  await expectNoSeriousA11yViolations(phone);
  // Set once: a reload of the dashboard would drop it.
  await phone.evaluate(() => Object.assign(window, { dashboardOpen: true }));

  // The candidate: the SMS link names the transaction; OTP sign-in, the degree, submit (no payment step).
  const sms = (await (await request.get(`/api/dev/outbox?to=${mobile}`)).json()).data.list as {
    body: string;
  }[];
  const txnId = /\/ekyc\/[^/\s]+\/([0-9a-f-]{36})/.exec(sms.map((m) => m.body).join('\n'))?.[1];
  expect(txnId, JSON.stringify(sms)).toBeTruthy();
  const session = await apiLogin(request, mobile, name);
  const headers = { ...CANDIDATE, authorization: `Bearer ${session.accessToken}` };
  const call = async (path: string, data: object) => {
    const body = await (await request.post(`${V1}${path}`, { headers, data })).json();
    expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(0);
    return body.data;
  };
  await consentThroughApi(request, headers, orgId, txnId!);
  await call('/transactions/process', { orgId, txnId });
  await expect(state).toHaveText('Started');
  const upload = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: 'marksheet',
      file: { name: 'marksheet.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf(name) },
    },
  });
  await call('/bgv', {
    orgId,
    txnId,
    verificationName: 'bgv-degree',
    data: {
      institute: { value: 'Other' },
      degreeName: 'Bachelor of Science',
      passingYear: '2019',
      instituteId: 'JI-2016-0042',
      degreeStatus: 'DEGREE_AND_MARKSHEET',
      marksheet: { fileId: (await upload.json()).data.fileId },
    },
  });
  const info = (
    await (await request.get(`${V1}/transactions/info?orgId=${orgId}&txnId=${txnId}`, { headers })).json()
  ).data;
  expect([info.paymentRequired, info.userPaymentRequired]).toEqual([false, false]);
  expect((await call('/transactions/submit', { orgId, txnId })).state).toBe('SUBMITTED');
  await expect(state).toHaveText('Submitted');

  // The verification team decides the degree; the dashboard follows.
  const ops = await opsSignIn(request);
  const decide = async (to: string) => {
    const body = await (
      await request.post(`/api/ops/transactions/${txnId}/decisions`, {
        headers: ops,
        data: { verificationName: 'bgv-degree', state: to },
      })
    ).json();
    expect(body.code, JSON.stringify(body)).toBe(0);
  };
  await decide('IN_PROGRESS');
  await expect(state).toHaveText('In progress');
  await decide('COMPLETED');
  await expect(state).toHaveText('Verified');
  expect(await phone.evaluate(() => 'dashboardOpen' in window), 'the dashboard was not reloaded').toBe(true);

  // The report job issues the report; the manager opens the candidate and downloads it.
  const manager$ = await orgHeaders(phone);
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/org/candidates/${txnId}`, { headers: manager$ })).json()).data.report,
      { timeout: 30_000 },
    )
    .not.toBeNull();
  await item.click();
  await expect(phone.getByRole('heading', { name })).toBeVisible();
  const [report] = await Promise.all([
    phone.waitForEvent('download'),
    phone.getByRole('button', { name: 'Download report' }).click(),
  ]);
  const reportPdf = await downloaded(report);
  expect(report.suggestedFilename()).toMatch(/^report-[0-9A-Z-]+\.pdf$/);
  expect(reportPdf.subarray(0, 5).toString()).toBe('%PDF-');
  // A page of text with its QR code: a few kilobytes.
  expect(reportPdf.length).toBeGreaterThan(2_000);
  expect(await pdfText(reportPdf)).toContain(name);
  await expectNoSidewaysScroll(phone);
  await phone.context().close();

  // The owner's billing: the submission drew its price with GST from the credits.
  const usage = usageOf(PRICES, [
    { key: 'bgv-degree', verificationName: 'bgv-degree', label: 'Degree', instituteId: null },
  ]);
  expect(usage).toMatchObject({ taxable: 800_00, total: 944_00 });
  await page.goto('/org/billing');
  await expect(page.getByText(inr(1_180_00 - usage.total), { exact: true })).toBeVisible();
  await expect(page.getByText(inr(usage.taxable), { exact: true })).toBeVisible();
  const ledger = page.getByRole('region', { name: 'Recent credit activity' });
  await expect(ledger.getByRole('listitem').first()).toContainText('Submission charged');
  await expect(ledger.getByRole('listitem').first()).toContainText(`-${inr(usage.total)}`);

  // The month's invoice, issued now by the dev tools' run of the monthly job.
  const run = await (await request.post('/api/dev/org-invoices', { data: {} })).json();
  expect(run.code, JSON.stringify(run)).toBe(0);
  expect(run.data.issued).toBeGreaterThanOrEqual(1);
  const expected = buildInvoice({
    number: 'VD/0000-00/00001',
    period: run.data.period,
    issuedAt: new Date(),
    supplier: SUPPLIER,
    recipient: PROFILE,
    usage: [{ formId, formName, items: usage.items }],
    mode: 'prepaid',
  });
  expect(expected).toMatchObject({ taxable: 800_00, cgst: 72_00, sgst: 72_00, igst: 0, total: 944_00 });
  await page.reload();
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByText(`Total ${inr(expected.total)}`)).toBeVisible();
  const number = (await invoices.getByText(/^VD\/\d{4}-\d{2}\/\d{5}$/).textContent())!;
  const [invoice] = await Promise.all([
    page.waitForEvent('download'),
    invoices.getByRole('button', { name: `Download invoice ${number} as PDF` }).click(),
  ]);
  const invoicePdf = await downloaded(invoice);
  expect(invoicePdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(invoicePdf);
  for (const line of [
    'Tax invoice',
    number,
    `GSTIN: ${SUPPLIER.gstin}`,
    `GSTIN: ${PROFILE.gstin}`,
    `Place of supply: state code ${PROFILE.stateCode}`,
    'SAC 998521',
    `${formName}: bgv-degree`,
    pdfInr(expected.taxable),
    'CGST @ 9%',
    'SGST @ 9%',
    pdfInr(expected.cgst),
    pdfInr(expected.total),
    'Settled from prepaid credits.',
  ])
    expect(text, line).toContain(line);
  await expectNoSeriousA11yViolations(page);
});
