import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { FILE_LIMITS, type DocumentIssue } from '@veridocs/shared';
import sharp, { type Metadata } from 'sharp';
import type { Worker as TesseractWorker } from 'tesseract.js';

export type AnalysableMime = 'image/jpeg' | 'image/png' | 'application/pdf';

export interface AnalysisResult {
  state: 'COMPLETED' | 'WARNING' | 'ERROR';
  issues: DocumentIssue[];
  pageCount: number | null;
}

/**
 * The document checks this module uses: the shape that modules/documents/analysis exports
 * (analyseDocument: quality checks, fast, on the request path; recogniseText: OCR, slow, off it).
 */
export interface DocumentAnalyser {
  analyseDocument(input: { path: string; mimeType: AnalysableMime; expectName?: string }): Promise<AnalysisResult>;
  recogniseText(input: { path: string; mimeType: string }): Promise<string>;
}

const issue = (code: DocumentIssue['code'], message: string, measured: number | null = null, threshold: number | null = null): DocumentIssue => ({
  code,
  message,
  measured,
  threshold,
  page: null,
});

/**
 * Structural PDF scan in constant memory (chunks with an overlap): header, end marker, encryption,
 * active content, page objects. It does not render or decompress; the documents analyser does more.
 */
async function scanPdf(path: string): Promise<AnalysisResult> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    const { size } = await handle.stat();
    const tail = Buffer.alloc(Math.min(2048, size));
    await handle.read(tail, 0, tail.length, size - tail.length);
    if (!head.toString('latin1').startsWith('%PDF-') || !tail.toString('latin1').includes('%%EOF'))
      return { state: 'ERROR', issues: [issue('PDF_UNREADABLE', 'This PDF is damaged or incomplete')], pageCount: null };
  } finally {
    await handle.close();
  }
  let carry = '';
  let encrypted = false;
  let active = false;
  let pages = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    const text = carry + (chunk as Buffer).toString('latin1');
    if (/\/Encrypt\b/.test(text)) encrypted = true;
    if (/\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia)\b/.test(text)) active = true;
    pages += (text.slice(carry.length > 0 ? carry.length - 32 : 0).match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
    carry = text.slice(-64);
  }
  if (encrypted)
    return { state: 'ERROR', issues: [issue('PDF_ENCRYPTED', 'This PDF is password protected; upload it without a password')], pageCount: null };
  if (active)
    return { state: 'ERROR', issues: [issue('PDF_ACTIVE_CONTENT', 'This PDF contains scripts or embedded files and cannot be accepted')], pageCount: null };
  if (pages === 0) return { state: 'ERROR', issues: [issue('PDF_UNREADABLE', 'This PDF has no readable pages')], pageCount: null };
  return { state: 'COMPLETED', issues: [], pageCount: pages };
}

async function checkImage(path: string): Promise<AnalysisResult> {
  let meta: Metadata;
  try {
    // The header only (no pixels are decoded): the size is checked before anything is decoded.
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    return { state: 'ERROR', issues: [issue('WRONG_DIMENSIONS', 'This image cannot be read')], pageCount: null };
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > FILE_LIMITS.maxImagePixels)
    return {
      state: 'ERROR',
      issues: [issue('WRONG_DIMENSIONS', 'This image has too many pixels', pixels, FILE_LIMITS.maxImagePixels)],
      pageCount: null,
    };
  try {
    // Decodes the whole image (bounded by the pixel limit): a truncated file fails here.
    await sharp(path, { limitInputPixels: FILE_LIMITS.maxImagePixels, failOn: 'truncated' }).resize(64, 64).raw().toBuffer();
  } catch {
    return { state: 'ERROR', issues: [issue('WRONG_DIMENSIONS', 'This image is damaged or incomplete')], pageCount: null };
  }
  if ((meta.width ?? 0) < 300 || (meta.height ?? 0) < 300)
    return { state: 'WARNING', issues: [issue('TOO_SMALL', 'This image is too small to read', Math.min(meta.width ?? 0, meta.height ?? 0), 300)], pageCount: 1 };
  return { state: 'COMPLETED', issues: [], pageCount: 1 };
}

let tesseract: Promise<TesseractWorker> | undefined;

/** tesseract.js with the English data from @tesseract.js-data/eng (no download at run time). */
async function ocrImage(path: string): Promise<string> {
  tesseract ??= (async () => {
    const { createWorker } = await import('tesseract.js');
    const dataDir = dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json'));
    return createWorker('eng', 1, {
      langPath: join(dataDir, '4.0.0_best_int'),
      gzip: true,
      cachePath: join(tmpdir(), 'veridocs-tesseract'),
      cacheMethod: 'none',
    });
  })();
  const worker = await tesseract;
  const { data } = await worker.recognize(path);
  return data.text;
}

/** Stops the shared OCR worker (tests, shutdown). */
export async function stopBasicOcr(): Promise<void> {
  const pending = tesseract;
  tesseract = undefined;
  if (pending) await (await pending).terminate();
}

/**
 * A small, real analyser used until modules/documents/analysis is wired in (and by tests): a
 * structural PDF scan and image header/decoding checks under the pixel limit; OCR of images with
 * tesseract.js (PDF text is left to the documents analyser).
 */
export const basicAnalyser: DocumentAnalyser = {
  analyseDocument: ({ path, mimeType }) => (mimeType === 'application/pdf' ? scanPdf(path) : checkImage(path)),
  recogniseText: async ({ path, mimeType }) => (mimeType.startsWith('image/') ? ocrImage(path) : ''),
};
