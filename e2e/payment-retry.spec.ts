import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import { ORG, readyToPay } from './paid-form';

/**
 * Issue 24 §2 and §3: a payment that was cancelled or failed at the gateway never blocks the next
 * attempt, and the fast-track choice is part of the quote: it survives a failure, a reload and a new
 * tab of the same payment URL, and changes only when the candidate changes it.
 */

const PAY_BUTTON = /Continue to Pay|Pay \(\d+% Additional Discount Applied\)/;

/** From the form home's Continue, through /select-mode (fast-track or standard) and India, to /payment. */
async function toCheckout(page: Page, formId: string, txnId: string, mode: 'Standard' | 'Fast-track') {
  await page.goto(`/ekyc/${formId}/${txnId}?orgId=${ORG}`);
  const view = page.getByRole('button', { name: 'View Verification' });
  const home = page.getByRole('heading', {
    name: 'Demo University is requesting the following verifications',
  });
  await expect(view.or(home).first()).toBeVisible();
  if (await view.isVisible()) await view.click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/select-mode\?/);
  await page.getByRole('radio', { name: new RegExp(mode) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/choose-payment-region\?/);
  await page.getByRole('radio', { name: /India/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/payment\?.*region=IN/);
  await expect(page.getByRole('button', { name: PAY_BUTTON })).toBeVisible();
}

/** The amount the sandbox checkout asks for, in the smallest unit ("₹8,070.14" → 807014). */
async function sandboxAmount(page: Page): Promise<number> {
  const text = (await page.getByLabel('Amount to pay').textContent()) ?? '';
  const [whole = '', fraction = ''] = text.replace(/[^\d.]/g, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Pay on our page: the sandbox checkout opens, payable (not an ended session). */
async function openCheckout(page: Page): Promise<string> {
  await page.getByRole('button', { name: PAY_BUTTON }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  await expect(page.getByText('This payment was cancelled.')).toHaveCount(0);
  await expect(page.getByText('This payment failed.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  return page.url();
}

const fastTrackItem = (page: Page) => page.getByTestId('payment-item').filter({ hasText: 'Fast-track' });

test('a payment cancelled at the gateway can be paid again at once, and so can a failed one', async ({
  page,
  request,
}) => {
  const { txnId, formId } = await readyToPay(page, request);
  await toCheckout(page, formId, txnId, 'Standard');
  const first = await openCheckout(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/payment\?.*cancelled=true/);
  await expect(page.getByText('Payment Cancelled')).toBeVisible();

  // Continue to Pay right away opens a new checkout, not the cancelled one.
  const second = await openCheckout(page);
  expect(second).not.toBe(first);

  // A failed one: the same.
  await page.getByRole('button', { name: 'Fail the payment' }).click();
  await expect(page.getByText('Payment Failed. Please try again')).toBeVisible({ timeout: 30_000 });
  const third = await openCheckout(page);
  expect(third).not.toBe(second);
  expect(third).not.toBe(first);
  // And this one pays.
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/submitted$/, { timeout: 30_000 });
});

test('fast-track survives a failed payment, a reload and a new tab; the candidate changes it on purpose', async ({
  page,
  request,
  context,
}) => {
  const { txnId, formId, toPay } = await readyToPay(page, request);
  const [standard, fastTrack] = [await toPay(false), await toPay(true)];
  expect(fastTrack).toBeGreaterThan(standard);

  await toCheckout(page, formId, txnId, 'Fast-track');
  await expect(fastTrackItem(page)).toBeVisible();
  await openCheckout(page);
  expect(await sandboxAmount(page)).toBe(fastTrack);
  await page.getByRole('button', { name: 'Fail the payment' }).click();
  await expect(page.getByText('Payment Failed. Please try again')).toBeVisible({ timeout: 30_000 });
  await expect(fastTrackItem(page)).toBeVisible();

  // A reload of the cart, and the same URL in a new tab (no navigation state, nothing in its storage).
  await page.goto(page.url().replace(/&order_id=[^&]+/, ''));
  await expect(page.getByRole('button', { name: PAY_BUTTON })).toBeVisible();
  await expect(fastTrackItem(page)).toBeVisible();
  await page.reload();
  await expect(fastTrackItem(page)).toBeVisible();
  const tab = await context.newPage();
  await tab.goto(page.url());
  await expect(tab.getByRole('button', { name: PAY_BUTTON })).toBeVisible();
  await expect(fastTrackItem(tab)).toBeVisible();
  await expect(tab.getByText('Verification speed: Fast-track')).toBeVisible();
  await openCheckout(tab);
  expect(await sandboxAmount(tab)).toBe(fastTrack);
  await tab.close();

  // Changed deliberately: back to standard from the cart, its region kept.
  await page.reload();
  await page.getByRole('link', { name: 'Change the verification speed' }).click();
  await expect(page).toHaveURL(/\/select-mode\?/);
  await expect(page.getByRole('radio', { name: /Fast-track/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('radio', { name: /Standard/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('radio', { name: /India/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/payment\?.*express=false/);
  await expect(page.getByText('Verification speed: Standard')).toBeVisible();
  await expect(fastTrackItem(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await openCheckout(page);
  expect(await sandboxAmount(page)).toBe(standard);
});
