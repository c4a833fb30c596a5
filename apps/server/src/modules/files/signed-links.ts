import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived download links: `<file id>.<expiry, unix seconds>.<HMAC-SHA256 base64url>`, keyed by a
 * key derived from the server secret for this purpose only. No database row: valid until it expires.
 */
export function createLinkSigner(key: Uint8Array) {
  const mac = (payload: string) => createHmac('sha256', key).update(`file-link:v1:${payload}`).digest();
  return {
    sign(fileId: string, expiresAt: Date): string {
      const payload = `${fileId}.${Math.floor(expiresAt.getTime() / 1000)}`;
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    /** The file id of a valid, unexpired token; null otherwise (tampered, malformed, expired). */
    verify(token: string, now: Date): string | null {
      const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, fileId, exp, signature] = match as unknown as [string, string, string, string];
      // Compared as text, not decoded: the last of 43 base64url characters carries two unused bits, so
      // decoding would accept four spellings of one signature.
      const expected = Buffer.from(mac(`${fileId}.${exp}`).toString('base64url'));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Number(exp) * 1000 <= now.getTime()) return null;
      return fileId;
    },
  };
}

export type LinkSigner = ReturnType<typeof createLinkSigner>;

/** This purpose's key, derived from a key already derived from the server secret. */
export function deriveLinkKey(serverKey: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', serverKey).update('veridocs:file-links:v1').digest());
}
