import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { FILE_LIMITS } from '@veridocs/shared';
import { layerIsText, OCR_PDF_PAGES, openWithPdfJs, pageText, type PdfJsDocument } from './pdfjs.js';
import { createTesseractRunner } from './tesseract-runner.js';

/** Pages of a PDF that are read. */
export { OCR_PDF_PAGES };
/** Resolution PDF pages are rendered at, and the DPI given to tesseract. */
const OCR_DPI = 300;
/** Longest side of an image given to tesseract (bigger photos are scaled down first). */
const OCR_MAX_SIDE = 3500;
const tesseract = createTesseractRunner({ parameters: { user_defined_dpi: String(OCR_DPI) } });

async function ocrPng(png: Buffer): Promise<string> {
  return tesseract.run(async (worker) => (await worker.recognize(png)).data.text);
}

/** A greyscale PNG at 300 dpi, oriented, at most OCR_MAX_SIDE px, never decoding an oversized image. */
async function prepareImage(input: Buffer | string): Promise<Buffer> {
  return sharp(input, { limitInputPixels: FILE_LIMITS.maxImagePixels, failOn: 'error' })
    .autoOrient()
    .resize(OCR_MAX_SIDE, OCR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .withMetadata({ density: OCR_DPI })
    .png()
    .toBuffer();
}

interface NodeCanvas {
  toBuffer(mime: 'image/png'): Buffer;
}
interface CanvasFactory {
  create(w: number, h: number): { canvas: NodeCanvas; context: unknown };
  destroy(c: { canvas: NodeCanvas; context: unknown }): void;
}

/** Renders one page to PNG at ~300 dpi with pdfjs and its Node canvas (@napi-rs/canvas). */
async function renderPage(doc: PdfJsDocument, n: number): Promise<Buffer> {
  const page = await doc.getPage(n);
  try {
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(OCR_DPI / 72, OCR_MAX_SIDE / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale });
    const factory = doc.canvasFactory as CanvasFactory;
    const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    try {
      await page.render({
        canvas: target.canvas as never,
        canvasContext: target.context as never,
        viewport,
        background: '#ffffff',
      }).promise;
      return await prepareImage(target.canvas.toBuffer('image/png'));
    } finally {
      factory.destroy(target);
    }
  } finally {
    page.cleanup();
  }
}

async function recognisePdf(bytes: Uint8Array): Promise<string> {
  const doc = await openWithPdfJs(bytes);
  try {
    const parts: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, OCR_PDF_PAGES); n++) {
      const layer = await pageText(doc, n);
      if (layerIsText(layer)) {
        parts.push(layer);
        continue;
      }
      let rendered: Buffer;
      try {
        rendered = await renderPage(doc, n);
      } catch {
        // No canvas implementation (@napi-rs/canvas is an optional dependency of pdfjs-dist) or a page that
        // does not render: keep whatever the text layer had.
        if (layer) parts.push(layer);
        continue;
      }
      parts.push((await ocrPng(rendered)).trim());
    }
    return parts.join('\n\n');
  } finally {
    await doc.destroy();
  }
}

/**
 * The text of a document. Images: OCR (tesseract.js, offline English model). PDFs: the first 3 pages; a page's
 * text layer when it has one, otherwise the page rendered at 300 dpi and OCR'd. Runs off the request path: the
 * OCR job calls it. One worker is created on first use and reused; calls are queued.
 */
export async function recogniseText(input: { path: string; mimeType: string }): Promise<string> {
  if (input.mimeType === 'application/pdf') {
    return recognisePdf(new Uint8Array(await readFile(input.path)));
  }
  return (await ocrPng(await prepareImage(input.path))).trim();
}

/** Terminates the OCR worker (the job runner calls it on shutdown); a later recogniseText starts a new one. */
export const closeOcr = (): Promise<void> => tesseract.close();
