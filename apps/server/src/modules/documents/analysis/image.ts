import sharp from 'sharp';
import { FILE_LIMITS } from '@veridocs/shared';
import { issue, stateOf, type AnalysisResult, type DocumentIssue } from './types.js';

/** Thresholds for the image checks; calibrated in ADR 0010 on the images image.test.ts generates. */
export interface ImageThresholds {
  /** Images with more pixels are refused before decoding (decompression bombs). */
  maxPixels: number;
  /** Shorter side, in pixels, below which the image is TOO_SMALL. */
  minShortSide: number;
  /** Longest / shortest side above which the image has WRONG_DIMENSIONS. */
  maxAspectRatio: number;
  /** Sharpness (Laplacian variance on content tiles) below which the image is BLURRY. */
  minSharpness: number;
  /** Share of edge pixels in the outer strip of any side above which the page is CROPPED. */
  maxBorderEdges: number;
  /** Mean luminance (0-255) below which the image is TOO_DARK. */
  minMeanLuminance: number;
  /** Mean luminance above which, with no real ink either, the image is TOO_BRIGHT. */
  maxMeanLuminance: number;
  /** The darkest 1 % of pixels must be darker than this, or a bright image is washed out (TOO_BRIGHT). */
  maxInkLuminance: number;
}

export const IMAGE_THRESHOLDS: Readonly<ImageThresholds> = {
  maxPixels: FILE_LIMITS.maxImagePixels,
  minShortSide: 600,
  maxAspectRatio: 4,
  minSharpness: 300,
  maxBorderEdges: 0.02,
  minMeanLuminance: 60,
  maxMeanLuminance: 245,
  maxInkLuminance: 150,
};

/** Side of the downscaled working copy every measure is taken on. */
const WORK_SIDE = 1000;
const TILE = 25;

export interface ImageMeasures {
  width: number;
  height: number;
  pixels: number;
  aspectRatio: number;
  /**
   * Median Laplacian variance over tiles with content, scaled to full contrast (see ADR 0010); null when no tile
   * has content.
   */
  sharpness: number | null;
  /** Largest share, over the four sides, of edge pixels in the outer strip. */
  borderEdges: number;
  meanLuminance: number;
  /** 1st percentile of luminance: how dark the darkest ink is. */
  inkLuminance: number;
  /** 99th minus 1st percentile of luminance. */
  contrast: number;
}

type Input = Buffer | string;

function baseSharp(input: Input, maxPixels: number) {
  return sharp(input, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true });
}

/** A 3×3 box pre-smoothing: stops sensor noise from counting as sharp detail or as edges. */
function smooth(src: Uint8Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - 1);
    const y1 = Math.min(h - 1, y + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - 1);
      const x1 = Math.min(w - 1, x + 1);
      let sum = 0;
      let n = 0;
      for (let yy = y0; yy <= y1; yy++) {
        for (let xx = x0; xx <= x1; xx++) {
          sum += src[yy * w + xx] ?? 0;
          n++;
        }
      }
      out[y * w + x] = sum / n;
    }
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Measures on a greyscale raster (already downscaled). Exported for the calibration tests. */
export function measureGrey(grey: Uint8Array, w: number, h: number) {
  // Luminance: mean and 1st percentile from the histogram.
  const hist = new Array<number>(256).fill(0);
  let total = 0;
  for (let i = 0; i < grey.length; i++) {
    const v = grey[i] ?? 0;
    hist[v] = (hist[v] ?? 0) + 1;
    total += v;
  }
  const meanLuminance = total / grey.length;
  let acc = 0;
  let inkLuminance = 255;
  for (let v = 0; v < 256; v++) {
    acc += hist[v] ?? 0;
    if (acc >= grey.length * 0.01) {
      inkLuminance = v;
      break;
    }
  }

  const s = smooth(grey, w, h);

  // Contrast: 99th minus 1st percentile; the Laplacian is normalised by it so a dark or washed-out but sharp
  // image does not read as blurry (each issue is reported once, by its own check).
  acc = 0;
  let paperLuminance = 255;
  for (let v = 255; v >= 0; v--) {
    acc += hist[v] ?? 0;
    if (acc >= grey.length * 0.01) {
      paperLuminance = v;
      break;
    }
  }
  const contrast = Math.max(1, paperLuminance - inkLuminance);
  const gain = (255 / contrast) ** 2;
  const minTileRange = Math.max(10, contrast * 0.25);

  // Sharpness: Laplacian variance per tile, over tiles whose (smoothed) range shows content.
  const tileScores: number[] = [];
  for (let ty = 1; ty + TILE < h - 1; ty += TILE) {
    for (let tx = 1; tx + TILE < w - 1; tx += TILE) {
      let min = 255;
      let max = 0;
      let sum = 0;
      let sum2 = 0;
      let n = 0;
      for (let y = ty; y < ty + TILE; y++) {
        for (let x = tx; x < tx + TILE; x++) {
          const i = y * w + x;
          const c = s[i] ?? 0;
          if (c < min) min = c;
          if (c > max) max = c;
          const lap = (s[i - 1] ?? 0) + (s[i + 1] ?? 0) + (s[i - w] ?? 0) + (s[i + w] ?? 0) - 4 * c;
          sum += lap;
          sum2 += lap * lap;
          n++;
        }
      }
      if (max - min < minTileRange) continue;
      const mean = sum / n;
      tileScores.push((sum2 / n - mean * mean) * gain);
    }
  }
  const sharpness = tileScores.length > 0 ? median(tileScores) : null;

  // Cropping: share of strong-gradient pixels in a strip along each side.
  const strip = Math.max(3, Math.round(Math.min(w, h) * 0.02));
  const gradAt = (x: number, y: number) => {
    const i = y * w + x;
    const gx = (s[i + 1] ?? 0) - (s[i - 1] ?? 0);
    const gy = (s[i + w] ?? 0) - (s[i - w] ?? 0);
    return Math.abs(gx) + Math.abs(gy);
  };
  const edgeShare = (x0: number, y0: number, x1: number, y1: number) => {
    let edges = 0;
    let n = 0;
    for (let y = Math.max(1, y0); y < Math.min(h - 1, y1); y++) {
      for (let x = Math.max(1, x0); x < Math.min(w - 1, x1); x++) {
        if (gradAt(x, y) > 40) edges++;
        n++;
      }
    }
    return n > 0 ? edges / n : 0;
  };
  const borderEdges = Math.max(
    edgeShare(0, 0, w, strip),
    edgeShare(0, h - strip, w, h),
    edgeShare(0, 0, strip, h),
    edgeShare(w - strip, 0, w, h),
  );
  return { meanLuminance, inkLuminance, contrast, sharpness, borderEdges };
}

class TooManyPixels extends Error {}

/** Reads the header, refuses oversized images before decoding, then measures a ≤1000 px greyscale copy. */
export async function measureImage(
  input: Input,
  maxPixels = IMAGE_THRESHOLDS.maxPixels,
): Promise<ImageMeasures> {
  // Header only (no pixel is decoded), so it may read the dimensions of an oversized image to report them.
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error('The image has no dimensions');
  const pixels = width * height;
  const aspectRatio = Math.max(width, height) / Math.min(width, height);
  if (pixels > maxPixels) throw new TooManyPixels(String(pixels));

  const { data, info } = await baseSharp(input, maxPixels)
    .autoOrient()
    .resize(WORK_SIDE, WORK_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = info.channels === 1 ? new Uint8Array(data) : firstChannel(data, info.channels);
  return { width, height, pixels, aspectRatio, ...measureGrey(grey, info.width, info.height) };
}

function firstChannel(data: Buffer, channels: number): Uint8Array {
  const out = new Uint8Array(data.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels] ?? 0;
  return out;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Image checks (JPEG, PNG): BLURRY, TOO_SMALL, WRONG_DIMENSIONS, CROPPED, TOO_DARK, TOO_BRIGHT. */
export async function analyseImage(
  input: Input,
  thresholds: Partial<ImageThresholds> = {},
): Promise<AnalysisResult & { measures: ImageMeasures | null }> {
  const t = { ...IMAGE_THRESHOLDS, ...thresholds };
  let m: ImageMeasures;
  try {
    m = await measureImage(input, t.maxPixels);
  } catch (err) {
    const tooBig = err instanceof TooManyPixels || (err instanceof Error && /pixel limit/i.test(err.message));
    const issues: DocumentIssue[] = [
      tooBig
        ? issue(
            'WRONG_DIMENSIONS',
            `The image is too large to process (more than ${t.maxPixels.toLocaleString('en')} pixels)`,
            err instanceof TooManyPixels ? Number(err.message) : null,
            t.maxPixels,
          )
        : issue('IMAGE_UNREADABLE', 'The image could not be read; it may be damaged or not an image'),
    ];
    return { state: stateOf(issues, true), issues, pageCount: null, measures: null };
  }

  const issues: DocumentIssue[] = [];
  if (Math.min(m.width, m.height) < t.minShortSide) {
    issues.push(
      issue(
        'TOO_SMALL',
        'The image is too small to read; upload a larger scan or photo',
        Math.min(m.width, m.height),
        t.minShortSide,
      ),
    );
  }
  if (m.aspectRatio > t.maxAspectRatio) {
    issues.push(
      issue(
        'WRONG_DIMENSIONS',
        'The image has unusual dimensions for a document',
        round(m.aspectRatio, 2),
        t.maxAspectRatio,
      ),
    );
  }
  if (m.sharpness !== null && m.sharpness < t.minSharpness) {
    issues.push(issue('BLURRY', 'The document looks blurry or smudged', round(m.sharpness), t.minSharpness));
  }
  if (m.borderEdges > t.maxBorderEdges) {
    issues.push(
      issue(
        'CROPPED',
        'The document seems cut off at the edges; include the whole page',
        round(m.borderEdges, 4),
        t.maxBorderEdges,
      ),
    );
  }
  if (m.meanLuminance < t.minMeanLuminance) {
    issues.push(issue('TOO_DARK', 'The image is too dark', round(m.meanLuminance), t.minMeanLuminance));
  } else if (m.meanLuminance > t.maxMeanLuminance && m.inkLuminance > t.maxInkLuminance) {
    issues.push(
      issue(
        'TOO_BRIGHT',
        'The image is too bright or washed out',
        round(m.meanLuminance),
        t.maxMeanLuminance,
      ),
    );
  }
  return { state: stateOf(issues), issues, pageCount: 1, measures: m };
}
