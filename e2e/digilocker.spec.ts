import type { Page } from '@playwright/test';
import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  startedDemoTransaction,
} from './fixtures';

/**
 * Issue 26: "Fetch from DigiLocker" on the 10th tile, through the embedded DigiLocker sandbox's own
 * sign-in and consent pages, back to the product, the marksheet pulled and the tile Verified — at a
 * phone's width and on a desktop. The sandbox's Asha Verma (9000000001, PIN 123456) is the candidate.
 */
const ORG = 'demo-university';
const SIZES = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
];

async function axeAndWidth(page: Page, label: string) {
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page, label);
}

for (const size of SIZES) {
  test(`fetches the 10th marksheet from DigiLocker and the tile is Verified (${size.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const { txnId } = await startedDemoTransaction(page, request, 'Asha Verma');
    const q = new URLSearchParams({ orgId: ORG, txnId, name: 'bgv-tenth' }).toString();

    await page.goto(`/verification?${q}`);
    await page.getByRole('link', { name: 'Fetch from DigiLocker' }).click();

    // The consent screen: what, for whom, why, how long; nothing starts without the tick.
    await expect(page.getByRole('heading', { name: /Fetch your 10th from DigiLocker/ })).toBeVisible();
    await expect(page.getByText('Class X marksheet', { exact: true })).toBeVisible();
    await expect(page.getByText(/deleted 180 days after it ends/)).toBeVisible();
    await expect(page).toHaveTitle(/Verify Documents/);
    await axeAndWidth(page, `consent ${size.name}`);
    await page.getByRole('button', { name: 'Continue to DigiLocker' }).click();
    await expect(page.getByRole('alert')).toContainText('Tick the box to agree');
    await page.getByLabel('I agree to share these documents from my DigiLocker').check();
    await page.getByRole('button', { name: 'Continue to DigiLocker' }).click();

    // DigiLocker's own pages (the sandbox's): sign in, then allow.
    await page.waitForURL(/\/sandbox\/digilocker\/oauth2\/1\/authorize/);
    await expectNoSidewaysScroll(page, `sandbox sign-in ${size.name}`);
    await page.getByLabel(/Mobile/).fill('9000000001');
    await page.getByLabel(/PIN/).fill('123456');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /Allow/ }).click();

    // Back on the product: the documents, the 10th marksheet preselected; one tap pulls it.
    await page.waitForURL(/\/digilocker\?session=/);
    await expect(page.getByRole('heading', { name: 'Choose the document' })).toBeVisible();
    const marksheet = page.getByRole('radio', { name: /Class X/ }).first();
    await expect(marksheet).toBeChecked();
    await axeAndWidth(page, `documents ${size.name}`);
    await page.getByRole('button', { name: 'Fetch this document' }).click();

    await expect(
      page.getByRole('heading', { name: 'Verified with the issuer through DigiLocker' }),
    ).toBeVisible();
    await expect(
      page.getByText(/Central Board of Secondary Education issued this document to you/),
    ).toBeVisible();
    await axeAndWidth(page, `verified ${size.name}`);

    // The form home: the tile is Verified, and says how.
    await page.getByRole('button', { name: 'Back to your verifications' }).click();
    const tile = page.getByRole('button', { name: /^10th/ });
    await expect(tile).toContainText('Verified');
    await expect(page.getByText('Verified with the issuer through DigiLocker').first()).toBeVisible();

    // The form itself is read-only and filled with the issuer's data.
    await page.goto(`/verification?${q}`);
    await expect(page.getByText('Verified with the issuer through DigiLocker')).toBeVisible();
    // The marksheet's result, read-only (the form has no marks field).
    await expect(page.getByText(/^Result, as the issuer records it: PASS, CGPA \d/)).toBeVisible();
    await expect(page.getByLabel('Roll number')).toHaveValue('1100040');
    await expect(page.getByRole('link', { name: 'Fetch from DigiLocker' })).toHaveCount(0);
  });
}

test('another person’s DigiLocker: nothing attached, the differing field named, upload offered', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { txnId } = await startedDemoTransaction(page, request, 'Asha Verma');
  const q = new URLSearchParams({ orgId: ORG, txnId, name: 'bgv-tenth' }).toString();
  await page.goto(`/digilocker?${q}`);
  await page.getByLabel('I agree to share these documents from my DigiLocker').check();
  await page.getByRole('button', { name: 'Continue to DigiLocker' }).click();
  await page.getByLabel(/Mobile/).fill('9000000002');
  await page.getByLabel(/PIN/).fill('123456');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Allow/ }).click();
  await page.getByRole('button', { name: 'Fetch this document' }).click();

  await expect(page.getByRole('heading', { name: 'The document does not match' })).toBeVisible();
  const name = page.getByRole('listitem').filter({ hasText: 'Name' }).first();
  await expect(name).toContainText('Differs');
  await expect(name).toContainText(/rohan mehta/i);
  await axeAndWidth(page, 'mismatch phone');
  await expect(page.getByRole('button', { name: 'Ask for a name change' })).toBeVisible();
  await page.getByRole('link', { name: 'Upload instead' }).click();
  await expect(page).toHaveURL(/\/verification\?/);
  await expect(page.getByText('Upload 10th marksheet')).toBeVisible();
});

test('cancelling at DigiLocker comes back with a clear message and the upload path', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { txnId } = await startedDemoTransaction(page, request, 'Asha Verma');
  const q = new URLSearchParams({ orgId: ORG, txnId, name: 'bgv-twelfth' }).toString();
  await page.goto(`/digilocker?${q}`);
  await page.getByLabel('I agree to share these documents from my DigiLocker').check();
  await page.getByRole('button', { name: 'Continue to DigiLocker' }).click();
  await page.getByRole('button', { name: /Cancel and go back/ }).click();
  await expect(page.getByRole('heading', { name: 'This DigiLocker sign-in did not finish' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('DigiLocker did not share your documents');
  await expectNoSeriousA11yViolations(page);
  // Back to the tile's form, where the upload is.
  await page.getByRole('link', { name: 'Upload instead' }).click();
  await expect(page).toHaveURL(/\/verification\?.*name=bgv-twelfth/);
});

test('proves the identity with the e-Aadhaar from DigiLocker instead of an OTP', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { txnId } = await startedDemoTransaction(page, request, 'Asha Verma');
  const q = new URLSearchParams({ orgId: ORG, txnId, name: 'aadhaar' }).toString();
  await page.goto(`/verification?${q}`);
  await page.getByRole('link', { name: 'Fetch from DigiLocker' }).click();
  await expect(page.getByText('Aadhaar (e-Aadhaar)', { exact: true })).toBeVisible();
  await expect(page.getByText(/to verify your identity for Demo University/)).toBeVisible();
  await page.getByLabel('I agree to share these documents from my DigiLocker').check();
  await page.getByRole('button', { name: 'Continue to DigiLocker' }).click();
  await page.getByLabel(/Mobile/).fill('9000000001');
  await page.getByLabel(/PIN/).fill('123456');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Allow/ }).click();
  await expect(page.getByRole('radio', { name: /Aadhaar \(e-Aadhaar\)/ })).toBeChecked();
  await page.getByRole('button', { name: 'Fetch this document' }).click();
  await expect(
    page.getByRole('heading', { name: 'Verified with the issuer through DigiLocker' }),
  ).toBeVisible();
  await axeAndWidth(page, 'e-Aadhaar verified phone');
  await page.goto(`/verification?${q}`);
  await expect(page.getByText(/XXXX XXXX 4821|4821/).first()).toBeVisible();
});
