import {
  consoleSignIn,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  test,
} from './fixtures';
import { readyToPay } from './paid-form';

test.setTimeout(180_000);

/**
 * Issue 24, console: on /ops/admin/refunds a failed or cancelled order read "Paid ₹…", and the refund
 * form's "Amount (INR)" label was cut.
 */
test('refunds: only an order that took money reads "Paid"; the amount field shows its whole label', async ({
  page,
  request,
  browser,
}) => {
  const candidate = await browser.newPage();
  const { txnId, pay, statusOf } = await readyToPay(candidate, request);
  const cancelled = await pay('cancel');
  const failed = await pay('fail');
  const paid = await pay('pay');
  await expect.poll(() => statusOf(paid), { timeout: 60_000 }).toBe('SUCCESS');
  await candidate.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleSignIn(page, 'admin@veridocs.test', 'dev-admin-password');
  await page.goto('/ops/admin/refunds');
  await page.getByLabel('Transaction id').fill(txnId);
  await page.getByRole('button', { name: 'Find' }).click();

  for (const orderId of [cancelled, failed]) {
    const card = page.getByRole('region', { name: orderId });
    await expect(card).toContainText(/Order amount₹/);
    await expect(card).not.toContainText('Paid');
    await expect(card).not.toContainText('Left to refund');
    await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  }
  const card = page.getByRole('region', { name: paid });
  await expect(card).toContainText(/Paid₹/);
  await expect(card).toContainText('Left to refund');

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 760 : 900 });
    const label = card.locator('label', { hasText: 'Amount (INR)' });
    await expect(label).toBeVisible();
    // Not cut: the label's text fits in its box (MUI ends a cut label with an ellipsis).
    await expect
      .poll(() => label.evaluate((el) => el.scrollWidth - el.clientWidth), { message: `at ${width} px` })
      .toBeLessThanOrEqual(0);
    await expectNoSidewaysScroll(page, `refunds at ${width} px`);
  }
  await expectNoSeriousA11yViolations(page);

  // A refund of part of it: listed with its amount under "Amount", not "Paid".
  await card.getByLabel('Amount (INR)').fill('100');
  await card.getByLabel('Reason').fill('Passport check not needed');
  await card.getByRole('button', { name: 'Refund' }).click();
  await expect(card.getByText('Refund requested.')).toBeVisible();
  const history = card.getByRole('table', { name: 'Refunds' });
  await expect(history.getByRole('columnheader', { name: 'Amount' })).toBeVisible();
  await expect(history.getByRole('columnheader', { name: 'Paid' })).toHaveCount(0);
});
