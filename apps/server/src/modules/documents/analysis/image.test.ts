import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseImage, IMAGE_THRESHOLDS } from './image.js';
import { documentVariants, pngWithHeader, withNoise } from './test-fixtures.js';

type Variants = Awaited<ReturnType<typeof documentVariants>>;
let v: Variants;
let dir: string;

beforeAll(async () => {
  v = await documentVariants();
  dir = await mkdtemp(path.join(os.tmpdir(), 'veridocs-image-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const codes = (r: { issues: { code: string }[] }) => r.issues.map((i) => i.code);

describe('image checks on generated documents (calibration, ADR 0010)', () => {
  it('a sharp, whole, well-exposed page is COMPLETED with no issues', async () => {
    const r = await analyseImage(v.sharp);
    expect(r).toMatchObject({ state: 'COMPLETED', issues: [], pageCount: 1 });
    expect(r.measures?.sharpness).toBeGreaterThan(IMAGE_THRESHOLDS.minSharpness * 3);
  });

  it.each([
    ['blurred', 'BLURRY'],
    ['blur3', 'BLURRY'],
    ['cropped', 'CROPPED'],
    ['croppedRight', 'CROPPED'],
    ['tiny', 'TOO_SMALL'],
    ['wide', 'WRONG_DIMENSIONS'],
    ['dark', 'TOO_DARK'],
    ['bright', 'TOO_BRIGHT'],
  ] as const)('%s → WARNING with exactly %s', async (variant, code) => {
    const r = await analyseImage(v[variant]);
    expect(r.state).toBe('WARNING');
    expect(codes(r)).toEqual([code]);
    const found = r.issues[0];
    expect(found?.message.length).toBeGreaterThan(5);
    expect(found?.measured).not.toBeNull();
    expect(found?.threshold).not.toBeNull();
  });

  it('light blur (sigma 1 and 2 at 150 dpi, still readable) is not flagged', async () => {
    expect((await analyseImage(v.blur1)).state).toBe('COMPLETED');
    expect((await analyseImage(v.blur2)).state).toBe('COMPLETED');
  });

  it('reads a file path as well as a buffer', async () => {
    const file = path.join(dir, 'blurred.png');
    await writeFile(file, v.blurred);
    expect(codes(await analyseImage(file))).toEqual(['BLURRY']);
  });
});

describe('photo-like images (sensor noise, JPEG, a table around the page)', () => {
  it('noisy sharp page and a page photographed on a plain table: COMPLETED', async () => {
    expect(await analyseImage(v.noisySharp)).toMatchObject({ state: 'COMPLETED', issues: [] });
    expect(await analyseImage(v.photo)).toMatchObject({ state: 'COMPLETED', issues: [] });
    expect(await analyseImage(await withNoise(v.sharp, 20, 3))).toMatchObject({
      state: 'COMPLETED',
      issues: [],
    });
  });

  it('noise does not hide blur or cropping', async () => {
    expect(codes(await analyseImage(v.noisyBlurred))).toEqual(['BLURRY']);
    expect(codes(await analyseImage(await withNoise(v.blurred, 20, 5)))).toEqual(['BLURRY']);
    expect(codes(await analyseImage(await withNoise(v.cropped, 12, 9)))).toEqual(['CROPPED']);
  });
});

describe('hostile and broken images', () => {
  async function timed<T>(run: () => Promise<T>) {
    global.gc?.();
    const before = process.memoryUsage();
    const started = performance.now();
    const result = await run();
    const ms = performance.now() - started;
    const after = process.memoryUsage();
    return { result, ms, rssGrowth: after.rss - before.rss, heapGrowth: after.heapUsed - before.heapUsed };
  }

  it('a decompression bomb (100,000 × 100,000 in a few hundred bytes) is refused from its header, fast', async () => {
    // 10 Gpx of zeros would be ~10 GB decoded; the compressed rows below are a tiny valid start of it.
    const bomb = pngWithHeader(100_000, 100_000, deflateSync(Buffer.alloc(100_001 * 4)));
    expect(bomb.length).toBeLessThan(2_000);
    const { result, ms, rssGrowth, heapGrowth } = await timed(() => analyseImage(bomb));
    expect(result.state).toBe('ERROR');
    expect(result.issues).toEqual([
      expect.objectContaining({ code: 'WRONG_DIMENSIONS', measured: 10_000_000_000, threshold: 50_000_000 }),
    ]);
    expect(result.issues[0]?.message).toMatch(/too large/);
    expect(ms).toBeLessThan(1_000);
    expect(rssGrowth).toBeLessThan(100 * 1024 * 1024);
    expect(heapGrowth).toBeLessThan(50 * 1024 * 1024);
  });

  it('a real 10,000 × 10,000 image is refused before decoding, fast and without memory growth', async () => {
    // A complete, valid greyscale PNG: 10,000 rows of (filter byte + 10,000 white pixels), ~100 MB decoded.
    const row = Buffer.alloc(10_001, 255);
    row[0] = 0;
    const idat = deflateSync(Buffer.concat(Array.from({ length: 10_000 }, () => row)), { level: 1 });
    const png = pngWithHeader(10_000, 10_000, idat);
    const meta = await sharp(png, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([10_000, 10_000]);
    const file = path.join(dir, 'huge.png');
    await writeFile(file, png);

    const { result, ms, rssGrowth } = await timed(() => analyseImage(file));
    expect(result.state).toBe('ERROR');
    expect(result.issues[0]).toMatchObject({ code: 'WRONG_DIMENSIONS', measured: 100_000_000 });
    expect(ms).toBeLessThan(1_000);
    expect(rssGrowth).toBeLessThan(100 * 1024 * 1024);
  });

  it('just under the pixel limit is decoded (streamed) and measured, with bounded memory', async () => {
    const big = await sharp({ create: { width: 7_000, height: 7_000, channels: 3, background: '#ffffff' } })
      .composite([
        { input: await sharp(v.sharp).resize({ height: 6_000 }).toBuffer(), top: 500, left: 1_000 },
      ])
      .jpeg({ quality: 80 })
      .toBuffer();
    const { result, rssGrowth } = await timed(() => analyseImage(big));
    expect(result.measures?.pixels).toBe(49_000_000);
    expect(result.state).not.toBe('ERROR');
    expect(rssGrowth).toBeLessThan(400 * 1024 * 1024);
  });

  it('a truncated JPEG or garbage is an ERROR with a clear message, not a throw', async () => {
    const jpeg = await sharp(v.sharp).jpeg().toBuffer();
    for (const bad of [
      jpeg.subarray(0, jpeg.length >> 1),
      Buffer.from('not an image at all'),
      Buffer.alloc(0),
    ]) {
      const r = await analyseImage(bad);
      expect(r.state).toBe('ERROR');
      expect(r.issues[0]).toMatchObject({
        code: 'IMAGE_UNREADABLE',
        message: expect.stringMatching(/could not be read/),
      });
    }
  });

  it('thresholds can be overridden by the caller', async () => {
    expect(codes(await analyseImage(v.sharp, { minShortSide: 2_000 }))).toEqual(['TOO_SMALL']);
  });
});
