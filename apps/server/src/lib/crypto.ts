import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256Hex(key: Uint8Array, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Derives an independent key per purpose from the one server secret. */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(`veridocs:${purpose}`).digest());
}

/** Compares two hex digests in constant time. */
export function equalHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** A uniformly random numeric code of `length` digits, leading zeros allowed. */
export function randomDigits(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** An opaque token: `bytes` random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
