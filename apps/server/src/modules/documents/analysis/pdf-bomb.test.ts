import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { analysePdf, measureExpansion, PDF_LIMITS } from './pdf.js';
import { pdfBomb } from './test-fixtures.js';

describe('decompression bombs and page counts are capped before parsing (issue 9)', () => {
  it('a ~400 KB PDF whose one stream inflates to 400 MB is refused fast, without inflating it all', async () => {
    const bomb = await pdfBomb();
    expect(bomb.length).toBeLessThan(450_000);
    const started = performance.now();
    const r = await analysePdf(bomb);
    const ms = performance.now() - started;
    expect(r.state).toBe('ERROR');
    expect(r.issues.map((i) => i.code)).toEqual(['PDF_OVERSIZED']);
    expect(r.issues[0]?.message).toMatch(/more than 64 MB/);
    expect(ms).toBeLessThan(2_000);
  });

  it('many streams under the per-stream cap still meet the total cap', async () => {
    // 5 MB inflated; caps scaled down so the test stays small.
    const bomb = await pdfBomb(5 * 1024 * 1024);
    expect(measureExpansion(bomb, { ...PDF_LIMITS, maxStreamBytes: 4 * 1024 * 1024 })?.code).toBe(
      'PDF_OVERSIZED',
    );
    expect(measureExpansion(bomb, { ...PDF_LIMITS, maxTotalBytes: 4 * 1024 * 1024 })?.code).toBe(
      'PDF_OVERSIZED',
    );
    expect(measureExpansion(bomb)).toBeNull();
  });

  it('image streams meet the stream cap but not the total: a long scan is not a bomb', async () => {
    const block = deflateSync(Buffer.alloc(3 * 1024 * 1024, 0xff));
    const streams = (dict: string) =>
      Buffer.concat(
        Array.from({ length: 5 }, (_, i) => [
          Buffer.from(`${i + 1} 0 obj\n<< ${dict} /Length ${block.length} /Filter /FlateDecode >>\nstream\n`),
          block,
          Buffer.from('\nendstream\nendobj\n'),
        ]).flat(),
      );
    const limits = { ...PDF_LIMITS, maxStreamBytes: 4 * 1024 * 1024, maxTotalBytes: 10 * 1024 * 1024 };
    const images = streams('/Type /XObject /Subtype /Image /Width 1024 /Height 1024');
    expect(measureExpansion(images, limits)).toBeNull();
    expect(measureExpansion(images, { ...limits, maxStreamBytes: 2 * 1024 * 1024 })?.code).toBe(
      'PDF_OVERSIZED',
    );
    expect(measureExpansion(streams(''), limits)?.message).toMatch(/more than 10 MB in all/);
  });

  it('a PDF with more pages than the hard cap is refused (also when its pages sit in object streams)', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 30; i++)
      doc.addPage([200, 200]).drawText(`page ${i + 1}`, { x: 10, y: 100, size: 12, font });
    for (const useObjectStreams of [false, true]) {
      const bytes = await doc.save({ useObjectStreams });
      const r = await analysePdf(bytes, {}, { ...PDF_LIMITS, maxPages: 20 });
      expect(r.state).toBe('ERROR');
      expect(r.issues[0]?.code).toBe('PDF_OVERSIZED');
      expect((await analysePdf(bytes)).state).not.toBe('ERROR');
    }
  });
});
