import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 (header form), as the S3 documentation describes it. Pure: tests check known answers. */
export interface SignInput {
  method: string;
  /** Already URI-encoded path, starting with '/'. */
  path: string;
  query?: Record<string, string>;
  /** Lowercase or not; `host` must be among them. All of them are signed. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (or 'UNSIGNED-PAYLOAD'); also sent as x-amz-content-sha256. */
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
  date: Date;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value, 'utf8').digest();
const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** RFC 3986 encoding as SigV4 wants it (unreserved characters stay; '/' kept in paths). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The headers to send: the input's, x-amz-date, x-amz-content-sha256 and Authorization. */
export function signRequest(input: SignInput): Record<string, string> {
  const service = input.service ?? 's3';
  const stamp = amzDate(input.date);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = stamp;
  headers['x-amz-content-sha256'] = input.payloadHash;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${(headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const query = Object.entries(input.query ?? {})
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [input.method, input.path, query, canonicalHeaders, signedHeaders, input.payloadHash].join(
    '\n',
  );
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
