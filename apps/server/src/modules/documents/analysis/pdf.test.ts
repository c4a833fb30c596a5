import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recogniseText } from './ocr.js';
import { analysePdf, hasEncryptDictionary, scanRawForActiveContent } from './pdf.js';
import { documentPng } from './test-fixtures.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'veridocs-pdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function textPdf(pages = 1, text = 'Statement of marks — Asha Verma'): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc
      .addPage([595, 842])
      .drawText(`${text.replace('—', '-')} page ${i + 1}`, { x: 50, y: 750, size: 18, font });
  return doc;
}

/** A hand-written PDF (uncompressed, classic xref) with `extra` added to the catalog and `trailerExtra` to the trailer. */
function handWrittenPdf(extra = '', trailerExtra = ''): Uint8Array {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${extra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

const codes = (r: { issues: { code: string }[] }) => r.issues.map((i) => i.code);

describe('PDF checks', () => {
  it('a PDF with a text layer is COMPLETED, with its page count and text', async () => {
    const file = path.join(dir, 'ok.pdf');
    await writeFile(file, await (await textPdf(3)).save());
    const r = await analysePdf(file);
    expect(r).toMatchObject({ state: 'COMPLETED', issues: [], pageCount: 3 });
    expect(r.text).toContain('Asha Verma page 1');
    expect(r.text).toContain('page 3');
  });

  it('carries the OCR text when every page OCR reads has a text layer: the same text recogniseText reads', async () => {
    for (const pages of [1, 3, 5]) {
      const file = path.join(dir, `layers-${pages}.pdf`);
      await writeFile(file, await (await textPdf(pages)).save());
      const r = await analysePdf(file);
      expect(r.ocrText).toBe(await recogniseText({ path: file, mimeType: 'application/pdf' }));
      expect(r.ocrText).toContain('Asha Verma page 1');
      expect(r.ocrText).not.toContain('page 4'); // OCR reads the first three pages only
    }
    // A page whose layer is too thin for OCR to keep (it would render it): no OCR text from the checks.
    const thin = await textPdf(2, 'Asha');
    const r = await analysePdf(await thin.save());
    expect(r.state).toBe('COMPLETED');
    expect(r.ocrText).toBeUndefined();
  });

  it('a scanned PDF (pages are images, no text layer) → WARNING PDF_NO_TEXT', async () => {
    const doc = await PDFDocument.create();
    const png = await doc.embedPng(await documentPng());
    doc.addPage([595, 842]).drawImage(png, { x: 0, y: 0, width: 595, height: 842 });
    const r = await analysePdf(await doc.save());
    expect(r).toMatchObject({ state: 'WARNING', pageCount: 1 });
    expect(codes(r)).toEqual(['PDF_NO_TEXT']);
    expect(r.issues[0]?.message).toMatch(/text recognition/);
  });

  it('a missing page, from the labels the document prints → WARNING MISSING_PAGE', async () => {
    const labelled = async (labels: string[]) => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (const label of labels) {
        const page = doc.addPage([595, 842]);
        page.drawText('Statement of marks - Asha Verma', { x: 50, y: 750, size: 18, font });
        page.drawText(label, { x: 250, y: 40, size: 10, font });
      }
      return analysePdf(await doc.save());
    };
    const complete = await labelled(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
    expect(codes(complete)).toEqual([]);
    const short = await labelled(['Page 1 of 3', 'Page 2 of 3']);
    expect(short.state).toBe('WARNING');
    expect(short.issues).toEqual([
      expect.objectContaining({ code: 'MISSING_PAGE', measured: 2, threshold: 3 }),
    ]);
    const outOfOrder = await labelled(['Page 2/2', 'Page 1/2']);
    expect(outOfOrder.issues).toEqual([expect.objectContaining({ code: 'MISSING_PAGE', page: 1 })]);
    // No labels: never flagged.
    expect(codes(await labelled(['', '']))).toEqual([]);
  });

  it('more than 50 pages → WARNING PDF_TOO_MANY_PAGES; exactly 50 is fine', async () => {
    const fifty = await analysePdf(await (await textPdf(50)).save());
    expect(fifty).toMatchObject({ state: 'COMPLETED', pageCount: 50 });
    const r = await analysePdf(await (await textPdf(51)).save());
    expect(r).toMatchObject({ state: 'WARNING', pageCount: 51 });
    expect(r.issues).toEqual([
      expect.objectContaining({ code: 'PDF_TOO_MANY_PAGES', measured: 51, threshold: 50 }),
    ]);
  });

  it('truncated, garbage, not-a-PDF and empty files → ERROR PDF_UNREADABLE', async () => {
    const good = await (await textPdf(2)).save();
    const cases: Uint8Array[] = [
      good.subarray(0, Math.floor(good.length / 3)),
      new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50_000, 0x41)])),
      new Uint8Array(Buffer.from('MZ\x90\x00 this is an executable')),
      new Uint8Array(0),
    ];
    for (const bytes of cases) {
      const r = await analysePdf(bytes);
      expect(r.state).toBe('ERROR');
      expect(codes(r)).toEqual(['PDF_UNREADABLE']);
      expect(r.pageCount).toBeNull();
    }
  });

  it('an encrypted PDF (/Encrypt in the trailer) → ERROR PDF_ENCRYPTED', async () => {
    const encrypt =
      '/Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /P -44 ' +
      `/O <${'a1'.repeat(32)}> /U <${'b2'.repeat(32)}> >> /ID [<${'c3'.repeat(16)}> <${'c3'.repeat(16)}>]`;
    const bytes = handWrittenPdf('', encrypt);
    expect(hasEncryptDictionary(bytes)).toBe(true);
    const r = await analysePdf(bytes);
    expect(r).toMatchObject({ state: 'ERROR', pageCount: null });
    expect(codes(r)).toEqual(['PDF_ENCRYPTED']);
    expect(r.issues[0]?.message).toMatch(/password/);
    // An indirect encryption dictionary is found too.
    expect(hasEncryptDictionary(handWrittenPdf('', '/Encrypt 9 0 R'))).toBe(true);
    expect(hasEncryptDictionary(await (await textPdf()).save())).toBe(false);
  });

  describe('active content → ERROR PDF_ACTIVE_CONTENT', () => {
    it.each([
      ['OpenAction JavaScript', '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>'],
      [
        'document-level JavaScript in the names tree',
        '/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (x) >>] >> >>',
      ],
      ['an additional action (AA) with JS', '/AA << /WC << /S /JavaScript /JS (x) >> >>'],
      ['a Launch action', '/OpenAction << /S /Launch /F (cmd.exe) >>'],
      [
        'an embedded file',
        '/Names << /EmbeddedFiles << /Names [(a.exe) << /Type /Filespec /F (a.exe) >>] >> >>',
      ],
      ['a name hidden with #xx escapes', '/OpenAction << /S /J#61vaScript /J#53 (x) >>'],
    ])('%s (hand-written, uncompressed)', async (_label, extra) => {
      const bytes = handWrittenPdf(extra);
      const r = await analysePdf(bytes);
      expect(r.state).toBe('ERROR');
      expect(codes(r)).toEqual(['PDF_ACTIVE_CONTENT']);
      expect(scanRawForActiveContent(bytes).length).toBeGreaterThan(0);
    });

    it('JavaScript inside a compressed object stream is found through the parsed objects', async () => {
      const doc = await textPdf();
      const action = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
      const bytes = await doc.save({ useObjectStreams: true });
      // Not visible in the raw bytes (the object is Flate-compressed in an object stream) ...
      expect(scanRawForActiveContent(bytes)).toEqual([]);
      // ... but pdf-lib decodes object streams, and the object walk sees it.
      const r = await analysePdf(bytes);
      expect(r.state).toBe('ERROR');
      expect(r.issues[0]?.message).toMatch(/JS, JavaScript/);
    });

    it('a file attached with pdf-lib (EmbeddedFile)', async () => {
      const doc = await textPdf();
      await doc.attach(Buffer.from('MZ payload'), 'tool.exe', { mimeType: 'application/octet-stream' });
      const r = await analysePdf(await doc.save());
      expect(codes(r)).toEqual(['PDF_ACTIVE_CONTENT']);
    });

    it('an ordinary link (URI action) is not active content', async () => {
      const r = await analysePdf(handWrittenPdf('/OpenAction << /S /URI /URI (https://example.com) >>'));
      expect(r.state).not.toBe('ERROR');
    });
  });
});
