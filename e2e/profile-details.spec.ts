import type { Page } from '@playwright/test';
import {
  consentThroughApi,
  test,
  expect,
  apiLogin,
  expectNoSeriousA11yViolations,
  marksheetPdf,
  startedDemoTransaction,
  uniqueMobile,
  useSession,
  expectNoSidewaysScroll,
} from './fixtures';

// Issue 11, the profile screens: /profile-mode → /basic-details → /contact-details (pincode lookup)
// → back on the form home with the Basic Details tile done; each at 360 px without sideways scroll.

const BASE = '/api/verification/v1';
const ORG = 'demo-university';
const FORM = 'demo-profile-form';
const PHONE = { width: 360, height: 780 };

async function settledAndClean(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar', { name: /^Loading/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page, label);
  await expectNoSeriousA11yViolations(page);
}

test('profile mode → basic details → contact details with pincode lookup → tile done', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const session = await apiLogin(request, uniqueMobile(), 'Asha Verma');
  await useSession(page, session);
  const headers = { authorization: `Bearer ${session.accessToken}`, 'partner-org-id': 'veridocs' };
  const created = await (
    await request.post(`${BASE}/transactions`, { headers, data: { orgId: ORG, eKycFormId: FORM } })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(0);
  const txnId = created.data.transactionId as string;
  await consentThroughApi(request, headers, ORG, txnId);
  const query = `?orgId=${ORG}&txnId=${txnId}`;

  // /profile-mode: the ways the spec gives (Aadhaar OTP, passport scan), and typing the details.
  await page.goto(`/profile-mode${query}`);
  await expect(
    page.getByRole('heading', { name: 'How would you like to build your profile?' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Aadhaar OTP/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Passport scan/ })).toBeVisible();
  await settledAndClean(page, '/profile-mode');
  await page.getByRole('link', { name: /Enter details manually/ }).click();

  // /basic-details: the form engine; under 18 is refused.
  await expect(page).toHaveURL(/\/basic-details\?/);
  await expect(page.getByRole('heading', { name: 'Basic Details', level: 1 })).toBeVisible();
  await settledAndClean(page, '/basic-details');
  const young = new Date();
  young.setFullYear(young.getFullYear() - 17);
  const dd = (n: number) => String(n).padStart(2, '0');
  await page
    .getByRole('textbox', { name: 'Date of Birth' })
    .fill(`${dd(young.getDate())}-${dd(young.getMonth() + 1)}-${young.getFullYear()}`);
  await page.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByText('You must be at least 18 years old', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Date of Birth' }).fill('04-03-1990');
  await page.getByRole('button', { name: 'Save and Continue' }).click();

  // /contact-details: empty fields get the spec's messages; the pincode fills district and state.
  await expect(page).toHaveURL(/\/contact-details\?/);
  await expect(page.getByRole('heading', { name: 'Contact Details', level: 1 })).toBeVisible();
  await settledAndClean(page, '/contact-details');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByText('Pincode must not be empty', { exact: true })).toBeVisible();
  await expect(page.getByText('Line 1 must not be empty', { exact: true })).toBeVisible();
  await expect(page.getByText('VTC must not be empty', { exact: true })).toBeVisible();
  await expect(page.getByText('District must not be empty', { exact: true })).toBeVisible();
  await expect(page.getByText('State must not be empty', { exact: true })).toBeVisible();
  const current = page.getByRole('group', { name: 'Current Address' });
  await current.getByRole('textbox', { name: 'Pincode' }).fill('560001');
  await expect(current.getByRole('textbox', { name: 'District' })).toHaveValue('Bengaluru Urban');
  await expect(current.getByRole('textbox', { name: 'State' })).toHaveValue('Karnataka');
  await expect(
    current.getByText('District and state filled from pincode 560001', { exact: true }),
  ).toBeVisible();
  await current.getByRole('textbox', { name: 'Line 1' }).fill('12 MG Road');
  await current.getByRole('textbox', { name: 'Village / Town / City' }).fill('Bengaluru');
  await expect(current.getByRole('textbox', { name: 'Landmark (Optional)' })).toBeVisible();
  // A different permanent address: its own pincode lookup.
  await page
    .getByRole('checkbox', { name: 'Permanent address is the same as the current address' })
    .uncheck();
  const permanent = page.getByRole('group', { name: 'Permanent Address' });
  await permanent.getByRole('textbox', { name: 'Pincode' }).fill('999999');
  await expect(permanent.getByText('No post office has this pincode', { exact: true })).toBeVisible();
  await permanent.getByRole('textbox', { name: 'Pincode' }).fill('110001');
  await expect(permanent.getByText('No post office has this pincode', { exact: true })).toHaveCount(0);
  await expect(permanent.getByRole('textbox', { name: 'State' })).toHaveValue('Delhi');
  await permanent.getByRole('textbox', { name: 'Line 1' }).fill('4 Janpath');
  await permanent.getByRole('textbox', { name: 'Village / Town / City' }).fill('New Delhi');
  await expectNoSidewaysScroll(page, '/contact-details with both addresses');
  await page.getByRole('button', { name: 'Save and Continue' }).click();

  // Back on the form home: the Basic Details tile is done.
  await expect(page).toHaveURL(new RegExp(`/ekyc/${FORM}/${txnId}`));
  await expect(page.getByRole('button', { name: /^Basic Details.*Completed/ })).toBeVisible();
  await settledAndClean(page, 'form home');

  // Saved on the server, checked there again.
  const profile = await (await request.get('/api/web-wallet/profile', { headers })).json();
  expect(profile.data.basicDetails).toEqual({ dateOfBirth: '1990-03-04', gender: 'FEMALE' });
  expect(profile.data.contactDetails).toMatchObject({
    sameAsCurrent: false,
    currentAddress: {
      pincode: '560001',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      line1: '12 MG Road',
    },
    permanentAddress: { pincode: '110001', state: 'Delhi', line1: '4 Janpath' },
  });

  // Opened again, the screens show what was saved.
  await page.goto(`/contact-details${query}`);
  await expect(
    page.getByRole('group', { name: 'Permanent Address' }).getByRole('textbox', { name: 'Line 1' }),
  ).toHaveValue('4 Janpath');
});

test('/verification-info: a submitted verification read-only, and the Identity tile opens the profile view', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const { headers, txnId } = await startedDemoTransaction(page, request);
  const upload = await (
    await request.post('/api/utility/files', {
      headers,
      multipart: {
        fileCategory: 'marksheet',
        file: {
          name: 'marksheet.pdf',
          mimeType: 'application/pdf',
          buffer: await marksheetPdf('Asha Verma'),
        },
      },
    })
  ).json();
  expect(upload.code, JSON.stringify(upload)).toBe(0);
  const submitted = await (
    await request.post(`${BASE}/bgv`, {
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
          marksheet: { fileId: upload.data.fileId },
        },
      },
    })
  ).json();
  expect(submitted.code, JSON.stringify(submitted)).toBe(0);

  await page.goto(`/verification-info?orgId=${ORG}&txnId=${txnId}&name=bgv-degree`);
  const degreeName = page.getByRole('textbox', { name: 'Degree', exact: true });
  await expect(degreeName).toHaveValue('Bachelor of Science');
  await expect(degreeName).toBeDisabled();
  await expect(page.getByText('Ready To Submit', { exact: true })).toBeVisible();
  await expect(page.getByText('Last updated', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View marksheet.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await settledAndClean(page, '/verification-info');

  // The Identity tile of the form home opens the profile view (the profile has a name).
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/ekyc/demo-form/${txnId}`));
  await page.getByRole('button', { name: /^Identity/ }).click();
  await expect(page).toHaveURL(/\/verification-info\?.*showProfileData=true/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByText('Asha Verma', { exact: true }).first()).toBeVisible();
  await settledAndClean(page, '/verification-info (profile)');
  await page.getByRole('link', { name: 'Add details' }).click();
  await expect(page).toHaveURL(/\/basic-details\?/);
});
