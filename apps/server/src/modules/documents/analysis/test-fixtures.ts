/** Images and PDFs the analysis tests generate (nothing is read from disk but what they write to os.tmpdir()). */
import { createDeflate, createDeflateRaw } from 'node:zlib';
import sharp from 'sharp';

export const PAGE_W = 1240;
export const PAGE_H = 1754;

const WORDS = [
  'candidate',
  'verification',
  'marks',
  'semester',
  'university',
  'board',
  'roll',
  'number',
  'grade',
  'subject',
  'total',
  'certificate',
  'issued',
  'date',
  'name',
  'Asha',
  'Verma',
  'physics',
  'result',
  'passed',
];

/** A deterministic pseudo-random generator (mulberry32), so fixtures are the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A realistic A4 "document" at 150 dpi: white page, a frame, a title, a table and lines of text. */
export function documentSvg(seed = 1): string {
  const r = rng(seed);
  const lines: string[] = [];
  for (let i = 0; i < 30; i++) {
    const words = Array.from(
      { length: 6 + Math.floor(r() * 6) },
      () => WORDS[Math.floor(r() * WORDS.length)],
    );
    lines.push(
      `<text x="130" y="${470 + i * 38}" font-size="26" font-family="sans-serif">${words.join(' ')}</text>`,
    );
  }
  const rows = Array.from(
    { length: 5 },
    (_, i) =>
      `<line x1="130" y1="${260 + i * 30}" x2="1110" y2="${260 + i * 30}" stroke="black" stroke-width="2"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_W}" height="${PAGE_H}">
<defs><clipPath id="inside"><rect x="90" y="90" width="${PAGE_W - 180}" height="${PAGE_H - 180}"/></clipPath></defs>
<rect width="100%" height="100%" fill="white"/>
<rect x="70" y="70" width="${PAGE_W - 140}" height="${PAGE_H - 140}" fill="none" stroke="black" stroke-width="4"/>
<text x="130" y="190" font-size="48" font-weight="bold" font-family="sans-serif">STATEMENT OF MARKS 2026</text>
<g clip-path="url(#inside)">
${rows.join('\n')}
${lines.join('\n')}
</g>
</svg>`;
}

/** The sharp document as PNG. */
export async function documentPng(seed = 1): Promise<Buffer> {
  return sharp(Buffer.from(documentSvg(seed)))
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

/** Adds gaussian noise (sigma in grey levels) to an image, like a phone camera sensor; returns JPEG q85. */
export async function withNoise(image: Buffer, sigma: number, seed = 7): Promise<Buffer> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const r = rng(seed);
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) {
    // Box-Muller
    const n = Math.sqrt(-2 * Math.log(r() || 1e-9)) * Math.cos(2 * Math.PI * r());
    out[i] = Math.max(0, Math.min(255, Math.round((data[i] ?? 0) + n * sigma)));
  }
  return sharp(out, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The variants calibrated in ADR 0010. */
export async function documentVariants() {
  const sharpPng = await documentPng();
  const blurred = await sharp(sharpPng).blur(5).png().toBuffer();
  return {
    sharp: sharpPng,
    blurred,
    // A region that cuts through the title, the table and the text lines on every side.
    cropped: await sharp(sharpPng)
      .extract({ left: 300, top: 170, width: 760, height: 1100 })
      .png()
      .toBuffer(),
    tiny: await sharp(sharpPng).resize({ width: 300 }).png().toBuffer(),
    // Only the right side cuts through the text lines.
    croppedRight: await sharp(sharpPng)
      .extract({ left: 0, top: 0, width: 800, height: PAGE_H })
      .png()
      .toBuffer(),
    // Under-exposed: paper at ~45 grey levels.
    dark: await sharp(sharpPng).linear(0.18, 0).png().toBuffer(),
    // Over-exposed: the ink washed out to light grey.
    bright: await sharp(sharpPng).linear(0.22, 199).png().toBuffer(),
    // A panorama-like strip.
    wide: await sharp(sharpPng).resize({ width: 3000, height: 700, fit: 'fill' }).png().toBuffer(),
    // Photo-like: the page on a plain table (uniform margin), sensor noise, JPEG.
    photo: await withNoise(
      await sharp(sharpPng)
        .resize({ width: 1100 })
        .extend({ top: 120, bottom: 120, left: 120, right: 120, background: '#6e6258' })
        .png()
        .toBuffer(),
      10,
    ),
    noisySharp: await withNoise(sharpPng, 12),
    noisyBlurred: await withNoise(blurred, 12),
    blur1: await sharp(sharpPng).blur(1).png().toBuffer(),
    blur2: await sharp(sharpPng).blur(2).png().toBuffer(),
    blur3: await sharp(sharpPng).blur(3).png().toBuffer(),
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A greyscale PNG header claiming width × height, with `idat` as its (compressed) pixel data: with a small
 * idat it is a decompression bomb — a few hundred bytes that would decode to gigabytes.
 */
export function pngWithHeader(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Flate data (zlib) of `inflatedBytes` spaces, streamed through zlib so it never holds the inflated bytes. */
export async function deflatedSpaces(
  inflatedBytes: number,
  options: { windowBits?: number; raw?: boolean } = {},
): Promise<Buffer> {
  const deflate = options.raw
    ? createDeflateRaw({ level: 9 })
    : createDeflate({ level: 9, ...(options.windowBits ? { windowBits: options.windowBits } : {}) });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let left = inflatedBytes; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left)))
      await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A one-page PDF whose page content is one stream: `dict` is written into its dictionary as is (the filter;
 * `/Length <n>` is added unless `dict` has its own /Length), `data` is its bytes. `extra` objects follow it.
 */
export function pdfWithStream(dict: string, data: Buffer, extra: string[] = []): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (part: string | Buffer) => {
    const b = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(b);
    length += b.length;
  };
  const obj = (body: string | Buffer[]) => {
    offsets.push(length);
    if (typeof body === 'string') add(`${offsets.length} 0 obj\n${body}\nendobj\n`);
    else {
      add(`${offsets.length} 0 obj\n`);
      body.forEach(add);
      add('\nendobj\n');
    }
  };
  add('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  obj('<< /Type /Catalog /Pages 2 0 R >>');
  obj('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>');
  const lengthEntry = /\/Length\b/.test(dict) ? '' : `/Length ${data.length} `;
  obj([Buffer.from(`<< ${lengthEntry}${dict} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream')]);
  for (const body of extra) obj(body);
  const xref = length;
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) add(`${String(offset).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/**
 * A decompression bomb: a valid one-page PDF whose content stream is `inflatedBytes` of spaces, Flate
 * compressed (400 MB become ~390 KB, the size of the file reported in issue 9).
 */
export async function pdfBomb(inflatedBytes = 400 * 1024 * 1024): Promise<Buffer> {
  return pdfWithStream('/Filter /FlateDecode', await deflatedSpaces(inflatedBytes));
}
