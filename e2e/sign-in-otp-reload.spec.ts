import { test, expect, hydrated, latestOtp, uniqueMobile } from './fixtures';

// Issue 24: the sign-in OTP step lived only in the page; a reload went back to the number, and the code
// already sent could not be typed. The step is kept in the tab's session storage (never the code).
test('a reload on the sign-in OTP step keeps it; the code sent before signs in', async ({
  page,
  request,
}) => {
  const mobile = uniqueMobile();
  await page.goto('/login');
  await hydrated(page.getByRole('button', { name: 'Get OTP' }));
  // The number step loads the OTP step's chunk only once a number is typed (ADR 0012).
  const preloads = page.locator('head link[rel="modulepreload"][data-boot="otp-step"]');
  await expect(preloads).toHaveCount(0);
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  const masked = page.getByText(`+91 XXXXXX${mobile.slice(-4)}`);
  await expect(masked).toBeVisible();

  await page.reload();
  await expect(masked).toBeVisible();
  // After a reload on this step the boot script fetches its chunk beside the app's (issue 31 §2).
  expect(await preloads.count()).toBeGreaterThan(0);
  const preloaded = await preloads.evaluateAll((links) =>
    links.map((link) => (link as HTMLLinkElement).href),
  );
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  for (const href of preloaded) expect(loaded).toContain(href);
  await expect(page.getByLabel('Mobile Number')).toHaveCount(0);
  // The countdown is the e2e server's 3 s (OTP_RESEND_AFTER_SECONDS): a slow reload may outlast it, so
  // the resend button is there in either state; what matters is the step and the code sent before.
  await expect(page.getByRole('button', { name: /^Resend OTP/ })).toBeVisible();

  const { otp } = await latestOtp(request, mobile);
  await page.getByLabel('OTP digit 1 of 6').click();
  await page.keyboard.type(otp);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  // A new number: the signup goes on to the name, with the request sent before the reload.
  await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible();
});
