import sharp from 'sharp';
import { PSM } from 'tesseract.js';
import { FILE_LIMITS, readMrzText, type MrzResult } from '@veridocs/shared';
import { createTesseractRunner } from './tesseract-runner.js';

/**
 * Widths the photo is scaled to, tried in turn: the MRZ's characters should be ~25-40 px tall for tesseract
 * (a page filling a 12 MP photo is ~4000 px wide: 1000 px gives that; 1600 px for a page farther away).
 */
const WORK_WIDTHS = [1000, 1600];
const OCR_DPI = 300;
/** The MRZ alphabet (ICAO 9303): nothing else can be read. */
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** Skew angles considered (a hand-held photo), degrees. */
const MAX_SKEW = 8;
/** Bottom shares of the page cut as the MRZ band, tried in turn. */
const BAND_SHARES = [0.35, 0.6];
/**
 * Turns of the photo tried in turn (degrees clockwise): as taken, then upside down (the page held the
 * other way round, or the phone turned over), then on either side. EXIF orientation is applied first;
 * these are photos whose pixels themselves are turned.
 */
const TURNS = [0, 180, 90, 270];

export interface MrzRead {
  result: MrzResult;
  /** The OCR text of the attempt that was kept (for logs and tests; no field is stored from it). */
  text: string;
  /** Attempts made (turn × width × band). */
  attempts: number;
  /** The turn (degrees clockwise) of the photo the kept read came from. */
  turn: number;
}

const tesseract = createTesseractRunner({
  parameters: {
    user_defined_dpi: String(OCR_DPI),
    tessedit_char_whitelist: MRZ_ALPHABET,
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
  },
  // The MRZ is no language: its dictionaries would only pull reads towards English words.
  init: { load_system_dawg: '0', load_freq_dawg: '0' },
});

/** Greyscale, oriented, `width` wide at most, contrast stretched: the base every attempt cuts from. */
async function normalised(input: string | Buffer, width: number): Promise<Buffer> {
  return sharp(input, { limitInputPixels: FILE_LIMITS.maxImagePixels, failOn: 'error' })
    .autoOrient()
    .resize(width, width, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .normalise()
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * The skew of the text in the lower half, in degrees (projection profile): the image is turned by each
 * candidate angle and the one whose rows of ink are sharpest (the largest jumps between adjacent rows) wins.
 */
export async function estimateSkew(base: Buffer): Promise<number> {
  const meta = await sharp(base).metadata();
  const top = Math.floor(meta.height * 0.5);
  const half = await sharp(base)
    .extract({ left: 0, top, width: meta.width, height: meta.height - top })
    .resize(400)
    .threshold(140)
    .negate()
    .png()
    .toBuffer();
  let best = { angle: 0, score: -1 };
  for (let angle = -MAX_SKEW; angle <= MAX_SKEW; angle += 1) {
    const { data, info } = await sharp(half)
      .rotate(angle, { background: '#000000' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let previous = 0;
    let score = 0;
    for (let y = 0; y < info.height; y++) {
      let ink = 0;
      const row = y * info.width * info.channels;
      for (let x = 0; x < info.width; x++) ink += data[row + x * info.channels]! > 127 ? 1 : 0;
      score += (ink - previous) ** 2;
      previous = ink;
    }
    if (score > best.score) best = { angle, score };
  }
  return best.angle;
}

/** The bottom `share` of the (straightened) image with a white margin, 300 dpi. */
async function band(straight: Buffer, share: number): Promise<Buffer> {
  const meta = await sharp(straight).metadata();
  const top = Math.floor(meta.height * (1 - share));
  return (
    sharp(straight)
      .extract({ left: 0, top, width: meta.width, height: meta.height - top })
      // Characters touching the edge are misread: a white margin around the band.
      .extend({ top: 30, bottom: 30, left: 30, right: 30, background: '#ffffff' })
      .withMetadata({ density: OCR_DPI })
      .png()
      .toBuffer()
  );
}

const FAILURE_RANK: Record<string, number> = {
  UNREADABLE: 0,
  INVALID_DATE: 1,
  CHECK_DIGIT: 2,
  UNDER_AGE: 3,
  EXPIRED: 3,
};
const rank = (r: MrzResult) => (r.ok ? 4 : FAILURE_RANK[r.reason]!);

/**
 * Reads the passport's MRZ from a photo of its data page, offline: the photo scaled down, straightened by its
 * estimated skew, the bottom band (then more of the page) read with the MRZ alphabet only, until a read passes
 * every check digit; then again from a larger copy. When nothing MRZ-like is read, the photo is turned
 * (upside down, then on either side) and read again. The best failure is returned otherwise (a check digit
 * ranks over an unreadable zone). One tesseract worker per process, created on first use.
 */
export async function readPassportMrz(
  input: { path: string } | { buffer: Buffer },
  now: Date = new Date(),
): Promise<MrzRead> {
  const source = 'path' in input ? input.path : input.buffer;
  let best: MrzRead | null = null;
  let bestRank = -1;
  let attempts = 0;
  const bases = new Map<number, Buffer>();
  for (const turn of TURNS) {
    for (const width of WORK_WIDTHS) {
      let base = bases.get(width);
      if (!base) bases.set(width, (base = await normalised(source, width)));
      if (turn !== 0) base = await sharp(base).rotate(turn).png({ compressionLevel: 0 }).toBuffer();
      const skew = await estimateSkew(base);
      const straight =
        skew === 0
          ? base
          : await sharp(base).rotate(skew, { background: '#ffffff' }).png({ compressionLevel: 0 }).toBuffer();
      for (const share of BAND_SHARES) {
        attempts++;
        const png = await band(straight, share);
        const text = await tesseract.run(async (worker) => (await worker.recognize(png)).data.text);
        const result = readMrzText(text, now);
        const read = { result, text, attempts, turn };
        // A read whose only faults are the holder's (expired, under age) is final: every digit passed.
        if (rank(result) >= 3) return read;
        if (!best || rank(result) > rank(best.result)) [best, bestRank] = [read, rank(result)];
      }
    }
    // Something MRZ-like was read this way up (a check digit or a date failed): the page is this way
    // round; turning it would only read less.
    if (bestRank > 0) break;
  }
  return { ...best!, attempts };
}

export const closeMrzOcr = (): Promise<void> => tesseract.close();
