import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseDocument } from './index.js';
import { documentVariants } from './test-fixtures.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'veridocs-analyse-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function namePdf(name: string): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(`Name of the candidate: ${name}`, { x: 50, y: 750, size: 16, font });
  const file = path.join(dir, `${name.replace(/\W/g, '')}.pdf`);
  await writeFile(file, await doc.save());
  return file;
}

describe('analyseDocument', () => {
  it('images: JPEG and PNG by path, the image verdict and pageCount 1', async () => {
    const v = await documentVariants();
    const ok = path.join(dir, 'ok.jpg');
    await sharp(v.sharp).jpeg({ quality: 90 }).toFile(ok);
    expect(await analyseDocument({ path: ok, mimeType: 'image/jpeg', expectName: 'Someone Else' })).toEqual({
      state: 'COMPLETED',
      issues: [],
      pageCount: 1,
    });
    const blurred = path.join(dir, 'blurred.png');
    await writeFile(blurred, v.blurred);
    const r = await analyseDocument({ path: blurred, mimeType: 'image/png' });
    expect(r.state).toBe('WARNING');
    expect(r.issues.map((i) => i.code)).toEqual(['BLURRY']);
    expect(Object.keys(r).sort()).toEqual(['issues', 'pageCount', 'state']);
  });

  it('PDF: the name on the text layer is compared with expectName (NAME_MISMATCH is a WARNING)', async () => {
    const file = await namePdf('ASHA K. VERMA');
    expect(
      await analyseDocument({ path: file, mimeType: 'application/pdf', expectName: 'Asha Kumari Verma' }),
    ).toEqual({
      state: 'COMPLETED',
      issues: [],
      pageCount: 1,
      // Its text layer is what OCR would read: no OCR job needed.
      ocrText: expect.stringContaining('ASHA K. VERMA'),
    });
    const r = await analyseDocument({ path: file, mimeType: 'application/pdf', expectName: 'Ravi Kumar' });
    expect(r).toMatchObject({ state: 'WARNING', pageCount: 1 });
    expect(r.issues.map((i) => i.code)).toEqual(['NAME_MISMATCH']);
    // No expectName: no name check.
    expect((await analyseDocument({ path: file, mimeType: 'application/pdf' })).state).toBe('COMPLETED');
  });

  it('PDF errors win over the name check', async () => {
    const file = path.join(dir, 'broken.pdf');
    await writeFile(file, '%PDF-1.4\ngarbage');
    const r = await analyseDocument({ path: file, mimeType: 'application/pdf', expectName: 'Asha Verma' });
    expect(r).toEqual({
      state: 'ERROR',
      issues: [expect.objectContaining({ code: 'PDF_UNREADABLE' })],
      pageCount: null,
    });
  });
});
