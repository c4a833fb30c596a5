import { createHash } from 'node:crypto';
import { LOGO_LIMITS } from '@veridocs/shared';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../errors.js';

export interface CheckedLogo {
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** The first 16 hex characters of its SHA-256: the URL's version. */
  version: string;
  bytes: Buffer;
}

/** PNG: the IHDR chunk follows the 8-byte signature; width and height are its first 8 bytes. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** JPEG: walks the segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/**
 * An organisation's logo, judged by its bytes only (ADR 0029): PNG or JPEG by magic numbers (SVG, which
 * can carry script, and everything else refused), at most 512 KB, 16–2048 pixels a side by its header.
 * It is served as stored with its sniffed type, `nosniff` and a sandboxing CSP; never decoded here.
 */
export async function checkLogo(bytes: Buffer): Promise<CheckedLogo> {
  if (bytes.length > LOGO_LIMITS.maxBytes) throw new AppError('LOGO_TOO_LARGE');
  const type = await fileTypeFromBuffer(bytes);
  const mimeType = type?.mime;
  if (mimeType !== 'image/png' && mimeType !== 'image/jpeg') throw new AppError('LOGO_INVALID');
  const size = mimeType === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  const fits = (side: number) => side >= LOGO_LIMITS.minSide && side <= LOGO_LIMITS.maxSide;
  if (!size || !fits(size.width) || !fits(size.height)) throw new AppError('LOGO_INVALID');
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return { mimeType, ...size, version, bytes };
}
