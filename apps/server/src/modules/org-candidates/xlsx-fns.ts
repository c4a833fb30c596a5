import { Inflate } from 'fflate';
import { createRequire } from 'node:module';

/** The part of xmldom read here; required, not imported: its types pull the browser DOM into the server. */
interface Element {
  nodeType: number;
  localName: string | null;
  prefix: string | null;
  textContent: string | null;
  childNodes: ArrayLike<Element>;
  attributes: ArrayLike<{ localName: string | null; prefix: string | null; value: string }>;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<Element>;
}
interface Document {
  documentElement: Element | null;
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<Element>;
}
type OnError = () => void;
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: new (options: { errorHandler: { warning: OnError; error: OnError; fatalError: OnError } }) => {
    parseFromString(source: string, mimeType: string): Document | undefined;
  };
};

/**
 * A small, strict XLSX reader for the bulk invitation file: the first sheet's cells as rows of text, the
 * same shape as parseCsv's. The ZIP's central directory is read here and each part is inflated in small
 * steps with a cap, so a zip bomb stops at the cap rather than filling memory (a 5 MB upload can
 * declare or inflate to gigabytes). Answers null when the bytes are not a readable workbook;
 * throws XlsxTooLarge past the caps.
 */
export class XlsxTooLarge extends Error {
  /** 'rows': more rows than a file may hold; 'bytes': a part inflates past its cap (a zip bomb). */
  constructor(readonly kind: 'rows' | 'bytes') {
    super(`The workbook has too many ${kind}`);
  }
}

export interface XlsxLimits {
  /** Uncompressed bytes of one part (the sheet, the shared strings). */
  partBytes: number;
  /** Uncompressed bytes of every part read together. */
  totalBytes: number;
  /** Non-blank rows of the sheet (the header included). */
  rows: number;
  /** Columns read per row (cells further right are ignored). */
  columns: number;
  /**
   * Markup tags (`<`) of one part before it is parsed: the DOM costs memory per element, so a part of
   * millions of tiny elements is refused before it is built (a few MB of `<c/>` would be gigabytes).
   * 64 per row covers a 10,001-row sheet of 15 cells, or its shared strings.
   */
  tags: number;
}
export const XLSX_LIMITS: XlsxLimits = {
  partBytes: 8 * 1024 * 1024,
  totalBytes: 12 * 1024 * 1024,
  rows: 10_001,
  columns: 32,
  tags: 10_001 * 64,
};

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The central directory's entries, or null when it is not a plain (non-ZIP64, unencrypted) ZIP. */
function entries(zip: Buffer): Map<string, Entry> | null {
  // The end record is in the last 22 + 65,535 (comment) bytes.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) return null;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const found = new Map<string, Entry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return null;
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: Entry = {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      localOffset: zip.readUInt32LE(at + 42),
    };
    if (flags & 1) return null; // encrypted
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) return null; // ZIP64
    found.set(entry.name, entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return found;
}

/** One part's bytes, inflated 16 KB of input at a time; throws XlsxTooLarge past `cap`. */
function inflatePart(zip: Buffer, entry: Entry, cap: number): Buffer | null {
  // The declared size can lie: it is checked here and again against what inflates.
  if (entry.size > cap) throw new XlsxTooLarge('bytes');
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) return null;
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) return null;
  if (entry.method === 0) return entry.size === data.length ? Buffer.from(data) : null;
  if (entry.method !== 8) return null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total > cap) over = true;
    else chunks.push(chunk);
  });
  try {
    const step = 16 * 1024;
    for (let i = 0; i < data.length && !over; i += step)
      inflate.push(data.subarray(i, i + step), i + step >= data.length);
  } catch {
    return null;
  }
  if (over) throw new XlsxTooLarge('bytes');
  return total === entry.size ? Buffer.concat(chunks) : null;
}

/**
 * Parses XML strictly: any error, or a DOCTYPE (entities), makes it unreadable; more than `maxTags`
 * tags throws XlsxTooLarge before any element is built.
 */
function parseXml(bytes: Buffer, maxTags: number = XLSX_LIMITS.tags): Document | null {
  let tags = 0;
  for (let i = bytes.indexOf(0x3c); i >= 0; i = bytes.indexOf(0x3c, i + 1))
    if (++tags > maxTags) throw new XlsxTooLarge('bytes');
  const text = bytes.toString('utf8');
  if (/<!DOCTYPE/i.test(text)) return null;
  let failed = false;
  const doc = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: () => void (failed = true),
      fatalError: () => void (failed = true),
    },
  }).parseFromString(text, 'application/xml');
  return failed || !doc?.documentElement ? null : doc;
}

const children = (node: Element, local: string): Element[] =>
  Array.from(node.childNodes).filter((c) => c.nodeType === 1 && c.localName === local);
/** The text of an <si> or <is>: its own <t>, or its runs' <t>s (rich text); phonetic runs left out. */
const richText = (node: Element): string =>
  [...children(node, 't'), ...children(node, 'r').flatMap((r) => children(r, 't'))]
    .map((t) => t.textContent ?? '')
    .join('');

/** "C12" → column 2; null when the reference is not one. */
function columnOf(ref: string): number | null {
  const letters = /^([A-Z]{1,3})\d+$/.exec(ref)?.[1];
  if (!letters) return null;
  let col = 0;
  for (const ch of letters) col = col * 26 + (ch.charCodeAt(0) - 64);
  return col - 1;
}

/** A number cell's text: integers in full (a mobile number typed as a number), others as written. */
function numberText(raw: string): string {
  const n = Number(raw);
  return Number.isSafeInteger(n) ? String(n) : raw;
}

/** The path of the workbook's first sheet (workbook.xml's first <sheet>, through its relationship). */
function firstSheetPath(parts: (name: string) => Buffer | null): string | null {
  const workbook = parts('xl/workbook.xml');
  const rels = parts('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return null;
  const wb = parseXml(workbook);
  const rel = parseXml(rels);
  if (!wb || !rel) return null;
  const sheet = wb.getElementsByTagNameNS('*', 'sheet')[0];
  const rid = sheet
    ? Array.from(sheet.attributes).find((a) => a.localName === 'id' && a.prefix === 'r')?.value
    : undefined;
  const target = Array.from(rel.getElementsByTagNameNS('*', 'Relationship'))
    .find((r) => r.getAttribute('Id') === rid)
    ?.getAttribute('Target');
  if (!target) return null;
  // Relative to xl/ (or absolute from the package root).
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  return path.split('/').includes('..') ? null : path;
}

/** The first sheet's non-blank rows as text cells (trailing blanks kept as ''), or null. */
export function readXlsxRows(zip: Buffer, limits: XlsxLimits = XLSX_LIMITS): string[][] | null {
  const list = entries(zip);
  if (!list) return null;
  let budget = limits.totalBytes;
  const read = (name: string): Buffer | null => {
    const entry = list.get(name);
    if (!entry) return null;
    const bytes = inflatePart(zip, entry, Math.min(limits.partBytes, budget));
    if (bytes) budget -= bytes.length;
    return bytes;
  };
  const sheetPath = firstSheetPath(read);
  const sheetBytes = sheetPath ? read(sheetPath) : null;
  if (!sheetBytes) return null;
  const shared: string[] = [];
  const sharedBytes = read('xl/sharedStrings.xml');
  if (sharedBytes) {
    const sst = parseXml(sharedBytes, limits.tags);
    if (!sst) return null;
    for (const si of children(sst.documentElement!, 'si')) shared.push(richText(si));
  }
  const sheet = parseXml(sheetBytes, limits.tags);
  const data = sheet ? children(sheet.documentElement!, 'sheetData')[0] : undefined;
  if (!data) return null;
  const rows: string[][] = [];
  for (const row of children(data, 'row')) {
    const cells: string[] = [];
    let next = 0;
    for (const c of children(row, 'c')) {
      const ref = c.getAttribute('r');
      const col = ref ? columnOf(ref) : next;
      if (col === null) return null;
      next = col + 1;
      if (col >= limits.columns) continue;
      const type = c.getAttribute('t') || 'n'; // xmldom answers '' for a missing attribute
      const v = children(c, 'v')[0]?.textContent ?? '';
      let text: string;
      if (type === 's') {
        const s = shared[Number(v)];
        if (!/^\d+$/.test(v) || s === undefined) return null;
        text = s;
      } else if (type === 'inlineStr') {
        const is = children(c, 'is')[0];
        text = is ? richText(is) : '';
      } else if (type === 'n') text = v === '' ? '' : numberText(v);
      else if (type === 'b') text = v === '1' ? 'TRUE' : 'FALSE';
      else text = v; // str (a formula's text), e (an error's text), d (an ISO date)
      while (cells.length < col) cells.push('');
      cells[col] = text;
    }
    // Blank rows are not rows (as in a CSV).
    if (cells.every((x) => x.trim() === '')) continue;
    rows.push(cells);
    if (rows.length > limits.rows) throw new XlsxTooLarge('rows');
  }
  return rows;
}
