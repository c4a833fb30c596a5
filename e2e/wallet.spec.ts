import type { APIRequestContext } from '@playwright/test';
import {
  test,
  expect,
  apiLogin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  latestOtp,
  marksheetPdf,
  opsSignIn,
  startedDemoTransaction,
  uniqueMobile,
  useSession,
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

for (const size of SIZES) {
  test(`Wallet: a degree the team completes is a credential that verifies on the public page (${size.name})`, async ({
    page,
    browser,
    request,
  }) => {
    // A whole journey through the API first: longer than the default on a busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    // The candidate submits the demo form: a degree, Aadhaar by OTP, the rest skipped.
    const { headers, txnId } = await startedDemoTransaction(page, request);
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
          marksheet: { fileId: await upload(request, headers) },
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

    // The verification team completes the degree through the ops decision route.
    const ops = await opsSignIn(request);
    for (const state of ['IN_PROGRESS', 'COMPLETED']) {
      const decided = await request.post(`/api/ops/transactions/${txnId}/decisions`, {
        headers: ops,
        data: { verificationName: 'bgv-degree', state },
      });
      expect((await decided.json()).code).toBe(0);
    }

    // The wallet, from the navigation (the drawer on a phone).
    await page.goto('/');
    if (size.name === 'phone') {
      // The signed-in shell is pre-rendered and then drawn over: a click on the early copy does nothing.
      await expect(async () => {
        await page.getByRole('button', { name: 'Open menu' }).click({ timeout: 5_000 });
        await expect(page.getByRole('link', { name: 'Wallet', exact: true })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 45_000 });
    }
    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
    const card = page.getByRole('link', { name: 'View credential: Degree' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Valid')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View credential: Aadhaar' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `e2e/screenshots/wallet-${size.name}.png`, fullPage: true });

    // One credential: its facts, the share link and the QR code.
    await card.click();
    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Degree', level: 2 })).toBeVisible();
    await expect(page.getByText('Bachelor of Science')).toBeVisible();
    await page.getByRole('button', { name: 'Show QR code' }).click();
    await expect(page.getByRole('img', { name: 'QR code of the share link' })).toBeVisible();
    const link = await page.getByLabel('Share link', { exact: true }).inputValue();
    expect(link).toMatch(/\/credentials\/verify\/[A-Za-z0-9_-]{22}$/);

    // A supporting document, added in the browser through the upload component (ADR 0037).
    const documents = page.getByRole('region', { name: 'Supporting documents' });
    await expect(documents.getByText('No documents added yet.')).toBeVisible();
    await documents.locator('input[type="file"]').setInputFiles({
      name: 'degree-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: await marksheetPdf('Asha Verma'),
    });
    await expect(documents.getByText('degree-certificate.pdf')).toBeVisible({ timeout: 30_000 });
    await expect(documents.getByRole('button', { name: 'Download degree-certificate.pdf' })).toBeVisible();
    await expect(documents.getByText('No documents added yet.')).toBeHidden();
    // Kept on the server: the list says so after a reload too.
    await page.reload();
    await expect(documents.getByText('degree-certificate.pdf')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `e2e/screenshots/wallet-credential-${size.name}.png`, fullPage: true });

    // Anyone, without an account, verifies it on the public page.
    const visitor = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const publicPage = await visitor.newPage();
    await publicPage.goto(new URL(link).pathname);
    // A fresh browser: the whole app loads first (slow on a busy machine).
    await expect(publicPage.getByText('Valid credential')).toBeVisible({ timeout: 45_000 });
    await expect(publicPage.getByText('Bachelor of Science')).toBeVisible();
    await expect(publicPage.getByText('Signature: passed')).toBeVisible();
    await expect(publicPage.getByText('Not revoked: passed')).toBeVisible();
    // The holder's document is theirs: the public page never shows it, nor offers a wallet to a visitor.
    await expect(publicPage.getByText('degree-certificate.pdf')).toHaveCount(0);
    await expect(publicPage.getByRole('button', { name: 'Add to my wallet' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(publicPage);
    await expectNoSidewaysScroll(publicPage);
    await publicPage.screenshot({
      path: `e2e/screenshots/credential-verify-${size.name}.png`,
      fullPage: true,
    });

    // Another candidate, signed in, keeps the shared credential in their wallet (once).
    const friend = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const friendPage = await friend.newPage();
    await useSession(friendPage, await apiLogin(request, uniqueMobile(), 'Ravi Kumar'));
    await friendPage.goto(new URL(link).pathname);
    await expect(friendPage.getByText('Valid credential')).toBeVisible({ timeout: 45_000 });
    await expect(friendPage.getByRole('button', { name: 'Add to my wallet' })).toBeVisible();
    await expectNoSeriousA11yViolations(friendPage);
    await expectNoSidewaysScroll(friendPage);
    await friendPage.screenshot({
      path: `e2e/screenshots/credential-receive-${size.name}.png`,
      fullPage: true,
    });
    await friendPage.getByRole('button', { name: 'Add to my wallet' }).click();
    await expect(friendPage).toHaveURL(/\/wallet\/[0-9a-f-]{36}$/);
    await expect(friendPage.getByText(/Shared with you by its holder/)).toBeVisible();
    await expect(friendPage.getByText('degree-certificate.pdf')).toHaveCount(0);
    await friendPage.goto('/wallet');
    const received = friendPage.getByRole('link', { name: 'View credential: Degree' });
    await expect(received.getByText('Received')).toBeVisible();
    await expectNoSeriousA11yViolations(friendPage);
    await expectNoSidewaysScroll(friendPage);
    await friendPage.screenshot({ path: `e2e/screenshots/wallet-received-${size.name}.png`, fullPage: true });
    // …and takes it out again, after a confirmation: it leaves their wallet only.
    await received.click();
    await expect(friendPage.getByRole('button', { name: 'Remove from my wallet' })).toBeVisible();
    await friendPage.screenshot({
      path: `e2e/screenshots/wallet-received-credential-${size.name}.png`,
      fullPage: true,
    });
    await friendPage.getByRole('button', { name: 'Remove from my wallet' }).click();
    const confirmReceived = friendPage.getByRole('dialog', {
      name: 'Remove this credential from your wallet?',
    });
    await expect(confirmReceived).toBeVisible();
    await expectNoSeriousA11yViolations(friendPage);
    await confirmReceived.getByRole('button', { name: 'Remove' }).click();
    await expect(friendPage).toHaveURL(/\/wallet$/);
    await expect(friendPage.getByText('No credentials yet')).toBeVisible();
    await friend.close();

    // The holder takes the supporting document off, after a confirmation; the credential stays.
    await documents.getByRole('button', { name: 'Remove degree-certificate.pdf' }).click();
    const confirmDocument = page.getByRole('dialog', { name: 'Remove this document?' });
    await expect(confirmDocument.getByText(/degree-certificate.pdf will no longer be kept/)).toBeVisible();
    await confirmDocument.getByRole('button', { name: 'Remove' }).click();
    await expect(documents.getByText('No documents added yet.')).toBeVisible();
    await expect(documents.getByText('degree-certificate.pdf')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Degree', level: 2 })).toBeVisible();

    // Revoked by an admin: the same page now says so.
    if (size.name === 'desktop') {
      const id = new URL(page.url()).pathname.split('/').pop()!;
      const admin = await opsSignIn(request, 'admin');
      const revoked = await request.post(`/api/ops/credentials/${id}/revoke`, {
        headers: admin,
        data: { reason: 'Degree record corrected by the university' },
      });
      expect((await revoked.json()).code).toBe(0);
      await publicPage.reload();
      await expect(publicPage.getByText('Revoked credential')).toBeVisible({ timeout: 45_000 });
      await expect(publicPage.getByText('Not revoked: failed')).toBeVisible();
    }
    await visitor.close();
  });
}
