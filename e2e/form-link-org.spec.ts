import { test, expect, expectNoSeriousA11yViolations, startedDemoTransaction } from './fixtures';

// The organisation that sent a form link, at the narrowest phone width we support (issue 10 §1).
const PHONE = { width: 360, height: 740 };
const LINK = '/ekyc/demo-form?orgId=demo-university';

test('a form link opened while signed out names its organisation, with its logo, on /login', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(LINK);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Requested by')).toBeVisible();
  await expect(page.getByText('Demo University', { exact: true })).toBeVisible();
  const logo = page.getByRole('img', { name: 'Demo University logo' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByLabel('Mobile Number')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'e2e/screenshots/login-form-link-360.png', fullPage: true });
});

test('the top bar shows the whole organisation name at 360 px', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const { txnId, orgId } = await startedDemoTransaction(page, request);
  await page.goto(`/ekyc/demo-form/${txnId}?orgId=${orgId}`);
  await page.getByRole('button', { name: 'View Verification' }).click();
  const name = page.getByRole('banner').getByText('Demo University', { exact: true });
  await expect(name).toBeVisible();
  // Not cut: the text fits its box (no ellipsis, no hidden second line).
  const fits = await name.evaluate(
    (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
  );
  expect(fits).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({
    path: 'e2e/screenshots/top-bar-org-360.png',
    clip: { x: 0, y: 0, ...PHONE, height: 160 },
  });

  // A longer name takes a second line, whole, instead of an ellipsis after two letters.
  const box = await name.elementHandle();
  await box?.evaluate((el) => {
    el.textContent = 'Indian Institute of Technology Bombay';
  });
  const lines = await box?.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  );
  expect(lines).toBe(2);
  expect(await box?.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({
    path: 'e2e/screenshots/top-bar-long-org-360.png',
    clip: { x: 0, y: 0, width: PHONE.width, height: 160 },
  });
});
