import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof PdfJsModule;
export type PdfJsDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

const require = createRequire(import.meta.url);
let loaded: Promise<PdfJs> | null = null;

/** pdfjs-dist's legacy build (the only one that runs in Node), loaded once on first use. */
export function loadPdfJs(): Promise<PdfJs> {
  loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loaded;
}

function assetDir(name: string): string {
  return path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), name) + path.sep;
}

type BinaryKind = 'cMapUrl' | 'standardFontDataUrl' | 'wasmUrl';

/** Standard fonts and wasm decoders read from the package, each once per process (≤ 2 MB in all). */
const packageFiles = new Map<string, Promise<Uint8Array>>();

/**
 * pdf.js's Node factory reads a standard font (Helvetica of a generated marksheet) from disk for every
 * document; this one keeps the package's fixed files in memory. CMaps, whose names come from the PDF,
 * are read as before.
 */
class CachedBinaryDataFactory {
  constructor(private readonly bases: Partial<Record<BinaryKind, string | null>>) {}

  async fetch({ kind, filename }: { kind: BinaryKind; filename: string }): Promise<Uint8Array> {
    const base = this.bases[kind];
    if (!base) throw new Error(`Ensure that the \`${kind}\` API parameter is provided.`);
    const url = `${base}${filename}`;
    if (kind === 'cMapUrl') return new Uint8Array(await readFile(url));
    let bytes = packageFiles.get(url);
    if (!bytes) {
      bytes = readFile(url).then((b) => new Uint8Array(b));
      packageFiles.set(url, bytes);
      bytes.catch(() => packageFiles.delete(url));
    }
    // A copy: pdf.js may transfer (detach) the buffer it is given.
    return (await bytes).slice();
  }
}

/**
 * Opens a PDF with pdfjs: no eval, no font faces, no logging, fonts/CMaps/wasm decoders read from the installed
 * package (never fetched). The bytes are copied because pdfjs transfers (detaches) the buffer it is given.
 */
export async function openWithPdfJs(bytes: Uint8Array): Promise<PdfJsDocument> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    standardFontDataUrl: assetDir('standard_fonts'),
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    wasmUrl: assetDir('wasm'),
    BinaryDataFactory: CachedBinaryDataFactory,
  });
  return task.promise;
}

/** Pages of a PDF the OCR job reads (their text layer, or the rendered page when the layer is too thin). */
export const OCR_PDF_PAGES = 3;
/** A page whose text layer has at least this many non-space characters is not rendered for OCR. */
export const TEXT_LAYER_MIN_CHARS = 20;

/** True when OCR would keep this page's text layer as it is instead of rendering the page. */
export const layerIsText = (layer: string) => layer.replace(/\s+/g, '').length >= TEXT_LAYER_MIN_CHARS;

/** The text layer of page n (1-based). */
export async function pageText(doc: PdfJsDocument, n: number): Promise<string> {
  const page = await doc.getPage(n);
  const content = await page.getTextContent();
  page.cleanup();
  return (
    content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
      .join('')
      // Fonts that map glyphs to U+0000 put NULs in the layer (pdf.js keeps them here): a database text
      // column refuses them, and they are not text.
      .replaceAll('\u0000', '')
      .trim()
  );
}

/** The text layer of pages 1..maxPages, one string per page. */
export async function pageTexts(doc: PdfJsDocument, maxPages: number): Promise<string[]> {
  const texts: string[] = [];
  for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) texts.push(await pageText(doc, n));
  return texts;
}

/**
 * The text the OCR job would find in a PDF, when it needs no rendering: every page it reads has a text
 * layer of its own (recognisePdf's result for such a file); undefined when a page would be rendered.
 */
export function ocrTextFromLayers(texts: readonly string[], numPages: number): string | undefined {
  if (texts.length < Math.min(numPages, OCR_PDF_PAGES)) return undefined;
  const read = texts.slice(0, OCR_PDF_PAGES);
  return read.every(layerIsText) ? read.join('\n\n') : undefined;
}
