import type { APIRequestContext } from '@playwright/test';
import {
  test,
  expect,
  expectNoSeriousA11yViolations,
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

interface InboxEntry {
  code: string;
  transactionId: string;
  pdfSha256: string;
}

async function inboxFor(request: APIRequestContext, txnId: string): Promise<InboxEntry> {
  for (let i = 0; i < 60; i++) {
    const list = (await (await request.get('/api/dev/partner-inbox')).json()).data.list as InboxEntry[];
    const hit = list.find((e) => e.transactionId === txnId);
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the partner never received the report');
}

for (const size of SIZES) {
  test(`the report: made when the last verification is decided, sent to WES, confirmed in public (${size.name})`, async ({
    page,
    request,
  }) => {
    // The whole journey through the API, the job loop and two pages: slow on a busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    // The candidate submits the demo form with WES as the evaluation partner.
    const { headers, txnId } = await startedDemoTransaction(page, request);
    const upload = await request.post('/api/utility/files', {
      headers,
      multipart: {
        fileCategory: 'marksheet',
        file: {
          name: 'marksheet.pdf',
          mimeType: 'application/pdf',
          buffer: await marksheetPdf('Asha Verma'),
        },
      },
    });
    const fileId = (await upload.json()).data.fileId as string;
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
    const sent = await request.post(`${BASE}/transactions/eval-info/otp`, {
      headers,
      data: { orgId: ORG, txnId, partner: 'WES', reference: '4012345' },
    });
    const { otpId } = (await sent.json()).data;
    const mail = await latestOtp(request, 'asha.verma@example.com');
    const proved = await request.post(`${BASE}/transactions/eval-info`, {
      headers,
      data: { orgId: ORG, txnId, otpId, otp: mail.otp },
    });
    expect((await proved.json()).code).toBe(0);
    await request.post(`${BASE}/transactions/process/mark-as-skip`, {
      headers,
      data: {
        orgId: ORG,
        txnId,
        verificationNameList: [
          'bgv-twelfth',
          'bgv-tenth',
          'passport',
          'dl',
          'employment-check',
          'bgv-employment',
          'bgv-address',
          'bgv-ews',
        ],
      },
    });
    const submitted = await request.post(`${BASE}/transactions/submit`, {
      headers,
      data: { orgId: ORG, txnId },
    });
    expect((await submitted.json()).data.state).toBe('SUBMITTED');

    // The team decides the degree: the transaction completes, the report is made and sent.
    const ops = await opsSignIn(request);
    const decide = async (state: string) =>
      (
        await request.post(`/api/ops/transactions/${txnId}/decisions`, {
          headers: ops,
          data: { verificationName: 'bgv-degree', state },
        })
      ).json();
    expect((await decide('IN_PROGRESS')).code).toBe(0);
    expect((await decide('COMPLETED')).data.transactionState).toBe('COMPLETED');
    const received = await inboxFor(request, txnId);
    expect(received.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // The candidate sees "Congratulations!" and to whom the report went.
    await page.goto(`/ekyc/demo-form/${txnId}?orgId=${ORG}`);
    const viewButton = page.getByRole('button', { name: /View Verification|Start Verification/ });
    const congratulations = page.getByText('Congratulations!');
    await expect(viewButton.or(congratulations)).toBeVisible({ timeout: 30_000 });
    if (await viewButton.isVisible()) await viewButton.click();
    await expect(congratulations).toBeVisible();
    await expect(
      page.getByText(/Your verification report was sent to World Education Services \(WES\) on /),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `e2e/screenshots/report-sent-${size.name}.png`, fullPage: true });

    // The QR code's page, with no account: the report is confirmed.
    await page.context().clearCookies();
    await page.goto(`/reports/verify/${received.code}`);
    await expect(page.getByRole('heading', { name: `Verification report ${received.code}` })).toBeVisible();
    await expect(page.getByText('This is a genuine report issued by Veridocs.')).toBeVisible();
    await expect(page.getByText(received.pdfSha256)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideways).toBe(true);
    await page.screenshot({ path: `e2e/screenshots/report-verify-${size.name}.png`, fullPage: true });

    const unknown = await page.goto('/reports/verify/ZZZZ-ZZZZ-ZZZZ');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Report not found' })).toBeVisible();
  });
}
