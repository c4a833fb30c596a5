import { readFile } from 'node:fs/promises';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, type PDFObject } from 'pdf-lib';
import { measureExpansion, PDF_LIMITS, type PdfLimits } from './pdf-expansion.js';
import { ocrTextFromLayers, openWithPdfJs, pageTexts } from './pdfjs.js';
import { issue, stateOf, type AnalysisResult, type DocumentIssue } from './types.js';

export { measureExpansion, PDF_LIMITS, type PdfLimits };

export interface PdfThresholds {
  /** More pages than this is a WARNING (PDF_TOO_MANY_PAGES). */
  maxPages: number;
  /** Pages whose text layer is read for PDF_NO_TEXT and the name check. */
  textPages: number;
  /** Fewer non-space characters than this on those pages means no text layer (PDF_NO_TEXT). */
  minTextChars: number;
}

export const PDF_THRESHOLDS: Readonly<PdfThresholds> = { maxPages: 50, textPages: 3, minTextChars: 1 };

/**
 * PDF names that mean active content: scripts, launching programs, embedded files, rich media. Matched as
 * whole names after decoding #xx escapes (so /J#61vaScript counts), both in the raw bytes and in every object
 * pdf-lib parsed (which includes objects inside compressed object streams).
 */
const ACTIVE_NAMES = new Set(['JS', 'JavaScript', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia']);

function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Active-content names found by scanning the raw bytes (uncompressed objects and object streams). */
export function scanRawForActiveContent(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const found = new Set<string>();
  // A PDF name: "/" then regular characters up to a delimiter or white space.
  for (const m of text.matchAll(/\/([^\s/<>[\]()%{}]{1,64})/g)) {
    const name = decodeName(m[1] ?? '');
    if (ACTIVE_NAMES.has(name)) found.add(name);
  }
  return [...found];
}

/** Active-content names found in the parsed object graph (dictionary keys and name values). */
function scanObjectsForActiveContent(doc: PDFDocument): string[] {
  const found = new Set<string>();
  const seen = new Set<PDFObject>();
  const visit = (obj: PDFObject | undefined, depth: number) => {
    if (!obj || depth > 32 || seen.has(obj)) return;
    seen.add(obj);
    if (obj instanceof PDFName) {
      const name = decodeName(obj.asString().slice(1));
      if (ACTIVE_NAMES.has(name)) found.add(name);
    } else if (obj instanceof PDFDict) {
      for (const [key, value] of obj.entries()) {
        visit(key, depth + 1);
        visit(value, depth + 1);
      }
    } else if (obj instanceof PDFArray) {
      for (const value of obj.asArray()) visit(value, depth + 1);
    } else if (obj instanceof PDFStream || obj instanceof PDFRawStream) {
      visit(obj.dict, depth + 1);
    }
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) visit(obj, 0);
  visit(doc.context.trailerInfo.Encrypt, 0);
  return [...found];
}

/** A trailer (or cross-reference stream) that points to an encryption dictionary. */
export function hasEncryptDictionary(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(text);
}

export interface PdfAnalysis extends AnalysisResult {
  /** The text layer of the first pages ('' when none or unreadable). */
  text: string;
}

const unreadable = (message: string): PdfAnalysis => {
  const issues = [issue('PDF_UNREADABLE', message)];
  return { state: stateOf(issues), issues, pageCount: null, text: '' };
};

/** PDF checks: opens, not encrypted, no active content, page count, has a text layer. */
export async function analysePdf(
  input: string | Uint8Array,
  thresholds: Partial<PdfThresholds> = {},
  limits: PdfLimits = PDF_LIMITS,
): Promise<PdfAnalysis> {
  const t = { ...PDF_THRESHOLDS, ...thresholds };
  const bytes = typeof input === 'string' ? new Uint8Array(await readFile(input)) : input;

  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) return unreadable('The file is not a readable PDF');

  if (hasEncryptDictionary(bytes)) {
    const issues = [
      issue('PDF_ENCRYPTED', 'The PDF is password-protected or encrypted; upload an unprotected copy'),
    ];
    return { state: stateOf(issues), issues, pageCount: null, text: '' };
  }

  // Before pdf-lib (it inflates object streams) and pdf.js (content streams, images): the bomb check.
  const oversized = await measureExpansion(bytes, limits);
  if (oversized) return { state: stateOf([oversized]), issues: [oversized], pageCount: null, text: '' };

  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch {
    return unreadable('The PDF is damaged or incomplete and cannot be opened');
  }
  if (doc.isEncrypted) {
    const issues = [
      issue('PDF_ENCRYPTED', 'The PDF is password-protected or encrypted; upload an unprotected copy'),
    ];
    return { state: stateOf(issues), issues, pageCount: null, text: '' };
  }

  const active = new Set([...scanRawForActiveContent(bytes), ...scanObjectsForActiveContent(doc)]);
  if (active.size > 0) {
    const issues = [
      issue(
        'PDF_ACTIVE_CONTENT',
        `The PDF contains active content (${[...active].sort().join(', ')}) and is refused`,
      ),
    ];
    return { state: stateOf(issues), issues, pageCount: null, text: '' };
  }

  let pageCount: number;
  let texts: string[];
  try {
    pageCount = doc.getPageCount();
    if (pageCount < 1) return unreadable('The PDF has no pages');
    if (pageCount > limits.maxPages) {
      const issues = [
        issue(
          'PDF_OVERSIZED',
          `The PDF has more than ${limits.maxPages} pages and is refused`,
          pageCount,
          limits.maxPages,
        ),
      ];
      return { state: stateOf(issues), issues, pageCount, text: '' };
    }
    const pdf = await openWithPdfJs(bytes);
    try {
      pageCount = pdf.numPages;
      texts = await pageTexts(pdf, t.textPages);
    } finally {
      await pdf.destroy();
    }
  } catch {
    return unreadable('The PDF is damaged or incomplete and cannot be read');
  }

  const issues: DocumentIssue[] = [];
  if (pageCount > t.maxPages) {
    issues.push(
      issue('PDF_TOO_MANY_PAGES', `The PDF has more than ${t.maxPages} pages`, pageCount, t.maxPages),
    );
  }
  const gap = missingPageIssue(texts, pageCount);
  if (gap) issues.push(gap);
  const text = texts.join('\n');
  const chars = text.replace(/\s+/g, '').length;
  if (chars < t.minTextChars) {
    issues.push(
      issue(
        'PDF_NO_TEXT',
        'The PDF has no text layer (a scan); it will be read by text recognition, so make sure it is clear',
        chars,
        t.minTextChars,
        1,
      ),
    );
  }
  const ocrText = ocrTextFromLayers(texts, pageCount);
  return { state: stateOf(issues), issues, pageCount, text, ...(ocrText === undefined ? {} : { ocrText }) };
}

const PAGE_LABEL = /\bpage\s+(\d{1,3})\s*(?:of|\/)\s*(\d{1,3})\b/i;

/**
 * A missing page, from the page labels the document prints ("Page 2 of 3", "page 2/3"): a total larger
 * than the pages in the file, or a page whose label is not its position (page 1 labelled "Page 2").
 * Only the pages whose text was read are looked at; documents without labels are never flagged.
 */
export function missingPageIssue(texts: readonly string[], pageCount: number): DocumentIssue | null {
  for (let index = 0; index < texts.length; index++) {
    const match = PAGE_LABEL.exec(texts[index] ?? '');
    if (!match) continue;
    const label = Number(match[1]);
    const total = Number(match[2]);
    if (label < 1 || total < label) continue;
    if (total > pageCount) {
      return issue(
        'MISSING_PAGE',
        `The document says it has ${total} pages but the file has ${pageCount}; upload every page in one PDF`,
        pageCount,
        total,
      );
    }
    if (label !== index + 1) {
      return issue(
        'MISSING_PAGE',
        `Page ${index + 1} of the file is labelled page ${label}: a page may be missing or out of order`,
        label,
        index + 1,
        index + 1,
      );
    }
  }
  return null;
}
