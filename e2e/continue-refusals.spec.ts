import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, latestOtp, marksheetPdf, opsSignIn, startedDemoTransaction } from './fixtures';

const BASE = '/api/verification/v1';
const ORG = 'demo-university';
/** Every optional verification of the demo form but the driving licence. */
const OTHERS_OPTIONAL = [
  'bgv-twelfth',
  'bgv-tenth',
  'passport',
  'employment-check',
  'bgv-employment',
  'bgv-address',
  'bgv-ews',
];

type Headers = Record<string, string>;

/** The degree submitted and Aadhaar verified by OTP, through the API: the demo form's two required ones. */
async function requiredOnesDone(request: APIRequestContext, headers: Headers, txnId: string) {
  const file = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: 'marksheet',
      file: { name: 'marksheet.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma') },
    },
  });
  const marksheet = (await file.json()).data;
  const degree = await request.post(`${BASE}/bgv`, {
    headers,
    data: {
      orgId: ORG,
      txnId,
      verificationName: 'bgv-degree',
      data: {
        institute: { value: 'university-of-delhi' },
        degreeName: 'Bachelor of Science',
        passingYear: '2019',
        instituteId: 'DU-2016-0042',
        degreeStatus: 'DEGREE_AND_MARKSHEET',
        marksheet: { fileId: marksheet.fileId },
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
}

/** The driving licence auto-saved (PUT /bgv, as the form does while typing) but never submitted. */
async function licenceAutoSaved(request: APIRequestContext, headers: Headers, txnId: string) {
  const saved = await request.put(`${BASE}/bgv`, {
    headers,
    data: { orgId: ORG, txnId, verificationName: 'dl', data: { licenceNumber: 'MH12 20110012345' } },
  });
  expect((await saved.json()).code).toBe(0);
}

async function skip(request: APIRequestContext, headers: Headers, txnId: string, names: string[]) {
  const skipped = await request.post(`${BASE}/transactions/process/mark-as-skip`, {
    headers,
    data: { orgId: ORG, txnId, verificationNameList: names },
  });
  expect((await skipped.json()).code).toBe(0);
}

/** The form link: its init screen first on a fresh tab, the form home at once once it was seen. */
async function openFormHome(page: Page, txnId: string) {
  await page.goto(`/ekyc/demo-form/${txnId}?orgId=${ORG}`);
  const heading = page.getByText('Demo University is requesting the following verifications');
  const init = page.getByRole('button', { name: /View Verification|Start Verification/ });
  // The form link loads the organisation, the form and the candidate's transactions first.
  await expect(heading.or(init).first()).toBeVisible({ timeout: 30_000 });
  if (await init.isVisible()) await init.click();
  await expect(heading.first()).toBeVisible();
}

test.describe('Continue never refuses silently (issue 24, bug 1)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
  });

  test('an auto-saved optional licence is offered in "Skip pending" and Continue then submits', async ({
    page,
    request,
  }) => {
    const { headers, txnId } = await startedDemoTransaction(page, request);
    await requiredOnesDone(request, headers, txnId);
    await licenceAutoSaved(request, headers, txnId);

    await openFormHome(page, txnId);
    await expect(page.getByRole('button', { name: /^Driving licence, Data Saved/i })).toBeVisible();
    // Started but not submitted: it can still be skipped from the form home.
    await expect(page.getByRole('button', { name: 'Skip Driving licence' })).toBeVisible();

    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Driving licence')).toBeVisible();
    await dialog.getByRole('button', { name: 'Skip pending' }).click();
    await expect(page).toHaveURL(/\/submitted$/);
    const info = await (
      await request.get(`${BASE}/transactions/info?orgId=${ORG}&txnId=${txnId}`, { headers })
    ).json();
    expect(info.data.state).toBe('SUBMITTED');
    expect(info.data.verificationList.dl.markedAsSkip).toBe(true);
  });

  test('the Skip button of an auto-saved licence skips it', async ({ page, request }) => {
    const { headers, txnId } = await startedDemoTransaction(page, request);
    await requiredOnesDone(request, headers, txnId);
    await skip(request, headers, txnId, OTHERS_OPTIONAL);
    await licenceAutoSaved(request, headers, txnId);

    await openFormHome(page, txnId);
    await page.getByRole('button', { name: 'Skip Driving licence' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /skip/i }).click();
    await expect(page.getByRole('button', { name: /^Driving licence, Skipped/i })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/submitted$/);
  });

  test('a required verification saved but not submitted is named by Continue', async ({ page, request }) => {
    const { headers, txnId } = await startedDemoTransaction(page, request);
    await requiredOnesDone(request, headers, txnId);
    await skip(request, headers, txnId, [...OTHERS_OPTIONAL, 'dl']);
    // Editing the degree again (PUT /bgv) takes it back to DATA_SAVED: it must be submitted again.
    const edited = await request.put(`${BASE}/bgv`, {
      headers,
      data: { orgId: ORG, txnId, verificationName: 'bgv-degree', data: { degreeName: 'Bachelor of Arts' } },
    });
    expect((await edited.json()).code).toBe(0);

    await openFormHome(page, txnId);
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pending verifications' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Degree', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Skip pending' })).toHaveCount(0);
    await expect(page).not.toHaveURL(/\/submitted$/);
  });

  test("the server's refusal is shown when the screen was out of date (another tab)", async ({
    page,
    request,
  }) => {
    const { headers, txnId } = await startedDemoTransaction(page, request);
    await requiredOnesDone(request, headers, txnId);
    await skip(request, headers, txnId, [...OTHERS_OPTIONAL, 'dl']);

    await openFormHome(page, txnId);
    await expect(page.getByRole('button', { name: /^Driving licence, Skipped/i })).toBeVisible();
    // Meanwhile, in another tab, the candidate types a licence number: the mark is cleared, DATA_SAVED.
    await licenceAutoSaved(request, headers, txnId);

    await page.getByRole('button', { name: 'Continue' }).click();
    // The refusal names the licence by its label and offers to skip it.
    const dialog = page.getByRole('dialog', { name: 'Pending verifications' });
    await expect(dialog.getByText('Driving licence')).toBeVisible();
    await dialog.getByRole('button', { name: 'Skip pending' }).click();
    await expect(page).toHaveURL(/\/submitted$/);
  });
});

test.describe('The Steps Completed ring counts what is done (issue 24, bug 10)', () => {
  test('only Aadhaar verified and the degree in Action Required: the ring says 1 of 2, like the tiles', async ({
    page,
    request,
  }) => {
    const { headers, txnId } = await startedDemoTransaction(page, request);
    await requiredOnesDone(request, headers, txnId);
    await skip(request, headers, txnId, [...OTHERS_OPTIONAL, 'dl']);

    await openFormHome(page, txnId);
    // Submitted nothing yet, verified only Aadhaar: one of the two requested (the rest skipped).
    await expect(page.getByRole('progressbar', { name: 'Steps Completed: 1 of 2 (50%)' })).toBeVisible();
    await expect(page.getByTestId('steps-count')).toHaveText('1/2');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/submitted$/);

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
    expect((await raised.json()).code).toBe(0);

    await openFormHome(page, txnId);
    await expect(page.getByRole('button', { name: /^Degree.*, Action Required/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Aadhaar, Verified/i })).toBeVisible();
    await expect(page.getByTestId('steps-percent')).toHaveText('50%');
    await expect(page.getByTestId('steps-count')).toHaveText('1/2');
    // The verified tiles are the done ones: as many as the ring counts.
    await expect(page.getByRole('button', { name: /, Verified/ })).toHaveCount(1);
  });
});
