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

async function upload(request: APIRequestContext, headers: Record<string, string>, category: string) {
  const res = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: category,
      file: {
        name: `${category}.pdf`,
        mimeType: 'application/pdf',
        buffer: await marksheetPdf('Asha Verma'),
      },
    },
  });
  const file = (await res.json()).data;
  expect(file.state).not.toBe('ERROR');
  return file.fileId as string;
}

for (const size of SIZES) {
  test(`Action Required: the team asks for a document, the candidate answers it (${size.name})`, async ({
    page,
    request,
  }) => {
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
          marksheet: { fileId: await upload(request, headers, 'marksheet') },
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
    const skip = [
      'bgv-twelfth',
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
      data: { orgId: ORG, txnId, verificationNameList: skip },
    });
    const submitted = await request.post(`${BASE}/transactions/submit`, {
      headers,
      data: { orgId: ORG, txnId },
    });
    expect((await submitted.json()).data.state).toBe('SUBMITTED');

    // The team starts the degree and marks it insufficient with a reason and one document.
    const ops = await opsSignIn(request);
    const decide = (data: object) =>
      request.post(`/api/ops/transactions/${txnId}/decisions`, { headers: ops, data });
    expect((await (await decide({ verificationName: 'bgv-degree', state: 'IN_PROGRESS' })).json()).code).toBe(
      0,
    );
    const raised = await decide({
      verificationName: 'bgv-degree',
      state: 'INSUFFICIENT_DATA',
      reason: 'Marksheet for semester 5 is missing',
      documents: [{ key: 'semester-5', label: 'Marksheet for semester 5' }],
    });
    expect((await raised.json()).data).toMatchObject({
      state: 'INSUFFICIENT_DATA',
      transactionState: 'INSUFFICIENT_DATA',
    });

    // The candidate sees it first, with Action Required and the reason.
    await page.goto(`/ekyc/demo-form/${txnId}?orgId=${ORG}`);
    await page.getByRole('button', { name: /View Verification|Start Verification/ }).click();
    const firstGroup = page.getByTestId('tile-group').first();
    const tile = firstGroup.getByRole('button', { name: /Action Required/ });
    await expect(tile).toBeVisible();
    await expect(firstGroup.getByText('Marksheet for semester 5 is missing')).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/action-required-home-${size.name}.png`, fullPage: true });

    // A degree accepts several submissions (ADR 0022), so its insufficient tile opens Document Details
    // straight away (spec §4: only degree-type tiles without multiple submissions open the info screen).
    await tile.click();
    await expect(page).toHaveURL(/\/verification\/insufficiency\?/);
    await expect(page.getByRole('heading', { name: 'Document Details' })).toBeVisible();
    await expect(page.getByText('Marksheet for semester 5 is missing', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideways).toBe(true);
    await page.screenshot({ path: `e2e/screenshots/insufficiency-${size.name}.png`, fullPage: true });

    await page.locator('input[data-testid="semester-5-input"]').setInputFiles({
      name: 'semester-5.pdf',
      mimeType: 'application/pdf',
      buffer: await marksheetPdf('Asha Verma'),
    });
    await expect(page.getByRole('article', { name: 'semester-5.pdf' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Submit Documents' }).click();

    // Back on the form home: the degree is back with the team.
    await expect(page.getByText('Demo University is requesting the following verifications')).toBeVisible();
    await expect(page.getByRole('button', { name: /Degree.*, Submitted/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Action Required/ })).toHaveCount(0);
    await page.screenshot({
      path: `e2e/screenshots/action-required-answered-${size.name}.png`,
      fullPage: true,
    });

    const history = await (
      await request.get(`/api/ops/transactions/${txnId}/insufficiencies`, { headers: ops })
    ).json();
    expect(history.data.list).toHaveLength(1);
    expect(history.data.list[0].answers).toHaveLength(1);
  });
}
