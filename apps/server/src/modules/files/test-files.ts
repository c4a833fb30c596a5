import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** Files generated for tests (and the bench): valid documents padded to exact byte sizes. */

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand (what a browser sends). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----veridocs${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.filename !== undefined)
      head += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function pdfWith(
  configure: (doc: PDFDocument) => void | Promise<void>,
  padding: number,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Veridocs test document', { x: 50, y: 780, size: 24, font });
  await configure(doc);
  if (padding > 0) doc.context.register(doc.context.stream(new Uint8Array(padding)));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A one-page PDF of exactly `size` bytes (an unreferenced padding stream; xref stays right). */
export async function pdfOfSize(
  size: number,
  configure: (doc: PDFDocument) => void | Promise<void> = () => undefined,
): Promise<Buffer> {
  let padding = 0;
  for (let i = 0; i < 6; i++) {
    const pdf = await pdfWith(configure, padding);
    if (pdf.length === size) return pdf;
    padding += size - pdf.length;
    if (padding < 0) throw new Error(`a PDF cannot be as small as ${size} bytes`);
  }
  throw new Error(`could not make a PDF of ${size} bytes`);
}

/** A PDF that runs JavaScript when opened. */
export const pdfWithJavaScript = (size = 60_000) =>
  pdfOfSize(size, (doc) => {
    const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  });

/** A PDF whose trailer says it is encrypted (Standard security handler). */
export const encryptedPdf = (size = 60_000) =>
  pdfOfSize(size, (doc) => {
    const encrypt = doc.context.obj({
      Filter: 'Standard',
      V: 2,
      R: 3,
      Length: 128,
      P: -3904,
      O: PDFString.of('0123456789abcdef0123456789abcdef'),
      U: PDFString.of('0123456789abcdef0123456789abcdef'),
    });
    doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  });

/** A JPEG of exactly `size` bytes: a noisy image plus COM segments after SOI. */
export async function jpegOfSize(size: number, width = 800, height = 600): Promise<Buffer> {
  const base = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#8899aa',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 70 })
    .toBuffer();
  let need = size - base.length;
  if (need === 0) return base;
  if (need < 4) throw new Error(`cannot pad a ${base.length}-byte JPEG to ${size}`);
  const segments: Buffer[] = [];
  while (need > 0) {
    let payload = Math.min(need - 4, 65_533);
    // Never leave 1 to 3 bytes that no segment can hold.
    if (need - (payload + 4) > 0 && need - (payload + 4) < 4) payload -= 4;
    const segment = Buffer.alloc(payload + 4, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(payload + 2, 2);
    segments.push(segment);
    need -= payload + 4;
  }
  return Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Pads a PNG to exactly `size` bytes with a private ancillary chunk before IEND. */
export function padPng(png: Buffer, size: number): Buffer {
  const need = size - png.length;
  if (need === 0) return png;
  if (need < 12) throw new Error(`cannot pad a ${png.length}-byte PNG to ${size}`);
  const iend = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iend),
    pngChunk('prVt', Buffer.alloc(need - 12)),
    png.subarray(iend),
  ]);
}

export async function pngOfSize(size: number, width = 600, height = 400): Promise<Buffer> {
  const base = await sharp({ create: { width, height, channels: 3, background: '#f0f4f8' } })
    .png()
    .toBuffer();
  return padPng(base, size);
}

/** A greyscale PNG of width × height built directly (all black; compresses ~1000:1), streamed through deflate. */
export async function hugePng(width: number, height: number, minSize = 45_000): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = 64;
  const block = Buffer.alloc((width + 1) * rows);
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = once(deflate, 'end');
  for (let y = 0; y < height; y += rows) {
    if (!deflate.write(block.subarray(0, Math.min(rows, height - y) * (width + 1))))
      await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.concat(out)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return png.length >= minSize ? png : padPng(png, minSize);
}

/** An image of large printed text (for OCR). */
export async function textImage(text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400"><rect width="100%" height="100%" fill="white"/><text x="60" y="240" font-family="DejaVu Sans, Arial, sans-serif" font-size="120" font-weight="bold" fill="black">${text}</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().withMetadata({ density: 300 }).toBuffer();
  return png.length >= 45_000 ? png : padPng(png, 45_000);
}

/**
 * A card of large printed lines at 300 dpi that passes the image quality checks (short side ≥ 600 px), for
 * the name check on OCR text; padded to at least 45,000 bytes.
 */
export async function nameCardImage(lines: string[]): Promise<Buffer> {
  const rows = lines.map(
    (l, i) =>
      `<text x="120" y="${240 + i * 170}" font-size="96" font-family="DejaVu Sans, Arial, sans-serif" fill="black">${l}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="${Math.max(900, 260 + lines.length * 170)}"><rect width="100%" height="100%" fill="white"/><rect x="40" y="40" width="1920" height="${Math.max(900, 260 + lines.length * 170) - 80}" fill="none" stroke="black" stroke-width="6"/>${rows.join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().withMetadata({ density: 300 }).toBuffer();
  return png.length >= 45_000 ? png : padPng(png, 45_000);
}
