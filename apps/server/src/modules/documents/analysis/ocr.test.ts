import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type * as Tesseract from 'tesseract.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeOcr, recogniseText } from './ocr.js';

/** The real tesseract.js, counting the workers made and how many recognitions run at once. */
const seen = vi.hoisted(() => ({ workers: 0, running: 0, mostAtOnce: 0 }));
vi.mock('tesseract.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Tesseract>();
  return {
    ...actual,
    createWorker: async (...args: Parameters<typeof actual.createWorker>) => {
      seen.workers++;
      const worker = await actual.createWorker(...args);
      const recognize = worker.recognize.bind(worker);
      worker.recognize = async (...input: Parameters<typeof recognize>) => {
        seen.mostAtOnce = Math.max(seen.mostAtOnce, ++seen.running);
        try {
          return await recognize(...input);
        } finally {
          seen.running--;
        }
      };
      return worker;
    },
  };
});

let dir: string;
let png: Buffer;

/** Large printed text at 300 dpi, as a phone scan of a typed line would be. */
function textSvg(lines: string[]): string {
  const rows = lines.map(
    (l, i) => `<text x="120" y="${220 + i * 160}" font-size="96" font-family="sans-serif">${l}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="${200 + lines.length * 160 + 100}">
<rect width="100%" height="100%" fill="white"/>${rows.join('')}</svg>`;
}
const squash = (s: string) => s.toUpperCase().replace(/\s+/g, ' ');

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'veridocs-ocr-'));
  png = await sharp(Buffer.from(textSvg(['VERIDOCS TEST 2026', 'Asha Verma'])))
    .withMetadata({ density: 300 })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await closeOcr();
  await rm(dir, { recursive: true, force: true });
});

describe('recogniseText (tesseract.js, offline English model)', () => {
  it('reads printed text from a PNG and a JPEG', async () => {
    const file = path.join(dir, 'text.png');
    await writeFile(file, png);
    const text = squash(await recogniseText({ path: file, mimeType: 'image/png' }));
    expect(text).toContain('VERIDOCS TEST 2026');
    expect(text).toContain('ASHA VERMA');

    const jpeg = path.join(dir, 'text.jpg');
    await sharp(png).jpeg({ quality: 80 }).toFile(jpeg);
    expect(squash(await recogniseText({ path: jpeg, mimeType: 'image/jpeg' }))).toContain('ASHA VERMA');
  });

  it('queues concurrent calls on the one worker', async () => {
    await closeOcr();
    Object.assign(seen, { workers: 0, mostAtOnce: 0 });
    const file = path.join(dir, 'text.png');
    const texts = await Promise.all(
      [1, 2, 3].map(() => recogniseText({ path: file, mimeType: 'image/png' })),
    );
    for (const t of texts) expect(squash(t)).toContain('VERIDOCS');
    expect(seen.workers).toBe(1);
    expect(seen.mostAtOnce).toBe(1);
  });

  it('PDF: takes a page text layer as is, and OCRs a scanned page rendered at 300 dpi', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc
      .addPage([595, 842])
      .drawText('Typed page: Statement of marks for Ravi Kumar', { x: 40, y: 780, size: 14, font });
    const image = await doc.embedPng(png);
    doc.addPage([595, 842]).drawImage(image, { x: 20, y: 500, width: 555, height: (555 * 780) / 2000 });
    const file = path.join(dir, 'mixed.pdf');
    await writeFile(file, await doc.save());
    const text = squash(await recogniseText({ path: file, mimeType: 'application/pdf' }));
    expect(text).toContain('STATEMENT OF MARKS FOR RAVI KUMAR');
    expect(text).toContain('ASHA VERMA');
  });

  it('closeOcr terminates the worker; the next call starts a new one', async () => {
    await closeOcr();
    await closeOcr();
    const file = path.join(dir, 'text.png');
    expect(squash(await recogniseText({ path: file, mimeType: 'image/png' }))).toContain('ASHA VERMA');
  });
});
