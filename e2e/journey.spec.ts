import type { Page } from '@playwright/test';
import {
  consentThroughApi,
  test,
  expect,
  apiLogin,
  latestOtp,
  uniqueMobile,
  useSession,
  expectNoSeriousA11yViolations,
} from './fixtures';

async function demoLink(page: Page): Promise<string> {
  const res = await page.request.get('/api/dev/demo');
  const { link } = (await res.json()).data as { link: string };
  // The link is absolute (PUBLIC_URL); the test server may sit on another port.
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

const TILES = [
  'Aadhaar',
  'Passport',
  'Driving licence',
  'Degree',
  '12th',
  '10th',
  'Employment check',
  'Employment',
  'Address',
  'EWS certificate',
];

test('sign in from the demo link, answer the questionnaire, see every tile, skip one and see it leave the ring', async ({
  page,
  request,
}) => {
  const link = await demoLink(page);
  const mobile = uniqueMobile();

  // Logged out: the form link goes to /login and comes back after sign-in.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  const { otp } = await latestOtp(request, mobile);
  await page.getByLabel('OTP digit 1 of 6').click();
  await page.keyboard.type(otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.getByLabel('Full Name').fill('Asha Verma');
  await page.getByRole('button', { name: 'Create Wallet' }).click();
  await expect(page).toHaveURL(/\/ekyc\/demo-form\?orgId=demo-university$/);

  // Init screen.
  await expect(page.getByText('Demo University').first()).toBeVisible();
  await expect(page.getByText('All-in-one certificate verification platform')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Start Verification' }).click();

  // The pre-start questionnaire: every answer required.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog.getByText('Purpose of verification should not be empty')).toBeVisible();
  await expect(dialog.getByText('How did you hear about us? should not be empty')).toBeVisible();
  await dialog.getByLabel('Higher education').check();
  await dialog.getByLabel('My university').check();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();

  // The form home: header, ring, every tile in its category group.
  await expect(page).toHaveURL(/\/ekyc\/demo-form\/[0-9a-f-]{36}\?orgId=demo-university$/);
  await expect(page.getByText('Demo University is requesting the following verifications')).toBeVisible();
  for (const category of [
    'Identity Check',
    'Education Check',
    'Employment Check',
    'Address Check',
    'Finance Check',
  ]) {
    await expect(page.getByRole('heading', { name: category })).toBeVisible();
  }
  for (const label of TILES) {
    await expect(page.getByRole('button', { name: new RegExp(`^${label}, `) })).toBeVisible();
  }
  await expect(page.getByText('You need to complete at least one step to continue')).toBeVisible();
  await expect(page.getByText('All institutes across India')).toBeVisible();
  await expect(page.getByText('All state and central boards')).toHaveCount(2);
  await expect(page.getByTestId('steps-percent')).toHaveText('0%');
  await expectNoSeriousA11yViolations(page);

  // Skip 10th: the tile says SKIPPED and it leaves the ring, which counts only what is verified.
  await page.getByRole('button', { name: 'Skip 10th' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /skip/i }).click();
  await expect(page.getByRole('button', { name: /^10th, Skipped/i })).toBeVisible();
  await expect(page.getByTestId('steps-percent')).toHaveText('0%');
  await expect(page.getByRole('progressbar', { name: /0 of 9/ })).toBeVisible();

  // A reload (or another device) shows the same state: it lives on the server.
  await page.reload();
  await expect(page.getByRole('progressbar', { name: /0 of 9/ })).toBeVisible();

  // Home lists the transaction; it opens the form home again.
  await page.goto('/');
  await expect(page.getByText('Demo verification form').first()).toBeVisible();
});

test('a degree typed in the form is saved as the candidate goes and comes back after a reload', async ({
  page,
  request,
}) => {
  const session = await apiLogin(request, uniqueMobile(), 'Ravi Kumar');
  await useSession(page, session);
  const headers = { authorization: `Bearer ${session.accessToken}`, 'partner-org-id': 'veridocs' };
  const base = '/api/verification/v1';
  const created = await (
    await request.post(`${base}/transactions`, {
      headers,
      data: { orgId: 'demo-university', eKycFormId: 'demo-form' },
    })
  ).json();
  const txnId = created.data.transactionId as string;
  await consentThroughApi(request, headers, 'demo-university', txnId);
  await request.patch(`${base}/transactions/user-response`, {
    headers,
    data: {
      orgId: 'demo-university',
      txnId,
      data: [
        { questionId: 'demo-q-purpose', answer: 'EMPLOYMENT' },
        { questionId: 'demo-q-source', answer: 'EMPLOYER' },
      ],
    },
  });
  expect(
    (
      await (
        await request.post(`${base}/transactions/process`, {
          headers,
          data: { orgId: 'demo-university', txnId },
        })
      ).json()
    ).code,
  ).toBe(0);

  // A form link opened afresh shows the init screen; the started transaction offers "View Verification".
  await page.goto(`/ekyc/demo-form/${txnId}?orgId=demo-university`);
  await page.getByRole('button', { name: 'View Verification' }).click();
  await page.getByRole('button', { name: /^Degree, / }).click();
  await expect(page).toHaveURL(/\/verification\?/);
  await page.getByRole('textbox', { name: 'Degree', exact: true }).fill('Bachelor of Technology');
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Degree', exact: true })).toHaveValue(
    'Bachelor of Technology',
  );
  await page.getByRole('link', { name: /back/i }).first().click();
  await expect(page.getByRole('button', { name: /^Degree, Data Saved/i })).toBeVisible();
});

test("an expired form and another candidate's transaction get clear screens", async ({ page, request }) => {
  const owner = await apiLogin(request, uniqueMobile(), 'Owner Person');
  const headers = { authorization: `Bearer ${owner.accessToken}`, 'partner-org-id': 'veridocs' };
  const created = await (
    await request.post('/api/verification/v1/transactions', {
      headers,
      data: { orgId: 'demo-university', eKycFormId: 'demo-form' },
    })
  ).json();

  await useSession(page, await apiLogin(request, uniqueMobile(), 'Someone Else'));
  await page.goto(`/ekyc/demo-form/${created.data.transactionId}?orgId=demo-university`);
  await expect(page.getByText('Access not allowed').first()).toBeVisible();

  await page.goto('/ekyc/demo-expired-form?orgId=demo-university');
  await expect(page.getByRole('button', { name: 'Form Expired' })).toBeDisabled();

  await page.goto('/ekyc/no-such-form?orgId=demo-university');
  await expect(page.getByText('This verification form does not exist')).toBeVisible();
});
