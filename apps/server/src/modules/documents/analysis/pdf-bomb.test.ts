import { brotliCompressSync, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { analysePdf, measureExpansion, PDF_LIMITS } from './pdf.js';
import { deflatedSpaces, pdfBomb, pdfWithStream } from './test-fixtures.js';

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
    expect((await measureExpansion(bomb, { ...PDF_LIMITS, maxStreamBytes: 4 * 1024 * 1024 }))?.code).toBe(
      'PDF_OVERSIZED',
    );
    expect((await measureExpansion(bomb, { ...PDF_LIMITS, maxTotalBytes: 4 * 1024 * 1024 }))?.code).toBe(
      'PDF_OVERSIZED',
    );
    expect(await measureExpansion(bomb)).toBeNull();
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
    expect(await measureExpansion(images, limits)).toBeNull();
    // The label is the file's own text: a content stream calling itself an image still meets the absolute cap.
    expect((await measureExpansion(images, { ...limits, maxAllBytes: 12 * 1024 * 1024 }))?.message).toMatch(
      /more than 12 MB in all/,
    );
    expect((await measureExpansion(images, { ...limits, maxStreamBytes: 2 * 1024 * 1024 }))?.code).toBe(
      'PDF_OVERSIZED',
    );
    expect((await measureExpansion(streams(''), limits))?.message).toMatch(/more than 10 MB in all/);
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

const MB = 1024 * 1024;

/** ASCII85 (btoa-like, with "z" for four zero bytes and "~>" at the end). */
function ascii85(data: Buffer): Buffer {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const group = Buffer.alloc(4);
    data.copy(group, 0, i, Math.min(i + 4, data.length));
    const n = Math.min(4, data.length - i);
    let t = group.readUInt32BE(0);
    if (t === 0 && n === 4) {
      out += 'z';
      continue;
    }
    const chars: string[] = [];
    for (let k = 0; k < 5; k++) {
      chars.unshift(String.fromCharCode((t % 85) + 33));
      t = Math.floor(t / 85);
    }
    out += chars.slice(0, n + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

/** A stored (uncompressed) deflate block holding `bytes`, not the last block. */
function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = 0x00;
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/** Refused by the checks, quickly, with the given code. */
async function expectRefused(pdf: Buffer, code: 'PDF_OVERSIZED' | 'PDF_UNREADABLE', message?: RegExp) {
  const started = performance.now();
  const r = await analysePdf(pdf);
  const ms = performance.now() - started;
  expect(r.state).toBe('ERROR');
  expect(r.issues.map((i) => i.code)).toEqual([code]);
  if (message) expect(r.issues[0]?.message).toMatch(message);
  expect(ms).toBeLessThan(2_000);
}

describe('the bomb cap reads each stream as pdf.js does (review of issue 9)', () => {
  const bomb = deflatedSpaces(100 * MB);

  it('a zlib header other than 0x78 (a smaller window) is still inflated', async () => {
    const data = await deflatedSpaces(100 * MB, { windowBits: 10 });
    expect(data[0]).not.toBe(0x78);
    await expectRefused(pdfWithStream('/Filter /FlateDecode', data), 'PDF_OVERSIZED', /more than 64 MB/);
  });

  it('data that is not zlib is not inflated (pdf.js drops a Flate stream with a bad header)', async () => {
    const raw = await deflatedSpaces(100 * MB, { raw: true });
    expect(await measureExpansion(pdfWithStream('/Filter /FlateDecode', raw))).toBeNull();
  });

  it('a /BrotliDecode stream (and other filters whose output cannot be measured) is refused', async () => {
    const brotli = brotliCompressSync(Buffer.alloc(8 * MB, 0x20));
    await expectRefused(pdfWithStream('/Filter /BrotliDecode', brotli), 'PDF_UNREADABLE', /BrotliDecode/);
    for (const filter of [
      '/LZWDecode',
      '/RL',
      '[/FlateDecode /Crypt]',
      '/Fl#61teDecod#65X',
      '/DCTDecode /F /LZW',
    ])
      expect((await measureExpansion(pdfWithStream(`/Filter ${filter}`, Buffer.from('x'))))?.code).toBe(
        'PDF_UNREADABLE',
      );
  });

  it.each([
    ['[/ASCIIHexDecode /FlateDecode]', (d: Buffer) => Buffer.from(`${d.toString('hex')}>`, 'latin1')],
    ['[/AHx /Fl]', (d: Buffer) => Buffer.from(`${d.toString('hex').replace(/(.{64})/g, '$1\n')}>`, 'latin1')],
    ['[/ASCII85Decode /FlateDecode]', ascii85],
    ['[/A85 /Fl]', ascii85],
  ])('a %s chain is decoded and inflated', async (filter, encode) => {
    await expectRefused(pdfWithStream(`/Filter ${filter}`, encode(await bomb)), 'PDF_OVERSIZED', /64 MB/);
  });

  it('ASCII85 "z" runs count too (each is four bytes)', async () => {
    const zs = Buffer.from(`${'z'.repeat(2 * MB)}~>`, 'latin1');
    const limits = { ...PDF_LIMITS, maxStreamBytes: 4 * MB };
    expect((await measureExpansion(pdfWithStream('/Filter /ASCII85Decode', zs), limits))?.code).toBe(
      'PDF_OVERSIZED',
    );
  });

  it('"endstream" inside a stored deflate block does not cut the stream: its /Length does', async () => {
    const zlib = Buffer.concat([
      Buffer.from([0x78, 0x01]),
      storedBlock(Buffer.from('\nendstream\nendobj\n', 'latin1')),
      await deflatedSpaces(100 * MB, { raw: true }),
      Buffer.from([0, 0, 0, 0]), // a wrong Adler-32: pdf.js does not check it
    ]);
    await expectRefused(pdfWithStream('/Filter /FlateDecode', zlib), 'PDF_OVERSIZED', /64 MB/);
    // An indirect /Length is resolved; one that cannot be is measured to the end of the file.
    const indirect = (length: string) =>
      pdfWithStream(`/Length 6 0 R /Filter /FlateDecode`, zlib, [`<< /Producer (x) >>`, length]);
    await expectRefused(indirect(String(zlib.length)), 'PDF_OVERSIZED', /64 MB/);
    await expectRefused(indirect('(not a number)'), 'PDF_OVERSIZED', /64 MB/);
  });

  it('a damaged Flate stream is refused (pdf.js decodes on where zlib stops)', async () => {
    const data = Buffer.concat([Buffer.from([0x78, 0x01]), Buffer.from([0x07, 0xff, 0xff, 0xff])]);
    expect((await measureExpansion(pdfWithStream('/Filter /FlateDecode', data)))?.message).toMatch(/damaged/);
  });

  it('image codecs at the end of a chain are accepted; real PDFs still pass', async () => {
    const jpegish = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const flate = deflateSync(Buffer.alloc(1 * MB, 1));
    expect(await measureExpansion(pdfWithStream('/Subtype /Image /Filter /DCTDecode', jpegish))).toBeNull();
    expect(
      await measureExpansion(pdfWithStream('/Subtype /Image /Filter [/FlateDecode /DCTDecode]', flate)),
    ).toBeNull();
    expect(
      (await measureExpansion(pdfWithStream('/Subtype /Image /Filter [/DCTDecode /FlateDecode]', jpegish)))
        ?.code,
    ).toBe('PDF_UNREADABLE');
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([200, 200]).drawText('stream endstream << >> stream', { x: 10, y: 100, size: 8, font });
    for (const useObjectStreams of [false, true])
      expect(await measureExpansion(await doc.save({ useObjectStreams }))).toBeNull();
    // The word in an uncompressed content stream, after a "%" inside a string, or after a real comment.
    const text = Buffer.from('BT (100% stream) Tj (a stream) Tj ET', 'latin1');
    expect(await measureExpansion(pdfWithStream('', text))).toBeNull();
    const commented = pdfWithStream('/Filter /FlateDecode', await deflatedSpaces(100 * MB)).toString(
      'latin1',
    );
    const withComment = Buffer.from(
      commented.replace('>>\nstream\n', '>> % a comment\n%another\nstream\n'),
      'latin1',
    );
    expect((await measureExpansion(withComment))?.code).toBe('PDF_OVERSIZED');
  });
});
