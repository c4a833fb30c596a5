import { copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import config from './playwright.config';
import { expect, expectNoSeriousA11yViolations, startedDemoTransaction, test } from './fixtures';

const BASE = '/api/verification/v1';
const ORG = 'demo-university';
const SAMPLE = fileURLToPath(new URL('../docs/samples/passport/sample-passport.jpg', import.meta.url));

// Chromium's fake camera shows the generated sample passport page: an MJPEG file of one frame (a JPEG).
const dir = join(tmpdir(), `veridocs-e2e-${process.pid}`);
mkdirSync(dir, { recursive: true });
const feed = join(dir, 'sample-passport.mjpeg');
copyFileSync(SAMPLE, feed);
const launch = config.use?.launchOptions ?? {};
test.use({
  permissions: ['camera'],
  launchOptions: { ...launch, args: [...(launch.args ?? []), `--use-file-for-fake-video-capture=${feed}`] },
});

test('passport by scan: the camera photo of the data page fills the fields, confirmed and saved', async ({
  page,
  request,
}) => {
  const { headers, txnId } = await startedDemoTransaction(page, request, 'Asha Kapoor');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=passport`);

  const scan = page.getByRole('region', { name: 'Scan your passport' });
  await expect(scan).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await scan.getByRole('button', { name: 'Scan passport' }).click();

  const camera = page.getByRole('dialog');
  await expect(camera.getByLabel('Camera preview')).toBeVisible();
  await camera.getByRole('button', { name: 'Capture' }).click();
  // No position is asked for a document photo: Proceed is ready at once.
  await camera.getByRole('button', { name: 'Proceed' }).click();
  const review = page.getByRole('region', { name: 'Check your passport details' });
  // A photo the quality checks find not clear asks first (spec §2 warning dialog): Proceed Anyway.
  // The checks and the MRZ read are OCR on the server's CPU: with CI's two cores shared by two
  // workers they took over 20 s once (22 s alone on a quiet machine), so the wait is a minute.
  const proceedAnyway = page.getByRole('button', { name: 'Proceed Anyway' });
  await expect(review.or(proceedAnyway)).toBeVisible({ timeout: 60_000 });
  if (await proceedAnyway.isVisible()) await proceedAnyway.click();
  await expect(camera).toBeHidden();
  await expect(review).toBeVisible({ timeout: 60_000 });
  await expect(review.getByLabel('Surname')).toHaveValue('KAPOOR');
  await expect(review.getByLabel('Given names')).toHaveValue('ASHA MEERA');
  await expect(review.getByLabel('Passport number')).toHaveValue('Z1234567');
  await expect(review.getByLabel('Nationality (3-letter code)')).toHaveValue('IND');
  await expect(review.getByLabel('Date of Birth')).toHaveValue('21-08-1996');
  await expect(review.getByLabel('Date of expiry')).toHaveValue('14-05-2034');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'e2e/screenshots/passport-review-phone.png', fullPage: true });

  await review.getByRole('button', { name: 'Confirm details' }).click();
  await expect(page.getByText('Your passport details are saved.', { exact: false })).toBeVisible();
  const saved = await (
    await request.get(`${BASE}/transactions/passport/info?orgId=${ORG}&txnId=${txnId}`, { headers })
  ).json();
  expect(saved.data.data).toMatchObject({
    passportNumber: 'Z1234567',
    surname: 'KAPOOR',
    givenNames: 'ASHA MEERA',
    dateOfBirth: '1996-08-21',
    dateOfExpiry: '2034-05-14',
  });
  // The form below shows the saved number.
  await expect(page.getByRole('textbox', { name: /Passport number/ }).last()).toHaveValue('Z1234567');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('passport by scan in Hindi at 360 px: an upload that cannot be read is explained, Enter manually goes on', async ({
  page,
  request,
}) => {
  const { txnId } = await startedDemoTransaction(page, request, 'Asha Kapoor');
  await page.addInitScript(() => window.localStorage.setItem('veridocs-language', 'hi'));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=passport`);
  const scan = page.getByRole('region', { name: 'अपना पासपोर्ट स्कैन करें' });
  await expect(scan).toBeVisible();
  // A photo with no machine-readable zone: the sample page's top half (the MRZ cut off).
  const sharp = (await import('sharp')).default;
  const meta = await sharp(SAMPLE).metadata();
  const top = await sharp(SAMPLE)
    .extract({ left: 0, top: 0, width: meta.width, height: Math.round(meta.height * 0.6) })
    .jpeg({ quality: 95 })
    .toBuffer();
  await page
    .getByTestId('passport-upload-input')
    .setInputFiles({ name: 'page.jpg', mimeType: 'image/jpeg', buffer: top });
  const alert = page.getByRole('alert').filter({ hasText: 'हम पेज के नीचे की पंक्तियाँ नहीं पढ़ सके' });
  // Reading a page with no MRZ tries the whole image: as slow as the first test's scan on a busy machine.
  await expect(alert).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'e2e/screenshots/passport-unreadable-hindi-phone.png', fullPage: true });
  await alert.getByRole('button', { name: 'ख़ुद भरें' }).click();
  await expect(scan).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'पासपोर्ट संख्या' })).toBeFocused();
});
