import type { APIRequestContext } from '@playwright/test';
import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  latestOtp,
  opsSignIn,
  marksheetPdf,
  startedDemoTransaction,
} from './fixtures';

const BASE = '/api/verification/v1';
const ORG = 'demo-university';
const SIZES = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1440, height: 900 },
];
const SKIP = [
  'bgv-twelfth',
  'bgv-tenth',
  'passport',
  'dl',
  'employment-check',
  'bgv-employment',
  'bgv-address',
  'bgv-ews',
];

async function submitDemoForm(
  page: Parameters<typeof startedDemoTransaction>[0],
  request: APIRequestContext,
) {
  const { headers, txnId } = await startedDemoTransaction(page, request);
  const file = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: 'marksheet',
      file: { name: 'marksheet.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma') },
    },
  });
  const { fileId } = (await file.json()).data;
  const degree = await request.post(`${BASE}/bgv`, {
    headers,
    data: {
      orgId: ORG,
      txnId,
      verificationName: 'bgv-degree',
      data: {
        institute: { value: 'Other' },
        degreeName: 'Bachelor of Science',
        passingYear: '2019',
        instituteId: 'DU-2016-0042',
        degreeStatus: 'DEGREE_AND_MARKSHEET',
        marksheet: { fileId },
      },
    },
  });
  expect((await degree.json()).code).toBe(0);
  const started = await request.post(`${BASE}/verifications/otp/aadhaar`, {
    headers,
    data: { orgId: ORG, txnId, aadhaarNumber: '345678901238' },
  });
  const { requestId } = (await started.json()).data;
  const { otp } = await latestOtp(request, 'aadhaar-1238');
  const verified = await request.post(`${BASE}/transactions/verify/identification`, {
    headers,
    data: { orgId: ORG, txnId, requestId, otp },
  });
  expect((await verified.json()).code).toBe(0);
  await request.post(`${BASE}/transactions/process/mark-as-skip`, {
    headers,
    data: { orgId: ORG, txnId, verificationNameList: SKIP },
  });
  const submitted = await request.post(`${BASE}/transactions/submit`, {
    headers,
    data: { orgId: ORG, txnId },
  });
  expect((await submitted.json()).data.state).toBe('SUBMITTED');
  return { headers, txnId };
}

for (const size of SIZES) {
  test(`a decision of the verification team appears as a notification without a reload (${size.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const { txnId } = await submitDemoForm(page, request);

    const stream = page.waitForResponse((r) => r.url().includes('/api/notification-stream'));
    await page.goto('/notifications');
    await expect(page.getByText('No Notifications yet').first()).toBeVisible();
    // The live stream is open before the team decides.
    expect((await stream).status()).toBe(200);
    let reloads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads += 1;
    });

    const ops = await opsSignIn(request);
    const decide = (data: object) =>
      request.post(`/api/ops/transactions/${txnId}/decisions`, { headers: ops, data });
    expect((await (await decide({ verificationName: 'bgv-degree', state: 'IN_PROGRESS' })).json()).code).toBe(
      0,
    );
    const raised = await decide({
      verificationName: 'bgv-degree',
      state: 'INSUFFICIENT_DATA',
      reason: 'Marksheet for **semester 5** is missing <script>window.pwned=1</script>',
      documents: [{ key: 'semester-5', label: 'Marksheet for semester 5' }],
    });
    expect((await raised.json()).code).toBe(0);

    const list = page.getByRole('main').getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('heading', { name: 'Action required' })).toBeVisible({ timeout: 5_000 });
    await expect(list.getByRole('heading', { name: 'Verification in progress' })).toBeVisible();
    expect(reloads).toBe(0);
    const action = list.getByRole('listitem').first();
    // The reason shows as typed: its markup escaped, the script inert text.
    await expect(action).toContainText('Reason: Marksheet for **semester 5** is missing <script>');
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await expect(action.locator('time')).toHaveText('a few secs');
    // The full date on focus, as on hover.
    await action.locator('time').focus();
    await expect(page.getByRole('tooltip')).toContainText(/\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}/);
    await page.keyboard.press('Escape');
    if (size.name === 'desktop') {
      const panel = page.getByRole('complementary', { name: 'Notifications' });
      await expect(panel.getByRole('heading', { name: 'Action required' })).toBeVisible();
      await expect(panel.getByRole('link', { name: 'See All' })).toBeVisible();
    }
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `e2e/screenshots/notifications-${size.name}.png`, fullPage: true });
  });
}

test('in Hindi, a decision of the team appears as a Hindi notification; in English again, it reads English', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The app starts in Hindi (the language kept on this device).
  await page.addInitScript(() => {
    if (!window.sessionStorage.getItem('e2e-language-set')) {
      window.localStorage.setItem('veridocs-language', 'hi');
      window.sessionStorage.setItem('e2e-language-set', '1');
    }
  });
  const { txnId } = await submitDemoForm(page, request);
  const stream = page.waitForResponse((r) => r.url().includes('/api/notification-stream'));
  await page.goto('/notifications', { timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi', { timeout: 30_000 });
  expect((await stream).status()).toBe(200);

  const ops = await opsSignIn(request);
  const decide = (data: object) =>
    request.post(`/api/ops/transactions/${txnId}/decisions`, { headers: ops, data });
  expect((await (await decide({ verificationName: 'bgv-degree', state: 'IN_PROGRESS' })).json()).code).toBe(
    0,
  );
  const raised = await decide({
    verificationName: 'bgv-degree',
    state: 'INSUFFICIENT_DATA',
    reason:
      'Marksheet for **semester 5** is missing <script>window.pwned=1</script> [open](javascript:alert(1))',
    documents: [{ key: 'semester-5', label: 'Marksheet for semester 5' }],
  });
  expect((await raised.json()).code).toBe(0);

  const list = page.getByRole('main').getByRole('list', { name: 'सूचनाएँ' });
  await expect(list.getByRole('heading', { name: 'आपकी कार्रवाई ज़रूरी है' })).toBeVisible({ timeout: 10_000 });
  await expect(list.getByRole('heading', { name: 'सत्यापन जारी है' })).toBeVisible();
  const action = list.getByRole('listitem').first();
  await expect(action).toContainText('Demo University के लिए आपके डिग्री सत्यापन के लिए हमें आपसे कुछ और चाहिए।');
  // The verifier's reason stays as typed: no bold, no script, no link.
  await expect(action).toContainText(
    'कारण: Marksheet for **semester 5** is missing <script>window.pwned=1</script> [open](javascript:alert(1))',
  );
  // Its only link is the title's, to the in-app page: the reason's `javascript:` stays text.
  await expect(action.getByRole('link')).toHaveCount(1);
  await expect(action.getByRole('link')).toHaveAttribute(
    'href',
    `/verification/insufficiency?orgId=${ORG}&txnId=${txnId}&name=bgv-degree`,
  );
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  // The desktop side panel reads Hindi too.
  const panel = page.getByRole('complementary', { name: 'सूचनाएँ' });
  await expect(panel.getByRole('heading', { name: 'आपकी कार्रवाई ज़रूरी है' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'e2e/screenshots/notifications-hindi-desktop.png', fullPage: true });

  // Back to English from the menu: the same notifications, read again in English.
  await page.getByRole('button', { name: 'भाषा: हिन्दी' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  const english = page.getByRole('main').getByRole('list', { name: 'Notifications' });
  await expect(english.getByRole('heading', { name: 'Action required' })).toBeVisible({ timeout: 10_000 });
  await expect(english.getByRole('heading', { name: 'Verification in progress' })).toBeVisible();
  await expect(english.getByRole('heading', { name: 'आपकी कार्रवाई ज़रूरी है' })).toHaveCount(0);
});
