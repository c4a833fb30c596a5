import type { APIRequestContext, Page } from '@playwright/test';
import { consentThroughApi, apiLogin, expect, test, uniqueMobile } from './fixtures';

// Issue 24, bug 6: the evaluation partner's OTP step lived only in the page: after a reload the
// candidate was back at "Send OTP", and after 3 requests the server refused a 4th, so the still-valid
// latest code could not be typed anywhere: locked out. The step is now restored from the server.

const BASE = '/api/verification/v1';
const ORG = 'demo-university';
const FORM = 'demo-form';
/** A sandbox reference no other spec uses: its e-mails are this test's alone. */
const PARTNER = 'IQAS';
const REFERENCE = 'IQ1234567';
const EMAIL = 'arjun.mehta@example.com';
/** OTP_RESEND_AFTER_SECONDS of the e2e server (playwright.config.ts). */
const RESEND_AFTER_MS = 3_000;

/** The code of the newest mail to EMAIL sent at or after `since` (ms). */
async function mailedOtp(request: APIRequestContext, since: number): Promise<string> {
  let otp = '';
  await expect
    .poll(
      async () => {
        const body = await (await request.get(`/api/dev/outbox?to=${EMAIL}`)).json();
        const mail = body.data.list[0];
        if (mail?.channel === 'email' && Date.parse(mail.createdAt) >= since - 1000) otp = mail.otp;
        return otp;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return otp;
}

async function resendWhenAllowed(page: Page) {
  const resend = page.getByRole('button', { name: 'Resend OTP', exact: true });
  await expect(resend).toBeEnabled({ timeout: RESEND_AFTER_MS + 10_000 });
  const at = Date.now();
  await resend.click();
  return at;
}

test('after 3 OTP requests and a reload, the latest code can still be typed and validates the reference', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const session = await apiLogin(request, uniqueMobile(), 'Arjun Mehta');
  const headers = { authorization: `Bearer ${session.accessToken}`, 'partner-org-id': 'veridocs' };
  const created = await request.post(`${BASE}/transactions`, {
    headers,
    data: { orgId: ORG, eKycFormId: FORM },
  });
  const txnId = (await created.json()).data.transactionId as string;
  await consentThroughApi(request, headers, ORG, txnId);

  await page.goto(`/ekyc/${FORM}/${txnId}?orgId=${ORG}&sso=${encodeURIComponent(session.refreshToken)}`);
  await expect(page).toHaveURL(/\/select-evaluation-partner$/);
  await page.getByRole('combobox', { name: 'Evaluation partner' }).selectOption(PARTNER);
  await page.getByLabel('Reference number').fill(REFERENCE);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('We sent a 6-digit OTP to a***a@example.com.')).toBeVisible();
  await expect(page.getByText('2 requests left')).toBeVisible();

  // Two more requests (the mail "did not arrive"): the limit of 3 is reached.
  await resendWhenAllowed(page);
  await expect(page.getByText('1 request left')).toBeVisible();
  const lastSentAt = await resendWhenAllowed(page);
  await expect(page.getByText('0 requests left')).toBeVisible();
  const latest = await mailedOtp(request, lastSentAt);

  // A reload: the OTP step is still there (from the server), not the reference step.
  await page.reload();
  await expect(page.getByText('We sent a 6-digit OTP to a***a@example.com.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('0 requests left')).toBeVisible();
  // The reference step's button: exact, or "Resend OTP" of the OTP step would match too.
  await expect(page.getByRole('button', { name: 'Send OTP', exact: true })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(latest);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page).toHaveURL(new RegExp(`/ekyc/${FORM}/${txnId}\\?orgId=${ORG}$`));
  const info = await request.get(`${BASE}/transactions/eval-info?orgId=${ORG}&txnId=${txnId}`, { headers });
  expect((await info.json()).data).toMatchObject({
    provider: PARTNER,
    reference: REFERENCE,
    pendingOtp: null,
  });
});
