import type { Response } from '@playwright/test';
import { test, expect, marksheetPdf, startedDemoTransaction } from './fixtures';

// Issue 24 (rough edges): the semesters' marksheets picked for one merged PDF were only in the page
// until "Merge and upload" was pressed: a reload dropped them. They are now kept in IndexedDB.

const ORG = 'demo-university';
/** The autosave of the form (PUT /bgv) carrying a marksheet. */
const savedWithMarksheet = (r: Response) =>
  r.url().endsWith('/api/verification/v1/bgv') &&
  r.request().method() === 'PUT' &&
  Boolean((r.request().postDataJSON() as { data?: { marksheet?: unknown } }).data?.marksheet);

test('picked marksheets survive a reload until merged and uploaded', async ({ page, request }) => {
  const { txnId } = await startedDemoTransaction(page, request);
  await page.goto(`/verification?orgId=${ORG}&txnId=${txnId}&name=bgv-degree`);
  await page.getByRole('combobox', { name: 'Documents available' }).click();
  await page.getByRole('option', { name: 'Degree and marksheets available' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.getByTestId('marksheet-input').setInputFiles([
    { name: 'sem-2.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma', 2) },
    { name: 'sem-1.pdf', mimeType: 'application/pdf', buffer: await marksheetPdf('Asha Verma', 1) },
  ]);
  const parts = page.getByTestId('merge-part');
  await expect(parts).toHaveCount(2);
  await page.getByRole('button', { name: 'Move sem-1.pdf up' }).click();
  await expect(parts.nth(0)).toContainText('sem-1.pdf');
  // What is kept is written just after the change: wait for it before reloading.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const open = indexedDB.open('veridocs-picked-files');
            open.onsuccess = () => {
              const db = open.result;
              const get = db.transaction('picks').objectStore('picks').getAll();
              get.onsuccess = () => {
                db.close();
                resolve(
                  (get.result as { files: { name: string }[] }[]).flatMap((p) => p.files.map((f) => f.name)),
                );
              };
            };
          }),
      ),
    )
    .toEqual(['sem-1.pdf', 'sem-2.pdf']);

  await page.reload();
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toContainText('sem-1.pdf');
  await expect(parts.nth(1)).toContainText('sem-2.pdf');

  // The restored files are merged: 1 + 2 pages, in the order shown.
  const merged = page.waitForResponse((r) => r.url().endsWith('/api/utility/files/merge'));
  const saved = page.waitForResponse(savedWithMarksheet);
  await page.getByRole('button', { name: 'Merge and upload 2 files' }).click();
  const answer = (await (await merged).json()) as { code: number; data: { pageCount: number } };
  expect(answer).toMatchObject({ code: 0, data: { pageCount: 3 } });
  await expect(page.getByRole('button', { name: 'Remove marksheet-merged.pdf' })).toBeVisible({
    timeout: 30_000,
  });
  expect((await saved).ok()).toBe(true);

  // Uploaded: nothing is kept, so a reload shows the merged file only.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove marksheet-merged.pdf' })).toBeVisible();
  await expect(parts).toHaveCount(0);
});
