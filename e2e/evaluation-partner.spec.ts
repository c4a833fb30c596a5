import {
  apiLogin,
  expect,
  expectNoSeriousA11yViolations,
  test,
  uniqueMobile,
  expectNoSidewaysScroll,
} from './fixtures';

// Issue 11, step 3 of the journey: a single sign-on link lands on /select-evaluation-partner; the
// candidate validates the evaluation-partner reference with the OTP sent to the partner's e-mail
// (read from the dev outbox, the embedded mail provider) and reaches the form home. At 360 px.

const BASE = '/api/verification/v1';
const ORG = 'demo-university';
const FORM = 'demo-form';
/** A sandbox reference (README "Evaluation partner") and the e-mail the sandbox has for it. */
const REFERENCE = '4012345';
const EMAIL = 'asha.verma@example.com';

test('single sign-on → partner → reference → e-mail OTP from the outbox → form home, at 360 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  // The organisation's single sign-on: a session of the candidate, its refresh token in the link.
  const session = await apiLogin(request, uniqueMobile(), 'Asha Verma');
  const headers = { authorization: `Bearer ${session.accessToken}`, 'partner-org-id': 'veridocs' };
  const created = await request.post(`${BASE}/transactions`, {
    headers,
    data: { orgId: ORG, eKycFormId: FORM },
  });
  const txnId = (await created.json()).data.transactionId as string;

  await page.goto(`/ekyc/${FORM}/${txnId}?orgId=${ORG}&sso=${encodeURIComponent(session.refreshToken)}`);
  await expect(page).toHaveURL(/\/select-evaluation-partner$/);
  // The privacy notice first (issue 29): nothing goes to the partner's e-mail before the consent.
  const sendBeforeConsent = await request.post(`${BASE}/transactions/eval-info/otp`, {
    headers,
    data: { orgId: ORG, txnId, partner: 'WES', reference: REFERENCE },
  });
  expect((await sendBeforeConsent.json()).code).toBe(340);
  await page.getByRole('button', { name: 'I agree' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Partner', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Validate your reference number' })).toBeVisible();
  const partner = page.getByRole('combobox', { name: 'Evaluation partner' });
  await expect(partner).toBeEnabled();
  await expectNoSidewaysScroll(page, 'reference step');
  await expectNoSeriousA11yViolations(page);

  // The partner's format is checked before any call.
  await partner.selectOption('WES');
  await expect(page.getByText('Format: 4012345')).toBeVisible();
  const reference = page.getByLabel('Reference number');
  await reference.fill('40-123');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Enter the reference number in the format 4012345')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/phone-360-evaluation-reference.png', fullPage: true });

  await reference.fill(REFERENCE);
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('We sent a 6-digit OTP to a***a@example.com.')).toBeVisible();
  await expect(page.getByText('2 requests left')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/phone-360-evaluation-otp.png', fullPage: true });
  await expectNoSidewaysScroll(page, 'OTP step');
  await expectNoSeriousA11yViolations(page);

  // The mail the embedded provider "sent", newest first.
  let otp = '';
  await expect
    .poll(async () => {
      const body = await (await request.get(`/api/dev/outbox?to=${EMAIL}`)).json();
      const mail = body.data.list[0];
      if (mail && mail.channel === 'email' && Date.parse(mail.createdAt) >= sentAt - 1000) otp = mail.otp;
      return otp;
    })
    .toMatch(/^\d{6}$/);

  // A wrong code is explained, with the attempts left.
  const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect OTP, 2 attempts left');

  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();

  await expect(page).toHaveURL(new RegExp(`/ekyc/${FORM}/${txnId}\\?orgId=${ORG}$`));
  await expect(page.getByText('Demo University is requesting the following verifications')).toBeVisible();
  await expectNoSidewaysScroll(page, 'form home');

  // The validated reference is stored on the transaction.
  const fresh = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const info = await request.get(`${BASE}/transactions/eval-info?orgId=${ORG}&txnId=${txnId}`, {
    headers: { authorization: `Bearer ${fresh}`, 'partner-org-id': 'veridocs' },
  });
  expect((await info.json()).data).toMatchObject({ provider: 'WES', reference: REFERENCE });
});

test('a form that asks for the partner: its tile opens the screen, and back on the form it reads validated', async ({
  page,
  request,
}) => {
  const session = await apiLogin(request, uniqueMobile(), 'Asha Verma');
  await page.addInitScript((s) => {
    window.localStorage.setItem('accessToken', s.accessToken);
    window.localStorage.setItem('refreshToken', s.refreshToken);
    window.localStorage.setItem('refreshTokenExpiresIn', String(s.refreshTokenExpiresIn));
  }, session);
  const form = 'demo-evaluation-form';
  // The form has no questionnaire: Start opens the form home.
  await page.goto(`/ekyc/${form}?orgId=${ORG}`);
  await page.getByRole('button', { name: 'Start Verification' }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const tile = page.getByRole('button', { name: /^Evaluation partner/ });
  await expect(tile).toContainText('Validate your application reference number by e-mail OTP');
  await tile.click();
  await expect(page).toHaveURL(/\/select-evaluation-partner\?/);
  await page.getByRole('combobox', { name: 'Evaluation partner' }).selectOption('WES');
  await page.getByLabel('Reference number').fill(REFERENCE);
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  let otp = '';
  await expect
    .poll(async () => {
      const body = await (await request.get(`/api/dev/outbox?to=${EMAIL}`)).json();
      const mail = body.data.list[0];
      if (mail && mail.channel === 'email' && Date.parse(mail.createdAt) >= sentAt - 1000) otp = mail.otp;
      return otp;
    })
    .toMatch(/^\d{6}$/);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page).toHaveURL(new RegExp(`/ekyc/${form}/[0-9a-f-]+\\?orgId=${ORG}$`));
  await expect(page.getByRole('button', { name: /^Evaluation partner/ })).toContainText(
    'Reference validated with WES',
  );
  await expectNoSeriousA11yViolations(page);
});
