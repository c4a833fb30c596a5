import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { FILE_LIMITS, FILE_TEXT, MIME_BY_SUBTYPE } from '@veridocs/shared';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../errors.js';
import type { AnalysableMime } from './analyser.js';

/** How many leading bytes decide the type (file-type reads at most this many). */
const SNIFF_BYTES = 4100;
const ALLOWED_MIME = new Set(Object.values(MIME_BY_SUBTYPE));

export interface GuardResult {
  bytes: number;
  sha256: string;
  mimeType: AnalysableMime;
}

const wrongType = () => new AppError('FILE_TYPE_NOT_ALLOWED', FILE_TEXT.wrongType(FILE_LIMITS.allowedTypes));

/** The type from the content's first bytes (magic numbers); the name and declared type are ignored. */
async function sniffType(head: Buffer): Promise<AnalysableMime> {
  const type = await fileTypeFromBuffer(head);
  if (!type || !ALLOWED_MIME.has(type.mime)) throw wrongType();
  return type.mime as AnalysableMime;
}

/**
 * Wraps an upload: counts and hashes while it flows, refuses the moment it passes the maximum (the
 * reader stops, the store drops the partial), decides the type from the first bytes before any of
 * them reach the store, and after the end checks the minimum. Holds at most the sniffed head.
 * `result()` is valid once the stream ended without error.
 */
export function guardUpload(
  source: AsyncIterable<Buffer>,
  limits: { minBytes: number; maxBytes: number } = FILE_LIMITS,
): { stream: Readable; result: () => GuardResult } {
  const hash = createHash('sha256');
  let bytes = 0;
  let mimeType: AnalysableMime | undefined;
  let sha256: string | undefined;

  async function* guarded() {
    let head: Buffer[] = [];
    let headBytes = 0;
    for await (const chunk of source) {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) throw new AppError('FILE_TOO_LARGE', FILE_TEXT.tooBig);
      hash.update(chunk);
      if (mimeType) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= SNIFF_BYTES) {
        const joined = Buffer.concat(head);
        head = [];
        mimeType = await sniffType(joined);
        yield joined;
      }
    }
    if (bytes === 0) throw new AppError('FILE_MISSING', 'The file is empty (0 bytes)');
    if (!mimeType) {
      const joined = Buffer.concat(head);
      mimeType = await sniffType(joined);
      yield joined;
    }
    if (bytes < limits.minBytes) throw new AppError('FILE_TOO_SMALL', FILE_TEXT.tooSmall);
    sha256 = hash.digest('hex');
  }

  return {
    stream: Readable.from(guarded(), { objectMode: false }),
    result: () => {
      if (!mimeType || !sha256) throw new Error('upload not finished');
      return { bytes, sha256, mimeType };
    },
  };
}

/** A name safe to store and show: no path, no control or reserved characters, at most 150 characters. */
export function sanitiseName(raw: string | undefined, mimeType: string): string {
  const ext = mimeType === 'application/pdf' ? 'pdf' : mimeType === 'image/png' ? 'png' : 'jpg';
  let name = (raw ?? '')
    .normalize('NFC')
    .replace(/^.*[\\/]/, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"<>|:*?\\]/g, '')
    .replace(/^[.\s]+/, '')
    .trim();
  if ([...name].length > 150) {
    const dot = name.lastIndexOf('.');
    const suffix = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = [...name].slice(0, 150 - suffix.length).join('') + suffix;
  }
  return name || `document.${ext}`;
}

/** `inline; filename="<ascii>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
