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

/** The extensions each stored type may keep (the first is the one given to a name without them). */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
};

/**
 * Characters a name must not carry: C0 and C1 controls, DEL, and the invisible direction marks, embeddings,
 * overrides and isolates (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069) that make `a\u202Efdp.exe` read
 * "aexe.pdf"; line separators and the BOM too. ZWJ/ZWNJ stay: Indic names need them.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff"<>|:*?\\]/g;

/**
 * A name safe to store, show and download (ADR 0009): no path, no control, direction or reserved
 * characters, at most 150 characters, and the extension of the type the content was detected as — a
 * JPEG named `x.html` becomes `x.jpg`, so a downloaded copy opens as what it is.
 */
export function sanitiseName(raw: string | undefined, mimeType: string): string {
  const allowed = EXTENSIONS[mimeType] ?? ['bin'];
  let name = shownName(raw).replace(/^[.\s]+/, '');
  // The last extension, when it looks like one (`Mr. Sharma` has none); kept only if it names the type.
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  let stem = ext ? name.slice(0, ext.index) : name;
  let suffix = ext && allowed.includes(ext[1]!.toLowerCase()) ? ext[0] : `.${allowed[0]}`;
  stem = stem.replace(/[.\s]+$/, '');
  if (!stem) {
    stem = 'document';
    suffix = `.${allowed[0]}`;
  }
  if ([...stem].length + suffix.length > 150)
    stem = [...stem]
      .slice(0, 150 - suffix.length)
      .join('')
      .trim();
  name = stem + suffix;
  return name;
}

/**
 * The name as the candidate picked it, for messages about their file: no folders and no control or
 * direction characters, its own extension kept (the stored name takes the detected type's).
 */
export function shownName(raw: string | undefined): string {
  return (raw ?? '')
    .normalize('NFC')
    .replace(/^.*[\\/]/, '')
    .replace(UNSAFE, '')
    .trim();
}

/**
 * `inline; filename="<ascii>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 / 5987), the name made safe
 * for `mimeType` again: a row stored before the rule still downloads with its type's extension.
 */
export function contentDisposition(name: string, mimeType: string): string {
  const safe = sanitiseName(name, mimeType);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
