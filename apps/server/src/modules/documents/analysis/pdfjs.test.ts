import { describe, expect, it } from 'vitest';
import { layerIsText, pageText, type PdfJsDocument } from './pdfjs.js';

/** A document whose page 1 has these text items (what pdf.js's getTextContent answers). */
function docWith(items: { str: string; hasEOL: boolean }[]): PdfJsDocument {
  const page = { getTextContent: async () => ({ items }), cleanup: () => true };
  return { numPages: 1, getPage: async () => page } as unknown as PdfJsDocument;
}

describe('a page text layer', () => {
  it('drops the NULs of fonts that map glyphs to U+0000: a text column refuses them', async () => {
    const doc = docWith([
      { str: 'Asha\u0000 Verma', hasEOL: true },
      { str: '\u0000\u0000Marks 480', hasEOL: false },
    ]);
    expect(await pageText(doc, 1)).toBe('Asha Verma\nMarks 480');
  });

  it('a layer of NULs is no text', async () => {
    const layer = await pageText(docWith([{ str: '\u0000'.repeat(40), hasEOL: false }]), 1);
    expect(layer).toBe('');
    expect(layerIsText(layer)).toBe(false);
  });
});
