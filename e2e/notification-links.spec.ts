import type { APIRequestContext, Page } from '@playwright/test';
import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  latestOtp,
  marksheetPdf,
  opsSignIn,
  startedDemoTransaction,
} from './fixtures';

// Issue 24, bugs 5, 8 and 9, and the home card that stayed "Submitted" until a reload.
const BASE = '/api/verification/v1';
const ORG = 'demo-university';
const SIZES = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
];
const REASON = 'Marksheet for semester 5 is missing';

async function upload(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: 'marksheet',
      file: { name: 'marksheet.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma') },
    },
  });
  const file = (await res.json()).data;
  expect(file.state).not.toBe('ERROR');
  return file.fileId as string;
}

/**
 * The demo form submitted through the API: a degree at a listed institute (Anna University), the 12th
 * (unless left out), Aadhaar by OTP, the rest skipped.
 */
async function submitted(page: Page, request: APIRequestContext, { twelfth }: { twelfth: boolean }) {
  const { headers, txnId } = await startedDemoTransaction(page, request);
  const save = async (verificationName: string, data: object) => {
    const res = await request.post(`${BASE}/bgv`, {
      headers,
      data: { orgId: ORG, txnId, verificationName, data },
    });
    expect((await res.json()).code).toBe(0);
  };
  await save('bgv-degree', {
    institute: { value: 'anna-university' },
    degreeName: 'Bachelor of Engineering',
    passingYear: '2019',
    instituteId: '201604200042',
    degreeStatus: 'DEGREE_AND_MARKSHEET',
    marksheet: { fileId: await upload(request, headers) },
  });
  if (twelfth)
    await save('bgv-twelfth', {
      board: { value: 'CBSE' },
      rollNumber: '4512873',
      passingYear: '2015',
      state: 'Kerala',
      marksheet: { fileId: await upload(request, headers) },
    });
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
  const skip = [
    'bgv-tenth',
    'passport',
    'dl',
    'employment-check',
    'bgv-employment',
    'bgv-address',
    'bgv-ews',
  ];
  await request.post(`${BASE}/transactions/process/mark-as-skip`, {
    headers,
    data: { orgId: ORG, txnId, verificationNameList: twelfth ? skip : [...skip, 'bgv-twelfth'] },
  });
  const sent = await request.post(`${BASE}/transactions/submit`, { headers, data: { orgId: ORG, txnId } });
  expect((await sent.json()).data.state).toBe('SUBMITTED');
  const ops = await opsSignIn(request);
  const decide = async (data: object) => {
    const res = await request.post(`/api/ops/transactions/${txnId}/decisions`, { headers: ops, data });
    expect((await res.json()).code).toBe(0);
  };
  return { txnId, decide };
}

/** The team's request for the degree, open: what an "Action required" notification must lead to. */
async function expectTheRequest(page: Page, txnId: string) {
  await expect(page).toHaveURL(
    new RegExp(`/verification/insufficiency\\?orgId=${ORG}&txnId=${txnId}&name=bgv-degree$`),
  );
  await expect(page.getByRole('heading', { name: 'Document Details' })).toBeVisible();
  await expect(page.getByText(REASON, { exact: true })).toBeVisible();
  await expect(page.getByText(/This link is incomplete/)).toHaveCount(0);
}

for (const size of SIZES) {
  test(`"Action required" opens the team's request from the list and the panel; texts name the 12th; the home card follows (${size.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const { txnId, decide } = await submitted(page, request, { twelfth: true });

    // The home, with its live stream open before the team decides.
    const stream = page.waitForResponse((r) => r.url().includes('/api/notification-stream'));
    await page.goto('/');
    const verifications = page.getByRole('region', { name: 'Your verifications' });
    await expect(verifications.getByRole('link', { name: /Submitted/ })).toBeVisible({ timeout: 30_000 });
    expect((await stream).status()).toBe(200);
    let reloads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads += 1;
    });

    await decide({ verificationName: 'bgv-twelfth', state: 'IN_PROGRESS' });
    await decide({ verificationName: 'bgv-degree', state: 'IN_PROGRESS' });
    await decide({
      verificationName: 'bgv-degree',
      state: 'INSUFFICIENT_DATA',
      reason: REASON,
      documents: [{ key: 'semester-5', label: 'Marksheet for semester 5' }],
    });

    // The home card says what the notification says, without a reload.
    await expect(verifications.getByRole('link', { name: /Action Required/ })).toBeVisible({
      timeout: 15_000,
    });
    await expect(verifications.getByRole('link', { name: /Submitted/ })).toHaveCount(0);
    expect(reloads).toBe(0);

    if (size.name === 'desktop') {
      // From the side panel.
      const panel = page.getByRole('complementary', { name: 'Notifications' });
      await expect(panel.getByRole('heading', { name: 'Action required' })).toBeVisible();
      // The 12th by the label its tile shows, never "Twelfth".
      await expect(panel).toContainText(
        'The verification team started on your 12th verification for Demo University.',
      );
      await expect(panel).not.toContainText('Twelfth');
      await panel.getByRole('link', { name: 'Action required' }).click();
      await expectTheRequest(page, txnId);
      await expectNoSeriousA11yViolations(page);
      await page
        .getByRole('complementary', { name: 'Notifications' })
        .getByRole('link', { name: 'See All' })
        .click();
    } else {
      // A phone has no panel: the menu's Notifications.
      await expect(async () => {
        await page.getByRole('button', { name: 'Open menu' }).click({ timeout: 5_000 });
        await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible({
          timeout: 2_000,
        });
      }).toPass({ timeout: 45_000 });
      await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    }

    // From the list: the same link, the same screen.
    await expect(page).toHaveURL(/\/notifications$/);
    const list = page.getByRole('main').getByRole('list', { name: 'Notifications' });
    await expect(list).toContainText(
      'The verification team started on your 12th verification for Demo University.',
    );
    await expect(list).toContainText(
      'We need more from you for your Degree verification for Demo University.',
    );
    await expect(list).not.toContainText('Twelfth');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `e2e/screenshots/notification-links-${size.name}.png`, fullPage: true });
    await list.getByRole('link', { name: 'Action required' }).click();
    await expectTheRequest(page, txnId);
    await expectNoSidewaysScroll(page);

    // "Verification in progress" opens that verification's own page.
    await page.goBack();
    await list
      .getByRole('listitem')
      .filter({ hasText: 'your 12th verification' })
      .getByRole('link', { name: 'Verification in progress' })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/verification-info\\?orgId=${ORG}&txnId=${txnId}&name=bgv-twelfth$`),
    );
    await expect(page.getByRole('heading', { name: '12th', level: 2 })).toBeVisible();
    await expect(page.getByText(/This link is incomplete/)).toHaveCount(0);
  });
}

test('the credential names the institute, in the wallet and on the public page; its notification opens it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { decide } = await submitted(page, request, { twelfth: false });
  await decide({ verificationName: 'bgv-degree', state: 'IN_PROGRESS' });
  await decide({ verificationName: 'bgv-degree', state: 'COMPLETED' });

  // The notification of the new credential opens that credential.
  await page.goto('/notifications');
  const list = page.getByRole('main').getByRole('list', { name: 'Notifications' });
  await list.getByRole('link', { name: 'Credential added to your wallet' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/wallet\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Degree', level: 2 })).toBeVisible();
  const facts = page.getByRole('main');
  await expect(facts.getByText('Anna University', { exact: true })).toBeVisible();
  await expect(facts).not.toContainText('anna-university');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/credential-institute-phone.png', fullPage: true });

  // Anyone who checks it reads the name too.
  const link = await page.getByLabel('Share link', { exact: true }).inputValue();
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const publicPage = await visitor.newPage();
  await publicPage.goto(new URL(link).pathname);
  await expect(publicPage.getByText('Valid credential')).toBeVisible({ timeout: 45_000 });
  await expect(publicPage.getByText('Anna University', { exact: true })).toBeVisible();
  await expect(publicPage.locator('body')).not.toContainText('anna-university');
  await expectNoSeriousA11yViolations(publicPage);
  await visitor.close();
});
