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
  });
}
