import { test, expect, latestOtp, marksheetPdf, startedDemoTransaction } from './fixtures';

const BASE = '/api/verification/v1';
const ORG = 'demo-university';

test('a candidate verifies Aadhaar by OTP in the browser, adds a degree, skips the rest and submits', async ({
  page,
  request,
}) => {
  const { headers, txnId } = await startedDemoTransaction(page, request);

  // The degree through the API (its searchable dropdown and pickers have their own tests).
  const marksheet = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: 'marksheet',
      file: {
        name: 'marksheet.pdf',
        mimeType: 'application/pdf',
        buffer: await marksheetPdf('Asha Verma', 2),
      },
    },
  });
  const marksheetFile = (await marksheet.json()).data;
  expect(marksheetFile.state).not.toBe('ERROR');
  const degree = await request.post(`${BASE}/bgv`, {
    headers,
    data: {
      orgId: ORG,
      txnId,
      verificationName: 'bgv-degree',
      data: {
        // A searchable list stores an id of its reference list (or { manual: true, name } where allowed).
        institute: { value: 'university-of-delhi' },
        degreeName: 'Bachelor of Science',
        passingYear: '2019',
        instituteId: 'DU-2016-0042',
        degreeStatus: 'DEGREE_AND_MARKSHEET',
        // File fields hold file ids; the verdict is the server's.
        marksheet: { fileId: marksheetFile.fileId },
      },
    },
  });
  expect((await degree.json()).code).toBe(0);

  // Aadhaar in the browser, by OTP from the sandbox (a number that asks no captcha).
  await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=aadhaar`);
  const blocks = page.getByRole('group', { name: 'Aadhaar number' }).getByRole('textbox');
  await blocks.first().click();
  await page.keyboard.type('345678901238');
  await page.getByRole('button', { name: 'Get OTP' }).click();
  const { otp } = await latestOtp(request, 'aadhaar-1238');
  await page.getByRole('group', { name: 'Aadhaar OTP' }).getByRole('textbox').first().click();
  await page.keyboard.type(otp);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Identity verified with Aadhaar')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the form' }).click();

  // Back on the form home: both done, the rest can be skipped.
  await expect(page.getByText('Demo University is requesting the following verifications')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Aadhaar, Verified/i })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Skip pending' }).click();
  await expect(page).toHaveURL(/\/submitted$/);
  await expect(page.getByRole('heading', { name: 'Your verification has been submitted' })).toBeVisible();

  // The server agrees: submitted, with an expected completion date.
  const info = await (
    await request.get(`${BASE}/transactions/info?orgId=${ORG}&txnId=${txnId}`, { headers })
  ).json();
  expect(info.data.state).toBe('SUBMITTED');
  expect(info.data.expectedCompletionDate?.maxDate).toBeTruthy();
});
