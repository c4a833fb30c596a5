import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  consentThroughApi,
  test,
  expect,
  apiLogin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  marksheetPdf,
  opsSignIn,
  uniqueMobile,
  useSession,
} from './fixtures';

const BASE = '/api/verification/v1';
const ORG = 'demo-university';
const SHOTS = 'test-results/payments';

/** A candidate on the paid demo form with the degree saved (IIT Bombay) and the rest skipped. */
async function readyToPay(page: Page, request: APIRequestContext) {
  const demo = (await (await request.get('/api/dev/demo')).json()).data;
  expect(demo.paidLink).toContain(demo.paidFormId);
  const session = await apiLogin(request, uniqueMobile(), 'Asha Verma');
  await useSession(page, session);
  const headers = { authorization: `Bearer ${session.accessToken}`, 'partner-org-id': 'veridocs' };
  const created = await request.post(`${BASE}/transactions`, {
    headers,
    data: { orgId: ORG, eKycFormId: demo.paidFormId },
  });
  const txnId = (await created.json()).data.transactionId as string;
  await consentThroughApi(request, headers, ORG, txnId);
  expect(
    (
      await (
        await request.post(`${BASE}/transactions/process`, { headers, data: { orgId: ORG, txnId } })
      ).json()
    ).code,
  ).toBe(0);
  const upload = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: 'marksheet',
      file: { name: 'marksheet.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma') },
    },
  });
  const marksheet = (await upload.json()).data;
  const degree = await request.post(`${BASE}/bgv`, {
    headers,
    data: {
      orgId: ORG,
      txnId,
      verificationName: 'bgv-degree',
      data: {
        institute: { value: 'indian-institute-of-technology-bombay' },
        degreeName: 'B.Tech in Computer Science',
        passingYear: '2020',
        instituteId: 'R-2016-0042',
        degreeStatus: 'DEGREE_AND_MARKSHEET',
        marksheet: { fileId: marksheet.fileId },
      },
    },
  });
  expect((await degree.json()).code).toBe(0);
  const skipped = await request.post(`${BASE}/transactions/process/mark-as-skip`, {
    headers,
    data: {
      orgId: ORG,
      txnId,
      verificationNameList: ['bgv-twelfth', 'bgv-tenth', 'passport', 'bgv-employment'],
    },
  });
  expect((await skipped.json()).code).toBe(0);
  return { headers, txnId, formId: demo.paidFormId as string };
}

/** The form home; a form link opened afresh shows the init screen first. */
async function openFormHome(page: Page, formId: string, txnId: string) {
  await page.goto(`/ekyc/${formId}/${txnId}?orgId=${ORG}`);
  const view = page.getByRole('button', { name: 'View Verification' });
  const home = page.getByRole('heading', {
    name: 'Demo University is requesting the following verifications',
  });
  await expect(view.or(home).first()).toBeVisible();
  if (await view.isVisible()) await view.click();
  await expect(home).toBeVisible();
}

/** From the form home's Continue to the checkout of India, standard mode. */
async function toCheckout(page: Page, formId: string, txnId: string, shots = false) {
  await openFormHome(page, formId, txnId);
  await page.getByRole('button', { name: 'Continue' }).click();
  const warning = page.getByRole('dialog', { name: 'Fast-track verification' });
  await expect(
    page.getByRole('heading', { name: 'Choose how fast you need the verification' }).or(warning),
  ).toBeVisible();
  if (await warning.isVisible()) await warning.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/select-mode\?/);
  await expect(page.getByText('Completed within 5 business days.')).toBeVisible();
  if (shots) await screens(page, 'select-mode');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/choose-payment-region\?/);
  if (shots) await screens(page, 'choose-payment-region');
  await page.getByRole('radio', { name: /India/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/payment\?.*region=IN/);
  await expect(
    page.getByRole('button', { name: /Continue to Pay|Pay \(\d+% Additional Discount Applied\)/ }),
  ).toBeVisible();
}

async function payAtSandbox(page: Page, outcome: 'pay' | 'fail' | 'cancel') {
  await page.getByRole('button', { name: /Continue to Pay|Pay \(/ }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  const label = { pay: /^Pay /, fail: 'Fail the payment', cancel: 'Cancel' }[outcome];
  await page.getByRole('button', { name: label }).click();
}

async function screens(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 760 : 900 });
    // The layout follows the window size a moment later (use-window-size.ts).
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0);
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await expectNoSeriousA11yViolations(page);
}

test('pays for the paid demo form through the sandbox and lands on /submitted', async ({ page, request }) => {
  const { txnId, formId } = await readyToPay(page, request);
  await toCheckout(page, formId, txnId, true);
  await expect(page.getByText(/International usage must be enabled on your card/)).toBeVisible();
  await expect(page.getByText('GST (18%)')).toBeVisible();
  await expect(page.getByText('Fees are not refunded once the verification has started.')).toBeVisible();
  await screens(page, 'checkout');
  await payAtSandbox(page, 'pay');
  await expect(page).toHaveURL(/\/submitted$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Your verification has been submitted' })).toBeVisible();
});

test('a failed payment says "Payment Failed. Please try again"', async ({ page, request }) => {
  const { txnId, formId } = await readyToPay(page, request);
  await toCheckout(page, formId, txnId);
  await payAtSandbox(page, 'fail');
  await expect(page).toHaveURL(/\/payment\?.*order_id=/);
  await expect(page.getByText('Payment Failed. Please try again')).toBeVisible({ timeout: 30_000 });
  // The cart is there to pay again.
  await expect(page.getByRole('button', { name: /Continue to Pay|Pay \(/ })).toBeVisible();
  await screens(page, 'failed');
});

test('a cancelled payment says "Payment Cancelled"', async ({ page, request }) => {
  const { txnId, formId } = await readyToPay(page, request);
  await toCheckout(page, formId, txnId);
  await payAtSandbox(page, 'cancel');
  await expect(page).toHaveURL(/cancelled=true/);
  await expect(page.getByText('Payment Cancelled')).toBeVisible();
});

test('the receipt: refund from the ops API, copy ("Copied"), the selected refund shaken and highlighted', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { txnId, formId, headers } = await readyToPay(page, request);
  await toCheckout(page, formId, txnId);
  await payAtSandbox(page, 'pay');
  await expect(page).toHaveURL(/\/submitted$/, { timeout: 30_000 });

  // The verification team refunds part of it (admin, through the ops API).
  const history = await (
    await request.get(`${BASE}/transactions/payment/history?seed=0&count=10&orgId=${ORG}&txnId=${txnId}`, {
      headers,
    })
  ).json();
  const order = history.data.list[0];
  expect(order.currentStatus).toBe('SUCCESS');
  const ops = await opsSignIn(request, 'admin');
  const refund = await request.post(`/api/ops/orders/${order.orderId}/refunds`, {
    headers: { ...ops, 'idempotency-key': `e2e-refund-${txnId}` },
    data: { amount: 10_000, reason: 'Passport check not needed' },
  });
  expect((await refund.json()).code, await refund.text()).toBe(0);

  // The form home links its payments.
  await openFormHome(page, formId, txnId);
  await page.getByRole('link', { name: 'View Transactions' }).click();
  await expect(page).toHaveURL(/\/form-payments\?/);
  await expect(page.getByRole('heading', { name: 'Payments for this form' })).toBeVisible();
  await screens(page, 'form-payments');

  // Payments in the navigation: every order; its refund opens the receipt pointed at it. The page's clock
  // is held still so that the shake (400 ms) and the highlight (2 s) can be looked at.
  await page.clock.install();
  await page.goto('/transaction-history');
  await expect(page.getByRole('heading', { name: 'Your payments' })).toBeVisible();
  await screens(page, 'transaction-history');
  const openRefund = async () => {
    const refundRow = page.getByRole('button', { name: /Refund of ₹100/ }).first();
    await expect(refundRow).toBeVisible();
    // From the page's own time (the fake clock is ahead of ours once it has been run forward).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await refundRow.click();
    await expect(page).toHaveURL(/\/payment\?transactionHistory=true/);
    return page.getByTestId('refund').filter({ hasText: 'Passport check not needed' });
  };

  const animation = (card: Locator) => card.evaluate((node) => getComputedStyle(node).animationName);
  const card = await openRefund();
  await expect(card).toHaveAttribute('data-highlight', 'shake');
  await expect(card).toBeInViewport();
  expect(await animation(card)).not.toBe('none');
  await page.clock.runFor(400);
  await expect(card).toHaveAttribute('data-highlight', 'highlight');
  expect(await animation(card)).toBe('none');
  await page.clock.runFor(1600);
  await expect(card).not.toHaveAttribute('data-highlight', /.+/);
  await page.clock.resume();

  await expect(page.getByText('Paid via Sandbox')).toBeVisible();
  await page.getByRole('button', { name: 'Copy Payment ID' }).click();
  await expect(page.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.paymentId);
  await screens(page, 'receipt');

  // Reduced motion: no shake, the highlight all the same.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/transaction-history');
  const still = await openRefund();
  await expect(still).toHaveAttribute('data-highlight', 'shake');
  expect(await animation(still)).toBe('none');
  // Highlighted: not the plain card's white.
  expect(await still.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe(
    'rgb(255, 255, 255)',
  );
  await page.clock.runFor(400);
  await expect(still).toHaveAttribute('data-highlight', 'highlight');
});
