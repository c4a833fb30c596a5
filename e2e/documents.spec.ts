import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { documentSvg } from '../apps/server/src/modules/documents/analysis/test-fixtures';
import { test, expect, apiLogin, startedDemoTransaction, uniqueMobile } from './fixtures';

const ORG = 'demo-university';

/** A signed-in candidate on the driving-licence form (typed fields and a 2-file upload) of a started demo transaction. */
async function openLicenceForm(page: Page, request: APIRequestContext) {
  const { txnId, headers } = await startedDemoTransaction(page, request);
  await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=dl`);
  await expect(page.getByRole('heading', { level: 2, name: 'Driving licence', exact: true })).toBeVisible();
  return { txnId, headers };
}

const fileInput = (page: Page) => page.locator('input[type="file"]').first();

test('uploads through the browser: refused, accepted, warned and unusable files each get their state', async ({
  page,
  request,
}) => {
  await openLicenceForm(page, request);
  await expect(page.getByText('Click to upload file (40KB - 25MB)')).toBeVisible();

  // Refused before upload, with the spec's messages.
  await fileInput(page).setInputFiles({
    name: 'tiny.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(39_999, 1),
  });
  await expect(page.getByText('File size should be more than 40 KB')).toBeVisible();
  await fileInput(page).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(50_000, 65),
  });
  await expect(page.getByText(/Please upload a file of type: /)).toBeVisible();

  // A clear scan: accepted, shown as a file card.
  const page1 = await sharp(Buffer.from(documentSvg(3)))
    .flatten({ background: '#fff' })
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(page1.length).toBeGreaterThan(40_000);
  await fileInput(page).setInputFiles({ name: 'aadhaar-front.jpg', mimeType: 'image/jpeg', buffer: page1 });
  await expect(page.getByRole('button', { name: 'Remove aadhaar-front.jpg' })).toBeVisible({
    timeout: 20_000,
  });

  // A blurred scan: the warning dialog; Proceed Anyway keeps it.
  const blurred = await sharp(Buffer.from(documentSvg(4)))
    .flatten({ background: '#fff' })
    .blur(6)
    .jpeg({ quality: 98, chromaSubsampling: '4:4:4' })
    .toBuffer();
  const padded =
    blurred.length >= 40_000 ? blurred : Buffer.concat([blurred, Buffer.alloc(40_000 - blurred.length)]);
  await fileInput(page).setInputFiles({ name: 'aadhaar-back.jpg', mimeType: 'image/jpeg', buffer: padded });
  const warning = page.getByRole('dialog', { name: 'Document Not Clear — Upload Again to Proceed' });
  await expect(warning).toBeVisible({ timeout: 20_000 });
  await expect(
    warning.getByText('Uploaded file may be blurry/smudged/cropped/having dimensional or layout issues'),
  ).toBeVisible();
  await warning.getByRole('button', { name: 'Proceed Anyway' }).click();
  await expect(page.getByRole('button', { name: 'Remove aadhaar-back.jpg' })).toBeVisible();

  // The field is full now (2 files allowed): remove one, then a broken PDF is refused as unusable.
  await page.getByRole('button', { name: 'Remove aadhaar-back.jpg' }).click();
  const broken = Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'),
    Buffer.alloc(60_000, 32),
  ]);
  await fileInput(page).setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: broken });
  await expect(page.getByText("The file you uploaded isn't supported by our system.")).toBeVisible({
    timeout: 20_000,
  });

  // What was accepted is saved with the form: it is still there after a reload.
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove aadhaar-front.jpg' })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/upload-aadhaar-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'e2e/screenshots/upload-aadhaar-phone.png', fullPage: true });
});

test('a file can be fetched only by its owner', async ({ page, request }) => {
  const { headers } = await openLicenceForm(page, request);
  const scan = await sharp(Buffer.from(documentSvg(5)))
    .flatten({ background: '#fff' })
    .jpeg({ quality: 95 })
    .toBuffer();
  const uploaded = await request.post('/api/utility/files', {
    headers,
    multipart: {
      fileCategory: 'licenceDocument',
      file: { name: 'scan.jpg', mimeType: 'image/jpeg', buffer: scan },
    },
  });
  const file = (await uploaded.json()).data as { fileId: string; fileUrl: string };
  expect(
    (await request.get(`/api/utility${file.fileUrl.replace(/^\/api\/utility/, '')}`, { headers })).status(),
  ).toBe(200);

  const other = await apiLogin(request, uniqueMobile(), 'Someone Else');
  const otherHeaders = { authorization: `Bearer ${other.accessToken}`, 'partner-org-id': 'veridocs' };
  const refused = await request.get(`/api/utility/files/${file.fileId}/content`, { headers: otherHeaders });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(refused.headers()['content-type']).toContain('application/json');
});
