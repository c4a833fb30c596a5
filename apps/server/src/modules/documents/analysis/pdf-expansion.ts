import { constants as zlibConstants, createInflate } from 'node:zlib';
import { issue, type DocumentIssue } from './types.js';

/**
 * Caps checked on the raw bytes before any parser or renderer expands the file (decompression bombs). A
 * 300 dpi A4 page in RGB is 8.7 MB inflated, so a real document stays far below them. The policy (ADR 0010,
 * 2a): every stream is decoded the way pdf.js would decode it, with its length and filter chain read from its
 * own dictionary; Flate, ASCIIHex and ASCII85 are decoded and counted; an image codec may end a chain (pdf.js
 * bounds those by pixels, the pool's memory cap backs it); any other filter is refused, since its output cannot
 * be measured here.
 */
export interface PdfLimits {
  /** Decoded bytes of one stream (and of each step of its filter chain). */
  maxStreamBytes: number;
  /** Decoded bytes of all streams but images (`/Subtype /Image`) together. */
  maxTotalBytes: number;
  /** Decoded bytes of all streams, images included: a stream only labelled as an image stops here. */
  maxAllBytes: number;
  /** Pages (page objects, also inside object streams); beyond it the file is refused, not warned about. */
  maxPages: number;
}

export const PDF_LIMITS: Readonly<PdfLimits> = {
  maxStreamBytes: 64 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxAllBytes: 1024 * 1024 * 1024,
  maxPages: 500,
};

const PAGE_OBJECT = /\/Type\s*\/Page(?![A-Za-z0-9])/g;
const countPages = (text: string) => text.match(PAGE_OBJECT)?.length ?? 0;

/** pdf.js's names and abbreviations (parser.js makeFilter). */
const FILTERS: Record<string, string> = {
  Fl: 'FlateDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
  CCF: 'CCITTFaxDecode',
  DCT: 'DCTDecode',
  JPX: 'JPXDecode',
};
const IMAGE_CODECS = new Set(['DCTDecode', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode']);

// ---- a small reader for the stream's dictionary ----------------------------------------------------------

type Value =
  | { kind: 'name'; name: string }
  | { kind: 'int'; value: number }
  | { kind: 'ref'; num: number; gen: number }
  | { kind: 'array'; items: Value[] }
  | { kind: 'dict'; entries: Map<string, Value> }
  | { kind: 'other' };

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0;
const isDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d;
const isRegular = (c: number) => !isSpace(c) && !isDelimiter(c) && c !== 0x2f && c !== 0x25;

function skipSpace(b: Buffer, i: number, end: number): number {
  while (i < end) {
    const c = b[i]!;
    if (isSpace(c)) i++;
    else if (c === 0x25) {
      while (i < end && b[i] !== 0x0a && b[i] !== 0x0d) i++;
    } else break;
  }
  return i;
}

const decodeName = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** One value from `i`; null when the bytes are not a well-formed value before `end`. */
function readValue(b: Buffer, i: number, end: number, depth: number): { value: Value; at: number } | null {
  if (depth > 32) return null;
  i = skipSpace(b, i, end);
  if (i >= end) return null;
  const c = b[i]!;
  if (c === 0x3c && b[i + 1] === 0x3c) {
    const entries = new Map<string, Value>();
    i += 2;
    for (;;) {
      i = skipSpace(b, i, end);
      if (i >= end) return null;
      if (b[i] === 0x3e && b[i + 1] === 0x3e) return { value: { kind: 'dict', entries }, at: i + 2 };
      const key = readValue(b, i, end, depth + 1);
      if (!key || key.value.kind !== 'name') return null;
      const value = readValue(b, key.at, end, depth + 1);
      if (!value) return null;
      entries.set(key.value.name, value.value);
      i = value.at;
    }
  }
  if (c === 0x3c) {
    const close = b.indexOf(0x3e, i);
    return close < 0 || close >= end ? null : { value: { kind: 'other' }, at: close + 1 };
  }
  if (c === 0x28) {
    let nesting = 0;
    for (let j = i; j < end; j++) {
      const d = b[j];
      if (d === 0x5c) j++;
      else if (d === 0x28) nesting++;
      else if (d === 0x29 && --nesting === 0) return { value: { kind: 'other' }, at: j + 1 };
    }
    return null;
  }
  if (c === 0x5b) {
    const items: Value[] = [];
    i++;
    for (;;) {
      i = skipSpace(b, i, end);
      if (i >= end) return null;
      if (b[i] === 0x5d) return { value: { kind: 'array', items }, at: i + 1 };
      const item = readValue(b, i, end, depth + 1);
      if (!item) return null;
      items.push(item.value);
      i = item.at;
    }
  }
  if (c === 0x2f) {
    let j = i + 1;
    while (j < end && isRegular(b[j]!)) j++;
    return { value: { kind: 'name', name: decodeName(b.toString('latin1', i + 1, j)) }, at: j };
  }
  if (!isRegular(c)) return null;
  let j = i;
  while (j < end && isRegular(b[j]!)) j++;
  const word = b.toString('latin1', i, j);
  if (/^\d+$/.test(word)) {
    // "12 0 R" is a reference.
    const k = skipSpace(b, j, end);
    let m = k;
    while (m < end && b[m]! >= 0x30 && b[m]! <= 0x39) m++;
    if (m > k && (m >= end || !isRegular(b[m]!))) {
      const r = skipSpace(b, m, end);
      if (r < end && b[r] === 0x52 && (r + 1 >= end || !isRegular(b[r + 1]!)))
        return {
          value: { kind: 'ref', num: Number(word), gen: Number(b.toString('latin1', k, m)) },
          at: r + 1,
        };
    }
    return { value: { kind: 'int', value: Number(word) }, at: j };
  }
  return { value: { kind: 'other' }, at: j };
}

/** How far back the stream's dictionary may start, and how many "<<" are tried there. */
const DICT_WINDOW = 256 * 1024;
const DICT_TRIES = 64;

/**
 * The dictionaries that end right before the stream keyword at `keyword` (the keyword follows ">>" and
 * white space or comments). Several readings are possible when strings hide "<<" (then each one is measured);
 * none means the dictionary cannot be read.
 */
function streamDicts(b: Buffer, keyword: number): Map<string, Value>[] {
  const from = Math.max(0, keyword - DICT_WINDOW);
  const found: Map<string, Value>[] = [];
  let at = keyword;
  for (let tries = 0; tries < DICT_TRIES; tries++) {
    at = b.lastIndexOf('<<', at - 1, 'latin1');
    if (at < from) break;
    const read = readValue(b, at, keyword, 0);
    if (read && read.value.kind === 'dict' && skipSpace(b, read.at, keyword) === keyword)
      found.push(read.value.entries);
  }
  return found;
}

/**
 * Whether the bytes before a "stream" keyword can end a dictionary: ">>", then only white space and comments
 * (a "%" in a string, as in "(100% stream)", is not one: the text before it on its line must end the same way).
 */
function followsDict(b: Buffer, keyword: number): boolean {
  let i = keyword - 1;
  for (let lines = 0; lines < 16; lines++) {
    while (i >= 0 && isSpace(b[i]!)) i--;
    if (i >= 1 && b[i] === 0x3e && b[i - 1] === 0x3e) return true;
    const lineStart = Math.max(b.lastIndexOf(0x0a, i), b.lastIndexOf(0x0d, i)) + 1;
    const comment = b.indexOf(0x25, lineStart);
    if (comment < 0 || comment > i) return false;
    i = comment - 1;
  }
  return false;
}

/**
 * The integers indirect objects hold (`12 0 obj 345 endobj`), read once for the whole file: an indirect /Length
 * is taken when every copy of its object agrees.
 */
function intObjects(text: string): Map<string, Set<number>> {
  const found = new Map<string, Set<number>>();
  for (const m of text.matchAll(/(?<![0-9])(\d+)\s+(\d+)\s+obj\s*(\d+)\s*endobj/g)) {
    const key = `${Number(m[1])} ${Number(m[2])}`;
    const values = found.get(key) ?? new Set<number>();
    values.add(Number(m[3]));
    found.set(key, values);
  }
  return found;
}

// ---- decoding with a cap ---------------------------------------------------------------------------------

/** A reason the stream cannot be measured (the file is refused as unusable). */
class Unmeasurable extends Error {}

type Stage = { bytes: number; out: Buffer | null } | 'over';

function asciiHex(data: Buffer, cap: number): Stage {
  const out = Buffer.allocUnsafe(Math.min(cap, data.length >> 1) + 1);
  let n = 0;
  let first = -1;
  let eod = false;
  for (const ch of data) {
    let digit: number;
    if (ch >= 0x30 && ch <= 0x39) digit = ch & 0x0f;
    else if ((ch >= 0x41 && ch <= 0x46) || (ch >= 0x61 && ch <= 0x66)) digit = (ch & 0x0f) + 9;
    else if (ch === 0x3e) {
      eod = true;
      break;
    } else continue;
    if (first < 0) first = digit;
    else {
      if (n >= cap) return 'over';
      out[n++] = (first << 4) | digit;
      first = -1;
    }
  }
  if (first >= 0 && eod) {
    if (n >= cap) return 'over';
    out[n++] = first << 4;
  }
  return { bytes: n, out: out.subarray(0, n) };
}

function ascii85(data: Buffer, cap: number): Stage {
  const out = Buffer.allocUnsafe(Math.min(cap + 4, data.length * 4 + 4));
  const isWhite = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
  let n = 0;
  let i = 0;
  const next = () => (i < data.length ? data[i++]! : -1);
  const group = new Array<number>(5);
  for (;;) {
    let c = next();
    while (isWhite(c)) c = next();
    if (c === -1 || c === 0x7e) break;
    if (n + 4 > cap) return 'over';
    if (c === 0x7a) {
      out.fill(0, n, n + 4);
      n += 4;
      continue;
    }
    group[0] = c;
    let k = 1;
    for (; k < 5; k++) {
      c = next();
      while (isWhite(c)) c = next();
      group[k] = c;
      if (c === -1 || c === 0x7e) break;
    }
    const produced = k - 1;
    for (; k < 5; k++) group[k] = 0x21 + 84;
    let t = 0;
    for (const g of group) t = t * 85 + (g - 0x21);
    for (let j = 3; j >= 0; j--) {
      out[n + j] = t & 0xff;
      t = Math.floor(t / 256);
    }
    if (produced < 4) {
      n += produced;
      break;
    }
    n += 4;
  }
  return { bytes: n, out: out.subarray(0, n) };
}

/**
 * Inflates zlib data as pdf.js's FlateStream would, counting the output and stopping past `cap` (nothing larger
 * is held; the output is kept only when `keep`). A bad header makes pdf.js drop the stream (nothing to count).
 * A truncated stream counts what it gives; a damaged one is refused: pdf.js's fallback decoder goes on where
 * zlib stops (a broken Huffman table, a distance too far back), so its output cannot be bounded here.
 */
async function inflate(data: Buffer, cap: number, keep: boolean): Promise<Stage> {
  const [cmf, flg] = [data[0], data[1]];
  if (cmf === undefined || flg === undefined) return { bytes: 0, out: keep ? Buffer.alloc(0) : null };
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) | flg) % 31 !== 0 || flg & 0x20)
    return { bytes: 0, out: keep ? Buffer.alloc(0) : null };
  return new Promise<Stage>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let done = false;
    const finish = (outcome: Stage | Error) => {
      if (done) return;
      done = true;
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const stream = createInflate({ chunkSize: 1024 * 1024, finishFlush: zlibConstants.Z_SYNC_FLUSH });
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      bytes += chunk.length;
      if (bytes > cap) {
        stream.destroy();
        return finish('over');
      }
      if (keep) chunks.push(chunk);
    });
    stream.on('end', () => finish({ bytes, out: keep ? Buffer.concat(chunks) : null }));
    stream.on('error', (error: Error & { code?: string }) => {
      // The Adler-32 check comes after all the output: pdf.js ignores it, so the count is complete.
      if (/incorrect data check/.test(error.message))
        return finish({ bytes, out: keep ? Buffer.concat(chunks) : null });
      finish(new Unmeasurable('damaged'));
    });
    stream.end(data);
  });
}

// ---- the walk over every stream --------------------------------------------------------------------------

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

function filterChains(dict: Map<string, Value>): string[][] {
  const chains: string[][] = [];
  // pdf.js reads /F before /Filter (dict.get("F", "Filter")); both are measured when both are there.
  for (const key of ['F', 'Filter']) {
    const value = dict.get(key);
    if (!value) continue;
    const items = value.kind === 'array' ? value.items : [value];
    if (value.kind !== 'array' && value.kind !== 'name') {
      if (value.kind === 'ref') throw new Unmeasurable('indirect filter');
      continue; // /F as a file specification: no filter for pdf.js
    }
    chains.push(
      items.map((item) => {
        if (item.kind !== 'name') throw new Unmeasurable('indirect filter');
        return FILTERS[item.name] ?? item.name;
      }),
    );
  }
  return chains.length > 0 ? chains : [[]];
}

/**
 * Walks every stream of the raw file (every "stream" keyword after a dictionary, also inside other streams'
 * bytes: pdf.js reaches objects by offset) and decodes it as pdf.js would: its bytes cut by a direct (or
 * resolvable indirect) /Length followed by "endstream", otherwise everything to the end of the file (the
 * decoders stop at their own end), through its filter chain. Counts the output against the caps, stopping at
 * the first one passed, and counts page objects in the raw bytes and in the decoded object streams. Answers
 * the first cap passed, or an unusable-PDF issue for a stream whose output cannot be measured.
 */
export async function measureExpansion(
  bytes: Uint8Array,
  limits: PdfLimits = PDF_LIMITS,
): Promise<DocumentIssue | null> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString('latin1');
  let pages = countPages(text);
  let total = 0;
  let all = 0;
  let ints: Map<string, Set<number>> | undefined;
  let at = 0;
  while ((at = buf.indexOf(STREAM, at)) >= 0) {
    const keyword = at;
    at += STREAM.length;
    // pdf.js's lexer reads "stream" only as a whole word ("endstream" and "xstream" are other words).
    if (keyword > 0 && isRegular(buf[keyword - 1]!)) continue;
    if (at < buf.length && isRegular(buf[at]!)) continue;
    if (!followsDict(buf, keyword)) continue;
    const dicts = streamDicts(buf, keyword);
    if (dicts.length === 0) return unmeasurable('its structure cannot be read');
    // The data starts after the end of the keyword's line (pdf.js skipToNextLine).
    let start = at;
    while (start < buf.length && buf[start] !== 0x0a && buf[start] !== 0x0d) start++;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;

    let size = 0;
    let image = true;
    for (const dict of dicts) {
      const length = lengthOf(dict);
      let end = buf.length;
      if (length !== null && start + length <= buf.length) {
        const after = skipSpace(buf, start + length, buf.length);
        if (
          buf.subarray(after, after + END_STREAM.length).equals(END_STREAM) &&
          !isRegular(buf[after + END_STREAM.length] ?? 0x20)
        )
          end = start + length;
      }
      const data = buf.subarray(start, end);
      const isImage = nameOf(dict.get('Subtype')) === 'Image';
      const objStm = nameOf(dict.get('Type')) === 'ObjStm';
      image &&= isImage;
      let chains: string[][];
      try {
        chains = filterChains(dict);
      } catch {
        return unmeasurable('a stream’s filters cannot be read');
      }
      for (const chain of chains) {
        const room = Math.min(
          limits.maxStreamBytes,
          limits.maxAllBytes - all,
          isImage ? Infinity : limits.maxTotalBytes - total,
        );
        let decoded: Stage;
        try {
          decoded = await decode(data, chain, room, objStm);
        } catch (error) {
          if (!(error instanceof Unmeasurable)) throw error;
          return unmeasurable(
            error.message === 'damaged'
              ? 'a compressed stream is damaged'
              : `it uses a compression the checks cannot measure (${error.message})`,
          );
        }
        if (decoded === 'over') {
          const cap =
            room === limits.maxStreamBytes
              ? null
              : room === limits.maxAllBytes - all
                ? limits.maxAllBytes
                : limits.maxTotalBytes;
          return oversized(cap ?? limits.maxStreamBytes, cap !== null);
        }
        size = Math.max(size, decoded.bytes);
        if (objStm && decoded.out) pages += countPages(decoded.out.toString('latin1'));
      }
    }
    all += size;
    if (!image) total += size;
  }
  if (pages > limits.maxPages)
    return issue(
      'PDF_OVERSIZED',
      `The PDF has more than ${limits.maxPages} pages and is refused`,
      pages,
      limits.maxPages,
    );
  return null;

  function lengthOf(dict: Map<string, Value>): number | null {
    const length = dict.get('Length');
    if (length?.kind === 'int') return length.value;
    if (length?.kind !== 'ref') return null;
    ints ??= intObjects(text);
    const values = ints.get(`${length.num} ${length.gen}`);
    return values?.size === 1 ? [...values][0]! : null;
  }
}

const nameOf = (value: Value | undefined) => (value?.kind === 'name' ? value.name : undefined);

/** Runs the chain over `data`; 'over' when a step passes `cap`. Throws Unmeasurable for other filters. */
async function decode(data: Buffer, chain: readonly string[], cap: number, keep: boolean): Promise<Stage> {
  let current: Buffer = data;
  let bytes = 0;
  for (const [index, filter] of chain.entries()) {
    const last = index === chain.length - 1;
    let stage: Stage;
    if (filter === 'ASCIIHexDecode') stage = asciiHex(current, cap);
    else if (filter === 'ASCII85Decode') stage = ascii85(current, cap);
    else if (filter === 'FlateDecode') stage = await inflate(current, cap, keep || !last);
    // pdf.js decodes an image codec only to the image's pixels (bounded by its size, and by the pool's memory
    // cap); its input has been counted. Anywhere but last, its output would feed another filter: refused.
    else if (IMAGE_CODECS.has(filter) && last) return { bytes, out: null };
    else throw new Unmeasurable(filter);
    if (stage === 'over') return 'over';
    bytes = stage.bytes;
    if (!stage.out) return { bytes, out: null };
    current = stage.out;
  }
  return { bytes: chain.length === 0 ? 0 : bytes, out: chain.length === 0 ? null : current };
}

function oversized(cap: number, inAll: boolean): DocumentIssue {
  return issue(
    'PDF_OVERSIZED',
    `The PDF expands to more than ${Math.round(cap / 1024 / 1024)} MB${inAll ? ' in all' : ''} when opened (a compression bomb) and is refused`,
    null,
    cap,
  );
}

function unmeasurable(why: string): DocumentIssue {
  return issue(
    'PDF_UNREADABLE',
    `The PDF cannot be checked: ${why}. Save or print it again as a standard PDF and upload that copy`,
  );
}
