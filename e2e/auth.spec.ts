import type { Page } from '@playwright/test';
import {
  test,
  expect,
  hydrated,
  latestOtp,
  uniqueMobile,
  apiLogin,
  useSession,
  expectNoSeriousA11yViolations,
} from './fixtures';

async function typeOtp(page: Page, otp: string) {
  await page.getByLabel('OTP digit 1 of 6').click();
  await page.keyboard.type(otp);
}

test('a new number signs up through the browser, stays signed in across a reload, and logs out', async ({
  page,
  request,
}) => {
  const mobile = uniqueMobile();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle(/Sign up \/ Login/);

  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByLabel('WhatsApp').check();
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByText(`+91 XXXXXX${mobile.slice(-4)}`)).toBeVisible();

  const { otp, channel } = await latestOtp(request, mobile);
  expect(channel).toBe('whatsapp');
  await typeOtp(page, otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();

  // First time for this number: the wallet needs a name.
  await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible();
  await page.getByLabel('Full Name').fill('Asha Verma');
  await page.getByRole('button', { name: 'Create Wallet' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Asha Verma/).first()).toBeVisible();
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem('accessToken'),
    refresh: localStorage.getItem('refreshToken'),
    expiresIn: localStorage.getItem('refreshTokenExpiresIn'),
    root: localStorage.getItem('persist:root-v3'),
  }));
  expect(stored.access?.split('.')).toHaveLength(3);
  expect(stored.refresh).toBeTruthy();
  expect(stored.expiresIn).toBe('3600');

  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Asha Verma/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await page.evaluate(() => ({
    access: localStorage.getItem('accessToken'),
    refresh: localStorage.getItem('refreshToken'),
    session: Object.keys(sessionStorage).filter((k) => k !== 'e2e-session-set'),
  }));
  expect(after.access).toBeNull();
  expect(after.refresh).toBeNull();

  // The old refresh token was revoked by logout.
  const refreshed = await request.put('/api/web-wallet/profile/login/get-token', {
    headers: { Authorization: `Bearer ${stored.refresh}`, 'partner-org-id': 'veridocs' },
  });
  expect((await refreshed.json()).code).toBe(138);
});

test('a new number signs up with the keyboard alone', async ({ page, request }) => {
  const mobile = uniqueMobile();
  await page.goto('/login');
  // Enter before the pre-rendered page is hydrated would submit the HTML form.
  await hydrated(page.getByLabel('Mobile Number'));
  // Tab from the top of the page to the mobile field, type, submit each step with Enter.
  await page.keyboard.press('Tab');
  let guard = 0;
  while (
    !(await page.getByLabel('Mobile Number').evaluate((el) => el === document.activeElement)) &&
    guard++ < 15
  ) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type(mobile);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('OTP digit 1 of 6')).toBeFocused();
  const { otp } = await latestOtp(request, mobile);
  await page.keyboard.type(otp);
  await page.keyboard.press('Enter');
  // The name step takes focus itself: no mouse, no scripted focus.
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await page.keyboard.type('Ravi Kumar');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Ravi Kumar/).first()).toBeVisible();
});

test('a wrong OTP shows the server message and keeps the candidate on the OTP step', async ({
  page,
  request,
}) => {
  const mobile = uniqueMobile();
  await page.goto('/login');
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  const { otp } = await latestOtp(request, mobile);
  const wrong = otp === '000000' ? '111111' : '000000';
  await typeOtp(page, wrong);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText(/Incorrect OTP/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the login screen and the home page have no serious accessibility violations', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.getByLabel('Mobile Number')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const session = await apiLogin(request, uniqueMobile(), 'Meera Nair');
  await useSession(page, session);
  await page.goto('/');
  await expect(page.getByText(/Meera Nair/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('unknown paths redirect: to /login when logged out, to / when logged in', async ({ page, request }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/terms');
  await expect(page).toHaveURL(/\/terms$/);

  const session = await apiLogin(request, uniqueMobile());
  await useSession(page, session);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});
