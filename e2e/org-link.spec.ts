import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, latestOtp, opsSignIn, test, uniqueMobile } from './fixtures';

// Issue 23 §1: an organisation's API call never signs anyone in to a wallet it did not make. Its link
// brings a returning candidate to the mobile OTP, then to the transaction; an sso works once.
const ORG = 'demo-university';
const FORM = 'demo-form';
const PHONE = { width: 360, height: 740 };

async function apiKey(request: APIRequestContext): Promise<string> {
  const admin = await opsSignIn(request, 'admin');
  const res = await (
    await request.post(`/api/ops/orgs/${ORG}/api-keys`, { headers: admin, data: { name: 'e2e org link' } })
  ).json();
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data.key as string;
}

async function orgCreates(request: APIRequestContext, key: string, candidate: object) {
  const res = await (
    await request.post('/api/integration/v1/transactions', {
      headers: { authorization: `Bearer ${key}` },
      data: { formId: FORM, candidate },
    })
  ).json();
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data as { transactionId: string; link: string; sso?: string };
}

async function signInWithOtp(page: Page, mobile: string) {
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await expect(page.getByText('Requested by')).toBeVisible();
  await page.getByLabel('Mobile Number').fill(mobile);
  // A number that asked for a code moments ago waits out the resend interval first.
  await expect(async () => {
    await page.getByRole('button', { name: 'Get OTP' }).click();
    // The code is in the outbox once the OTP step shows (the send answered first).
    await expect(page.getByLabel('OTP digit 1 of 6')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000, intervals: [3_000] });
  const { otp } = await latestOtp(page.request, mobile);
  await page.getByLabel('OTP digit 1 of 6').click();
  await page.keyboard.type(otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
}

test('a returning candidate follows an organisation link, proves the mobile, and lands on that transaction', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  // The candidate made their own wallet earlier.
  const mobile = uniqueMobile();
  await apiLogin(request, mobile, 'Kavya Menon');
  const created = await orgCreates(request, await apiKey(request), { mobile, name: 'Not Her Name' });
  // No session for the organisation: the link only.
  expect(created.sso).toBeUndefined();

  const url = new URL(created.link);
  await page.goto(`${url.pathname}${url.search}`);
  await signInWithOtp(page, mobile);
  // Back on the organisation's transaction, as its owner.
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Start Verification' })).toBeVisible({ timeout: 30_000 });
  expect(page.url()).toContain(created.transactionId);
});

test('an sso signs in once; the same link again asks for the OTP and returns to the transaction', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  const mobile = uniqueMobile();
  const created = await orgCreates(request, await apiKey(request), { mobile, name: 'Arjun Rao' });
  expect(created.sso).toMatch(/^sso_/);
  const url = new URL(created.link);
  const withSso = `${url.pathname}${url.search}&sso=${encodeURIComponent(created.sso!)}`;
  await page.goto(withSso);
  await expect(page).toHaveURL(/\/select-evaluation-partner$/, { timeout: 30_000 });

  // The link forwarded, or opened again later: the sso is spent.
  const other = await browser.newContext({ viewport: PHONE });
  try {
    const second = await other.newPage();
    await second.goto(withSso);
    await signInWithOtp(second, mobile);
    await expect(second).not.toHaveURL(/\/login/, { timeout: 30_000 });
    expect(second.url()).not.toContain('sso=');
    await expect(second.getByRole('button', { name: 'Start Verification' })).toBeVisible({ timeout: 30_000 });
    expect(second.url()).toContain(created.transactionId);
  } finally {
    await other.close();
  }
  // The owner's OTP sign-in ended the session the link had started.
  await page.reload();
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
});
