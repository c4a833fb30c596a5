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
  });
  return task.promise;
}

/** The text layer of pages 1..maxPages, one string per page. */
export async function pageTexts(doc: PdfJsDocument, maxPages: number): Promise<string[]> {
  const texts: string[] = [];
  for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    texts.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('')
        .trim(),
    );
    page.cleanup();
  }
  return texts;
}
