import { test, expect, startedDemoTransaction } from './fixtures';

const BASE = '/api/verification/v1';
const ORG = 'demo-university';

// Chromium's synthetic camera (playwright.config.ts) and a position in Bengaluru.
test.use({
  permissions: ['camera', 'geolocation'],
  geolocation: { latitude: 12.9716, longitude: 77.5946, accuracy: 25 },
});

test('the camera dialog takes a photo with its location and attaches it to the form', async ({
  page,
  request,
}) => {
  const { headers, txnId } = await startedDemoTransaction(page, request);

  await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=dl`);
  await page.getByRole('button', { name: 'Take photo' }).click();
  const camera = page.getByRole('dialog');
  await expect(camera.getByLabel('Camera preview')).toBeVisible();
  await expect(camera.getByRole('button', { name: 'Flip Camera' })).toBeVisible();
  // Only agents may pick a file instead.
  await expect(camera.getByRole('button', { name: 'Upload from Computer or Gallery' })).toHaveCount(0);
  await camera.getByRole('button', { name: 'Capture' }).click();
  await expect(camera.getByRole('button', { name: 'Retake' })).toBeVisible();
  await expect(camera.getByText(/560001/)).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'e2e/screenshots/camera-desktop.png' });
  await camera.getByRole('button', { name: 'Proceed' }).click();

  // The photo card on the form carries the address; it is saved with the form.
  await expect(camera).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(/Karnataka/).first()).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  const saved = await (
    await request.get(`${BASE}/transactions/dl/info?orgId=${ORG}&txnId=${txnId}`, { headers })
  ).json();
  const photo = saved.data.data.licencePhoto as {
    fileId: string;
    name: string;
    geolocation: { address: { pincode: string } };
  };
  expect(photo.name).toMatch(/^geo-tag-image/);
  expect(photo.geolocation.address.pincode).toBe('560001');
});
