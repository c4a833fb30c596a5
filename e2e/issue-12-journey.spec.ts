import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  latestOtp,
  opsSignIn,
  marksheetPdf,
  startedDemoTransaction,
  test,
} from './fixtures';

// Issue 12 "Done means": 12th and two degrees (one with three marksheets merged), 10th skipped, an
// address, submitted; the team marks one degree insufficient; the candidate sees it first, answers it,
// and the tile shows it is back with the team. The forms' own screens have their specs (several-degrees,
// address-ews, action-required); here the parts meet on one transaction.

const BASE = '/api/verification/v1';
const ORG = 'demo-university';
type Headers = Record<string, string>;

async function upload(request: APIRequestContext, headers: Headers, name: string): Promise<string> {
  const res = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: 'marksheet',
      file: { name, mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma') },
    },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.fileId as string;
}

test('12th, two degrees (three marksheets merged), an address, submitted; one degree answered after Action Required', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const { headers, txnId } = await startedDemoTransaction(page, request);
  const call = async (method: 'post' | 'put', path: string, data: object) => {
    const body = await (await request[method](`${BASE}${path}`, { headers, data })).json();
    expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(0);
    return body.data;
  };
  const submitForm = (verificationName: string, data: object) =>
    call('post', '/bgv', { orgId: ORG, txnId, verificationName, data });

  await submitForm('bgv-twelfth', {
    board: { value: 'CBSE' },
    rollNumber: '1234567',
    passingYear: '2015',
    state: 'Delhi',
    marksheet: { fileId: await upload(request, headers, '12th.pdf') },
  });
  await submitForm('bgv-degree', {
    institute: { value: 'university-of-delhi' },
    degreeName: 'B.Sc. Physics',
    passingYear: '2018',
    instituteId: 'DU-2015-0042',
    degreeStatus: 'DEGREE_AND_MARKSHEET',
    marksheet: { fileId: await upload(request, headers, 'bsc.pdf') },
  });

  // The second degree: its three semesters' marksheets merged into one PDF, in order.
  const added = await call('post', '/bgv/instances', { orgId: ORG, txnId, type: 'bgv-degree' });
  expect(added).toMatchObject({ name: 'bgv-degree~2', label: 'Degree 2', created: true });
  const parts = new FormData();
  parts.append('fileCategory', 'marksheet');
  for (const [i, pages] of [1, 2, 3].entries())
    parts.append(
      'file',
      new Blob([new Uint8Array(await marksheetPdf('Asha Verma', pages))], { type: 'application/pdf' }),
      `semester-${i + 1}.pdf`,
    );
  const merged = await (await request.post('/api/utility/files/merge', { headers, multipart: parts })).json();
  expect(merged.code, JSON.stringify(merged)).toBe(0);
  expect(merged.data.pageCount).toBe(6);
  await submitForm('bgv-degree~2', {
    institute: { value: 'jawaharlal-nehru-university' },
    degreeName: 'M.Sc. Physics',
    passingYear: '2020',
    instituteId: 'JNU-2018-0099',
    degreeStatus: 'DEGREE_AND_MARKSHEET',
    marksheet: { fileId: merged.data.fileId },
  });

  // The address, with the district and state the pincode gives.
  const pin = await (await request.get('/api/utility/pincode/600002', { headers })).json();
  expect(pin.code).toBe(0);
  const proof = await upload(request, headers, 'electricity-bill.pdf');
  await submitForm('bgv-address', {
    pincode: '600002',
    line1: '12 Anna Salai',
    vtc: 'Chennai',
    district: 'Chennai',
    state: 'Tamil Nadu',
    proofType: 'UTILITY_BILL',
    proofOfAddress: [{ fileId: proof }],
  });

  // Aadhaar by OTP (it cannot be skipped), the 10th and the rest skipped, then submitted.
  const started = await call('post', '/verifications/otp/aadhaar', {
    orgId: ORG,
    txnId,
    aadhaarNumber: '345678901238',
  });
  const { otp } = await latestOtp(request, 'aadhaar-1238');
  await call('post', '/transactions/verify/identification', {
    orgId: ORG,
    txnId,
    requestId: started.requestId,
    otp,
  });
  const skip = ['bgv-tenth', 'passport', 'dl', 'employment-check', 'bgv-employment', 'bgv-ews'];
  await call('post', '/transactions/process/mark-as-skip', { orgId: ORG, txnId, verificationNameList: skip });
  const submitted = await call('post', '/transactions/submit', { orgId: ORG, txnId });
  expect(submitted.state).toBe('SUBMITTED');
  for (const name of ['bgv-twelfth', 'bgv-degree', 'bgv-degree~2', 'bgv-address'])
    expect(submitted.verificationList[name].state, name).toBe('SUBMITTED');
  expect(submitted.verificationList['bgv-tenth'].markedAsSkip).toBe(true);

  // The team asks for a semester marksheet of the second degree.
  const ops = await opsSignIn(request);
  const decide = async (data: object) => {
    const body = await (
      await request.post(`/api/ops/transactions/${txnId}/decisions`, { headers: ops, data })
    ).json();
    expect(body.code, JSON.stringify(body)).toBe(0);
  };
  await decide({ verificationName: 'bgv-degree~2', state: 'IN_PROGRESS' });
  await decide({
    verificationName: 'bgv-degree~2',
    state: 'INSUFFICIENT_DATA',
    reason: 'Marksheet for semester 5 is missing',
    documents: [{ key: 'semester-5', label: 'Marksheet for semester 5' }],
  });

  // The candidate sees it first, answers it, and the tile is back with the team.
  await page.goto(`/ekyc/demo-form/${txnId}?orgId=${ORG}`);
  await page.getByRole('button', { name: 'View Verification' }).click();
  const firstGroup = page.getByTestId('tile-group').first();
  await expect(firstGroup.getByRole('button', { name: /^Degree 2, Action Required/ })).toBeVisible();
  await expect(firstGroup.getByText('Marksheet for semester 5 is missing')).toBeVisible();
  await firstGroup.getByRole('button', { name: /^Degree 2, Action Required/ }).click();
  await expect(page.getByRole('heading', { name: 'Document Details' })).toBeVisible();
  await page.locator('input[data-testid="semester-5-input"]').setInputFiles({
    name: 'semester-5.pdf',
    mimeType: 'application/pdf',
    buffer: await marksheetPdf('Asha Verma'),
  });
  await expect(page.getByRole('article', { name: 'semester-5.pdf' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Submit Documents' }).click();
  await expect(page.getByText('Demo University is requesting the following verifications')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Degree 2, Submitted/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Action Required/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'e2e/screenshots/issue-12-journey-phone.png', fullPage: true });
});
