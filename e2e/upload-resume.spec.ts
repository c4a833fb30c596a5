import { createHash } from 'node:crypto';
import { test, expect, marksheetPdf, startedDemoTransaction } from './fixtures';

// Issue 31 §1: an upload cut mid-way resumed from the server's offset (tus, ADR 0050), not from zero.

const ORG = 'demo-university';
const MB = 1024 * 1024;

test('a document upload whose connection drops mid-way resumes and arrives whole', async ({
  page,
  request,
}) => {
  const { txnId } = await startedDemoTransaction(page, request);
  await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=dl`);
  await expect(page.getByRole('heading', { level: 2, name: 'Driving licence', exact: true })).toBeVisible();

  // 11 MB: three PATCHes of at most 5 MB.
  const pdf = await marksheetPdf('Asha Verma');
  const file = Buffer.concat([pdf, Buffer.from(`\n%${' '.repeat(11_000_000 - pdf.length - 3)}\n`)]);
  expect(file.length).toBe(11_000_000);

  // Every tus request the page sends; the second PATCH loses its connection once.
  const sent: string[] = [];
  let cut = false;
  await page.route(/\/api\/utility\/files\/uploads/, async (route) => {
    const req = route.request();
    const offset = (await req.allHeaders())['upload-offset'];
    sent.push(`${req.method()}${offset === undefined ? '' : ` ${offset}`}`);
    if (req.method() === 'PATCH' && offset === String(5 * MB) && !cut) {
      cut = true;
      return route.abort('connectionreset');
    }
    return route.fallback();
  });
  const finished = page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' &&
      r.url().includes('/api/utility/files/uploads/') &&
      r.status() === 200,
    { timeout: 60_000 },
  );

  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: file });

  const answer = (await (await finished).json()) as {
    code: number;
    data: { size: number; sha256: string; name: string };
  };
  expect(answer.code).toBe(0);
  expect(answer.data).toMatchObject({
    name: 'licence.pdf',
    size: file.length,
    sha256: createHash('sha256').update(file).digest('hex'),
  });
  // Created once; after the cut, HEAD asked where to go on and the bytes already there were not sent again.
  expect(sent).toEqual(['POST', 'PATCH 0', `PATCH ${5 * MB}`, 'HEAD', `PATCH ${5 * MB}`, `PATCH ${10 * MB}`]);
  // The field shows the file as any upload (a warning dialog first, when the checks have one).
  const proceed = page.getByRole('button', { name: 'Proceed Anyway' });
  const card = page.getByRole('button', { name: 'Remove licence.pdf' });
  await expect(proceed.or(card)).toBeVisible({ timeout: 20_000 });
  if (await proceed.isVisible()) await proceed.click();
  await expect(card).toBeVisible();
});
