import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  marksheetPdf,
  startedDemoTransaction,
  expectNoSidewaysScroll,
} from './fixtures';

/**
 * Issue 12: the address verification (a pincode fills district and state, proof of address upload)
 * and the EWS certificate (enabled states only, the others "(Coming Soon)"), from the demo link.
 */
const ORG = 'demo-university';

test('address with a pincode that fills district and state, a proof uploaded, submitted; EWS lists states "(Coming Soon)"', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { txnId } = await startedDemoTransaction(page, request, 'Asha Verma');
  await page.setViewportSize({ width: 360, height: 780 });

  // The form home (the demo link's page) lists both in their category groups.
  await page.goto(`/ekyc/demo-form/${txnId}?orgId=${ORG}`);
  await page.getByRole('button', { name: 'View Verification' }).click();
  await expect(page.getByRole('heading', { name: 'Address Check' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Finance Check' })).toBeVisible();
  await page.getByRole('button', { name: /^Address, / }).click();
  await expect(page).toHaveURL(/\/verification\?.*name=bgv-address/);
  await expect(page.getByRole('heading', { level: 2, name: 'Address', exact: true })).toBeVisible();

  // The pincode fills district and state (the India Post directory the server ships).
  const pincode = page.getByLabel('Pincode');
  await pincode.fill('600002');
  await expect(page.getByText('District and state filled from pincode 600002')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByLabel('District')).toHaveValue('Chennai');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveText('Tamil Nadu');

  // Submitting with what is missing shows the spec's messages.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Line 1 must not be empty')).toBeVisible();
  await page.getByLabel('Line 1 (house, street)').fill('12, Anna Salai');
  await page.getByLabel('Landmark (Optional)').fill('Near Spencer Plaza');
  const town = page.getByLabel('Village / town / city');
  if ((await town.inputValue()) === '') await town.fill('Chennai');
  await page.getByRole('combobox', { name: 'Type of document' }).click();
  await page.getByRole('option', { name: 'Utility bill (last 3 months)' }).click();
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'electricity-bill.pdf',
      mimeType: 'application/pdf',
      buffer: await marksheetPdf('Asha Verma'),
    });
  await expect(page.getByRole('button', { name: 'Remove electricity-bill.pdf' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 10_000 });
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'e2e/screenshots/address-phone-360.png', fullPage: true });

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/ekyc\/demo-form\//);
  await expect(page.getByRole('button', { name: /^Address, Ready To Submit/i })).toBeVisible();

  // EWS: the state list shows every state; only the enabled ones can be chosen.
  await page.getByRole('button', { name: /^EWS certificate, / }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'EWS certificate', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Issuing state' }).click();
  const comingSoon = page.getByRole('option', { name: 'Uttar Pradesh (Coming Soon)' });
  await expect(comingSoon).toBeVisible();
  await expect(comingSoon).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('option', { name: 'Haryana', exact: true })).not.toHaveAttribute(
    'aria-disabled',
  );
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/ews-states-phone-360.png' });
  await page.getByRole('option', { name: 'Haryana', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Issuing state' })).toHaveText('Haryana');
  // The menu fades out: axe would judge its half-transparent options.
  await expect(page.locator('li[role="option"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Desktop: the EWS form and the address read as submitted.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'e2e/screenshots/ews-desktop.png', fullPage: true });
  await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=bgv-address`);
  await expect(page.getByLabel('Pincode')).toHaveValue('600002');
  await expect(page.getByLabel('Line 1 (house, street)')).toHaveValue('12, Anna Salai');
  await page.screenshot({ path: 'e2e/screenshots/address-desktop.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // /verification-info (where a completed, failed or insufficient tile goes): the address read-only.
  await page.goto(`/verification-info?orgId=${ORG}&txnId=${txnId}&name=bgv-address`);
  await expect(page.getByLabel('Pincode')).toHaveValue('600002');
  await expect(page.getByLabel('Pincode')).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveText('Tamil Nadu');
  await expect(page.getByRole('button', { name: 'Remove electricity-bill.pdf' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/screenshots/address-info-desktop.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
});
