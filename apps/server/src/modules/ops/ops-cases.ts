import { createHash } from 'node:crypto';
import {
  OPTION_SETS,
  VERIFICATION_CATEGORIES,
  fieldLabel,
  verificationTypeOf,
  type OpsCaseListQuery,
  type VerificationConfig,
} from '@veridocs/shared';
import { AppError } from '../../errors.js';
import { hmacSha256Hex } from '../../lib/crypto.js';
import type { QueueFilter, QueueKey } from './ops-repository.js';

/**
 * The queue list's pure parts (ADR 0026): the opaque keyset cursor, the search term's reading and
 * the display of a case's fields.
 */

/** The filters a cursor belongs to: a cursor of another query is refused (223), not misread. */
function fingerprint(query: OpsCaseListQuery): string {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  const sorted = Object.keys(rest)
    .sort()
    .map((k) => [k, (rest as Record<string, unknown>)[k]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('base64url').slice(0, 12);
}

export function encodeCursor(query: OpsCaseListQuery, key: QueueKey): string {
  const body = { f: fingerprint(query), k: [key.rank, key.deadline, key.since, key.id] };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^(-?infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?)$/;

/** The sort key a cursor carries; 223 when it is not one of ours for this query. */
export function decodeCursor(query: OpsCaseListQuery): QueueKey | null {
  if (!query.cursor) return null;
  const invalid = () => new AppError('CASE_CURSOR_INVALID');
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof body !== 'object' || body === null) throw invalid();
  const { f, k } = body as { f?: unknown; k?: unknown };
  if (f !== fingerprint(query) || !Array.isArray(k) || k.length !== 4) throw invalid();
  const [rank, deadline, since, id] = k as unknown[];
  if (
    (rank !== 0 && rank !== 1) ||
    typeof deadline !== 'string' ||
    !TIMESTAMP.test(deadline) ||
    typeof since !== 'string' ||
    !TIMESTAMP.test(since) ||
    typeof id !== 'string' ||
    !UUID.test(id)
  )
    throw invalid();
  return { rank, deadline, since, id };
}

/** [s, s') : every string starting with `s` in byte (code point) order. */
function prefixRange(s: string): { lo: string; hi: string } {
  const chars = [...s];
  const last = chars.pop()!.codePointAt(0)!;
  return { lo: s, hi: chars.join('') + String.fromCodePoint(last + 1) };
}

const HEX_ID = /^[0-9a-f-]+$/;

/** What `q` searches: a name prefix, mobile digits (first or last), a transaction id (or its start). */
export function searchFilter(q: string | undefined): Partial<QueueFilter> {
  if (!q) return {};
  const text = q.trim().toLowerCase().replace(/\s+/g, ' ');
  const filter: Partial<QueueFilter> = {};
  const compact = text.replace(/[\s+()-]/g, '');
  if (/^\d+$/.test(compact)) {
    // +91 and a 10-digit number: the stored mobile is the 10 digits.
    const digits = compact.length === 12 && compact.startsWith('91') ? compact.slice(2) : compact;
    filter.mobile = prefixRange(digits);
    if (digits.length >= 3) filter.mobileTail = prefixRange([...digits].reverse().join(''));
  }
  const hex = text.replace(/-/g, '');
  if (HEX_ID.test(text) && hex.length >= 8 && hex.length <= 32) {
    const pad = (c: string) => {
      const full = hex.padEnd(32, c);
      return `${full.slice(0, 8)}-${full.slice(8, 12)}-${full.slice(12, 16)}-${full.slice(16, 20)}-${full.slice(20)}`;
    };
    filter.txnId = { lo: pad('0'), hi: pad('f') };
  }
  if (!filter.mobile && !filter.txnId) filter.name = prefixRange(text);
  return filter;
}

/**
 * The list query as its audit row records it (ADR 0026): the filters as given, and the search term by
 * kind. A transaction id is ours and kept; a mobile number or a name is personal data: only its masked
 * form (the last 4 digits, as the list shows them; a name's length) and an HMAC under a server key,
 * so an investigator holding the secret can tell whether a given number was searched, and a reader of
 * the audit cannot read the numbers back.
 */
export function auditedQuery(query: OpsCaseListQuery, searchKey: Uint8Array): Record<string, unknown> {
  const { q, cursor, ...filters } = query;
  const detail: Record<string, unknown> = { ...filters, page: cursor ? 'next' : 'first' };
  if (!q) return detail;
  const filter = searchFilter(q);
  const text = q.trim().toLowerCase().replace(/\s+/g, ' ');
  if (filter.mobile) {
    const compact = text.replace(/[\s+()-]/g, '');
    const digits = compact.length === 12 && compact.startsWith('91') ? compact.slice(2) : compact;
    detail.search = {
      kind: 'mobile',
      masked: maskMobile(digits),
      hmac: hmacSha256Hex(searchKey, `mobile:${digits}`),
    };
  } else if (filter.txnId) detail.search = { kind: 'transaction', value: text };
  else detail.search = { kind: 'name', length: text.length, hmac: hmacSha256Hex(searchKey, `name:${text}`) };
  return detail;
}

/** A category as stored ("Education"), whatever its case in the query. */
function categoryOf(type: string | undefined): string | undefined {
  if (!type) return undefined;
  return VERIFICATION_CATEGORIES.find((c) => c.toLowerCase() === type.toLowerCase()) ?? type;
}

/** The list query as the repository filters it (dates: UTC days, `to` inclusive). */
export function queueFilter(query: OpsCaseListQuery): QueueFilter {
  const until = query.to ? new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000) : undefined;
  return {
    queue: query.queue,
    orgId: query.orgId,
    formId: query.formId,
    state: query.state,
    category: categoryOf(query.verificationType),
    from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    until: until?.toISOString(),
    ...searchFilter(query.q),
  };
}

/** "XXXXXX3210": the last 4 digits only. */
export function maskMobile(mobile: string): string {
  return mobile.length <= 4 ? mobile : `${'X'.repeat(mobile.length - 4)}${mobile.slice(-4)}`;
}

/** A submitted value as the case view shows it (files by name; objects by their label, name or value). */
export function displayValue(value: unknown, fileNames: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value))
    return value
      .map((v) => displayValue(v, fileNames))
      .filter(Boolean)
      .join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.fileId === 'string') return fileNames.get(o.fileId) ?? 'Document';
    if (o.label !== undefined) return displayValue(o.label, fileNames);
    // A list choice is stored { value, name } (the id and the name the candidate picked): the name reads.
    if (o.name !== undefined) return displayValue(o.name, fileNames);
    if (o.value !== undefined) return displayValue(o.value, fileNames);
    return Object.values(o)
      .map((v) => displayValue(v, fileNames))
      .filter(Boolean)
      .join(', ');
  }
  return '';
}

/** Every file id a value refers to, with the top-level field it sits in. */
export function fileIdsIn(data: Record<string, unknown>): { key: string; fileId: string }[] {
  const found: { key: string; fileId: string }[] = [];
  const walk = (key: string, v: unknown) => {
    if (Array.isArray(v)) v.forEach((x) => walk(key, x));
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.fileId === 'string') found.push({ key, fileId: o.fileId.toLowerCase() });
      else Object.values(o).forEach((x) => walk(key, x));
    }
  };
  for (const [key, value] of Object.entries(data)) walk(key, value);
  return found;
}

/**
 * The verification's label, its fields' labels and the names of their options (a select's stored value
 * is a code: "DEGREE_AND_MARKSHEET" reads "Degree and marksheets available"), from its config (the
 * type's, for an added instance).
 */
export function labelsOf(
  name: string,
  configs: ReadonlyMap<string, VerificationConfig>,
): { label: string; fields: Map<string, string>; options: Map<string, Map<string, string>> } {
  const config = configs.get(name) ?? configs.get(verificationTypeOf(name));
  const fields = new Map<string, string>();
  const options = new Map<string, Map<string, string>>();
  for (const option of config?.authOptions ?? [])
    for (const section of option.page.config)
      for (const input of section.inputs) {
        if (!fields.has(input.fieldName))
          fields.set(input.fieldName, input.label ?? fieldLabel(input.fieldName));
        const set = input.optionsKey ? OPTION_SETS[input.optionsKey as keyof typeof OPTION_SETS] : undefined;
        const list = input.options ?? set?.() ?? [];
        if (list.length === 0) continue;
        const names = options.get(input.fieldName) ?? new Map<string, string>();
        for (const o of list) if (!names.has(o.value)) names.set(o.value, o.name);
        options.set(input.fieldName, names);
      }
  return { label: config?.metadata.orgSpecificName ?? config?.metadata.label ?? name, fields, options };
}
