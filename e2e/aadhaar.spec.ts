import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  latestOtp,
  marksheetPdf,
  startedDemoTransaction,
  expectNoSidewaysScroll,
} from './fixtures';

const ORG = 'demo-university';
const PHONE = { width: 360, height: 780 };

test('Aadhaar by OTP at 360 px: a bad check digit refused at once, captcha, OTP, profile filled', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const { txnId, headers } = await startedDemoTransaction(page, request, 'Asha V');
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/verifications/')) calls.push(r.url());
  });

  await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=aadhaar`);
  await expect(page.getByRole('heading', { level: 2, name: 'Aadhaar', exact: true })).toBeVisible();
  const blocks = page.getByRole('group', { name: 'Aadhaar number' }).getByRole('textbox');
  await expect(blocks).toHaveCount(3);
  await expectNoSidewaysScroll(page, 'number');
  await expectNoSeriousA11yViolations(page);

  // The sandbox number with its last digit changed: refused before any call.
  await blocks.first().click();
  await page.keyboard.type('234567890125');
  await expect(page.getByText('This is not a valid Aadhaar number, please check the digits')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get OTP' })).toBeDisabled();
  expect(calls).toEqual([]);

  // The sandbox number that asks a captcha (2345 6789 0124).
  await page.keyboard.press('Backspace');
  await page.keyboard.type('4');
  await expect(page.getByText('This is not a valid Aadhaar number, please check the digits')).toHaveCount(0);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  const captcha = page.getByRole('img', { name: 'Captcha image with distorted characters' });
  await expect(captcha).toBeVisible();
  expect(await captcha.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await expectNoSidewaysScroll(page, 'captcha');
  await expectNoSeriousA11yViolations(page);

  // A wrong answer: told so, with a new image; then the answer the sandbox leaves in the dev outbox.
  await page.getByLabel('Characters in the image').fill('WRONG');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The text does not match the image, please try again')).toBeVisible();
  const { otp: answer } = await latestOtp(request, 'aadhaar-captcha-0124');
  await page.getByLabel('Characters in the image').fill(answer);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByText('Enter the 6-digit OTP sent to the mobile number linked with Aadhaar XXXX XXXX 0124.'),
  ).toBeVisible();
  await expectNoSidewaysScroll(page, 'otp');
  await expectNoSeriousA11yViolations(page);
  const { otp } = await latestOtp(request, 'aadhaar-0124');
  const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
  const otpBlocks = page.getByRole('group', { name: 'Aadhaar OTP' }).getByRole('textbox');
  await otpBlocks.first().click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Incorrect OTP, 2 attempts left')).toBeVisible();
  await otpBlocks.first().click();
  await page.keyboard.type(otp);
  await page.getByRole('button', { name: 'Verify' }).click();

  // The profile filled from Aadhaar.
  const profile = page.getByTestId('aadhaar-profile');
  await expect(profile.getByText('Identity verified with Aadhaar')).toBeVisible();
  await expect(profile.getByText('Asha Verma')).toBeVisible();
  await expect(profile.getByText('15-08-1994')).toBeVisible();
  await expect(profile.getByText('Female')).toBeVisible();
  await expect(profile.getByText(/Gurugram, Haryana 122001/)).toBeVisible();
  await expect(profile.getByText('XXXX XXXX 0124')).toBeVisible();
  await expect(profile.getByRole('img', { name: 'Photo from Aadhaar' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'profile');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'e2e/screenshots/aadhaar-otp-phone.png', fullPage: true });

  // The browser keeps the full number nowhere: not in storage, not on the page.
  const kept = await page.evaluate(() =>
    JSON.stringify([{ ...window.localStorage }, { ...window.sessionStorage }, document.body.innerHTML]),
  );
  expect(kept).not.toContain('234567890124');
  expect(kept).not.toContain('2345 6789 0124');

  // The server agrees: the name given at sign-up kept, the verified one beside it, the check completed.
  const me = await (await request.get('/api/web-wallet/profile', { headers })).json();
  expect(me.data).toMatchObject({ profileDetails: { name: 'Asha V' }, verifiedName: 'Asha Verma' });
  const info = await (
    await request.get(`/api/verification/v1/transactions/info?orgId=${ORG}&txnId=${txnId}`, { headers })
  ).json();
  expect(info.data.verificationList.aadhaar.state).toBe('COMPLETED');

  // The form offers the name change request: the names differ. It asks for a proof document.
  await page.getByRole('link', { name: 'Back to the form' }).click();
  await expect(
    page.getByText(
      'The name on your verified identity (Asha Verma) differs from your profile name (Asha V).',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Request name change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a name change' });
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await expect(dialog.getByText('Upload document proof')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'gazette-notification.pdf',
    mimeType: 'application/pdf',
    buffer: await marksheetPdf('Asha Verma'),
  });
  await expect(dialog.getByRole('button', { name: 'View gazette-notification.pdf' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Name change requested', { exact: true })).toBeVisible();
  const filed = await (
    await request.get(`/api/verification/v1/transactions/info?orgId=${ORG}&txnId=${txnId}`, { headers })
  ).json();
  expect(filed.data.nameChangeRequest).toEqual({ requested: true });

  // Opened again (the tile): the verified details, no new check.
  await page.getByRole('button', { name: /^Aadhaar, Verified/i }).click();
  await expect(page.getByTestId('aadhaar-profile').getByText('Asha Verma')).toBeVisible();
});

test('Aadhaar by OTP: the provider being down is explained', async ({ page, request }) => {
  const { txnId } = await startedDemoTransaction(page, request);
  await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=aadhaar`);
  await page.getByRole('group', { name: 'Aadhaar number' }).getByRole('textbox').first().click();
  // The sandbox's "provider down" number.
  await page.keyboard.type('456789012341');
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(
    page.getByText('The Aadhaar service is not responding right now, please try again in a few minutes'),
  ).toBeVisible();
});
