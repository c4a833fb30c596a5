import { test, expect, apiLogin, uniqueMobile, useSession } from './fixtures';

// Screens at phone and desktop sizes, written to e2e/screenshots/ for people to look at.
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

for (const size of SIZES) {
  test(`screens at ${size.name} size (${size.width}x${size.height})`, async ({ page, request }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/login');
    await expect(page.getByLabel('Mobile Number')).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/login-${size.name}.png`, fullPage: true });

    const mobile = uniqueMobile();
    await page.getByLabel('Mobile Number').fill(mobile);
    await page.getByRole('button', { name: 'Get OTP' }).click();
    await expect(page.getByLabel('OTP digit 1 of 6')).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/login-otp-${size.name}.png`, fullPage: true });

    const session = await apiLogin(request, uniqueMobile(), 'Asha Verma');
    await useSession(page, session);
    await page.goto('/');
    await expect(page.getByText(/Asha Verma/).first()).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/home-${size.name}.png`, fullPage: true });

    // A snackbar (the app's own host, ADR 0008): the profile's "Name updated".
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit name' }).click();
    await page.getByLabel('Full Name').fill('Asha R Verma');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Name updated' })).toBeVisible();
    await page.waitForTimeout(300); // past its 200 ms entrance
    await page.screenshot({ path: `e2e/screenshots/profile-snackbar-${size.name}.png` });

    // The journey: init screen, questionnaire, form home, a verification form.
    await page.goto('/ekyc/demo-form?orgId=demo-university');
    await expect(page.getByRole('button', { name: 'Start Verification' })).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/init-${size.name}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Start Verification' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/questionnaire-${size.name}.png` });
    await page.getByLabel('Employment', { exact: true }).check();
    await page.getByLabel('My employer').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText(/is requesting the following verifications/)).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/form-home-${size.name}.png`, fullPage: true });
    await page.getByRole('button', { name: /^Degree, / }).click();
    await expect(page.getByRole('textbox', { name: 'Degree', exact: true })).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/verification-degree-${size.name}.png`, fullPage: true });
    await page.goto('/');
    await expect(page.getByText('Demo verification form').first()).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/home-with-transaction-${size.name}.png`, fullPage: true });
  });
}
