import type { Page } from '@playwright/test';
import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  latestOtp,
  marksheetPdf,
  uniqueMobile,
  expectNoSidewaysScroll,
} from './fixtures';

// Issue 12: several degrees. Screenshots go to e2e/screenshots/ (degrees-*.png) for review.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `e2e/screenshots/degrees-${name}.png`, fullPage: true });

test('sign in from the demo link, add a second degree with three marksheets merged, submit it, delete a third', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Sign in from the demo link, start the form.
  const demo = (await (await request.get('/api/dev/demo')).json()) as { data: { link: string } };
  await page.goto(new URL(demo.data.link).pathname + new URL(demo.data.link).search);
  await expect(page).toHaveURL(/\/login$/);
  const mobile = uniqueMobile();
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  const { otp } = await latestOtp(request, mobile);
  await page.getByLabel('OTP digit 1 of 6').click();
  await page.keyboard.type(otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.getByLabel('Full Name').fill('Asha Verma');
  await page.getByRole('button', { name: 'Create Wallet' }).click();
  await page.getByRole('button', { name: 'Start Verification' }).click();
  const questions = page.getByRole('dialog');
  await questions.getByLabel('Higher education').check();
  await questions.getByLabel('My university').check();
  await questions.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Demo University is requesting the following verifications')).toBeVisible();
  const txnId = /\/ekyc\/demo-form\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  expect(txnId).not.toBe('');

  // "Add Another Degree" in the Education category: a second degree, its own screen.
  const education = page.getByRole('region', { name: 'Education Check' });
  await education.getByRole('button', { name: 'Add Another Degree' }).click();
  await expect(page).toHaveURL(/\/verification\?.*name=bgv-degree(~|%7E)2/);
  await expect(page.getByRole('heading', { level: 2, name: 'Degree 2', exact: true })).toBeVisible();

  // The list holds AICTE's institutions too, found by abbreviation ("engg"), with their district.
  const institute = page.getByRole('combobox', { name: 'University or institute' });
  await institute.fill('sinhgad college of engg pune');
  await expect(
    page.getByRole('option', { name: /^Sinhgad College of Engineering Pune, Maharashtra/ }),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/degrees-institute-search.png' });

  // Institute from the searchable list; its candidate ID format shows as the hint and is checked.
  await institute.fill('anna');
  // "Anna University of Technology" is listed too: the option names its city.
  await page.getByRole('option', { name: /^Anna University Chennai/ }).click();
  await expect(page.getByTestId('id-format-hint')).toContainText('999999999999');
  await page.getByLabel('Degree', { exact: true }).fill('B.E. Mechanical Engineering');
  await page.getByRole('combobox', { name: 'Passing year' }).click();
  await page.getByRole('option', { name: '2021' }).click();
  const id = page.getByRole('textbox', { name: 'Registration or roll number' });
  await id.fill('12345');
  await id.blur();
  await expect(page.getByText("Enter the ID in your institute's format: 999999999999")).toBeVisible();
  await id.fill('312217114001');
  await id.blur();
  await expect(page.getByText("Enter the ID in your institute's format: 999999999999")).toBeHidden();
  await page.getByRole('combobox', { name: 'Documents available' }).click();
  await page.getByRole('option', { name: 'Degree and marksheets available' }).click();
  // The degree instructions are the marksheet's helper text.
  await expect(page.getByText("Merge all semesters' marksheets into one PDF, in order.")).toBeVisible();

  // Three semesters' PDFs: picked, shown in order, reordered, merged into one on the server.
  await page.getByTestId('marksheet-input').setInputFiles([
    { name: 'sem-2.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma', 2) },
    { name: 'sem-1.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma', 1) },
    { name: 'sem-3.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma', 3) },
  ]);
  const parts = page.getByTestId('merge-part');
  await expect(parts).toHaveCount(3);
  await page.getByRole('button', { name: 'Move sem-1.pdf up' }).click();
  await expect(parts.nth(0)).toContainText('sem-1.pdf');
  await expect(parts.nth(1)).toContainText('sem-2.pdf');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'merge-order-phone');
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const merged = page.waitForResponse((r) => r.url().endsWith('/api/utility/files/merge'));
  await page.getByRole('button', { name: 'Merge and upload 3 files' }).click();
  // One stored PDF of 1 + 2 + 3 pages.
  const answer = (await (await merged).json()) as { code: number; data: { pageCount: number } };
  expect(answer).toMatchObject({ code: 0, data: { pageCount: 6 } });
  await expect(page.getByRole('button', { name: 'Remove marksheet-merged.pdf' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'degree-2-desktop');
  await page.getByRole('button', { name: 'Submit' }).click();

  // Back home: Degree 2 is ready to submit.
  await expect(page.getByRole('button', { name: /^Degree 2, Ready To Submit/i })).toBeVisible();

  // A third degree, then deleted after the confirmation.
  await education.getByRole('button', { name: 'Add Another Degree' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Degree 3', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: /^Degree 3, /i })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'form-home-phone');
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'form-home-desktop');
  await page.getByRole('button', { name: 'Delete Degree 3' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Degree 3?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: /^Degree 3, /i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Degree 2, Ready To Submit/i })).toBeVisible();
});
