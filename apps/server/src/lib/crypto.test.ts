import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey, seal, sha256Base64Url, unseal } from './crypto.js';

describe('seal', () => {
  const key = deriveKey('a server secret of at least 32 characters', 'test');
  it('round-trips and never shows the plaintext', () => {
    const sealed = seal(key, 'token-123');
    expect(sealed).not.toContain('token-123');
    expect(unseal(key, sealed)).toBe('token-123');
    expect(seal(key, 'token-123')).not.toBe(sealed);
  });
  it('refuses another key, a changed byte or a foreign value', () => {
    const sealed = seal(key, 'token-123');
    expect(() => unseal(deriveKey('another secret', 'test'), sealed)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => unseal(key, parts.join('.'))).toThrow();
    expect(() => unseal(key, 'token-123')).toThrow(/not a sealed value/);
  });
});

describe('sha256Base64Url', () => {
  it('is the PKCE S256 challenge (RFC 7636 appendix B)', () => {
    expect(sha256Base64Url('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    expect(sha256Base64Url('x')).toBe(createHash('sha256').update('x').digest('base64url'));
  });
});
