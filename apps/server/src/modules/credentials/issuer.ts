import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';

/** The product's name as an issuer, shown beside its DID. */
export const ISSUER_NAME = 'Veridocs';

export interface IssuerKey {
  /** did:web of the public URL's host (a port is %3A-encoded, as did:web says). */
  did: string;
  /** `${did}#${thumbprint}`: the verification method every credential's header names. */
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK & { kty: 'OKP'; crv: 'Ed25519'; x: string };
}

// PKCS#8 prefix of an Ed25519 private key (RFC 8410) before its 32-byte seed.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** did:web for a public URL: the host, with a path's segments as colon-separated parts. */
export function didWebOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  const parts = [
    encodeURIComponent(url.host),
    ...url.pathname.split('/').filter(Boolean).map(encodeURIComponent),
  ];
  return `did:web:${parts.join(':')}`;
}

/**
 * The issuer's Ed25519 key pair from a 32-byte seed derived from the server secret (ADR 0031): every
 * instance has the same key, nothing of it is stored, and the private key never leaves the process.
 */
export async function createIssuerKey(seed: Uint8Array, publicUrl: string): Promise<IssuerKey> {
  if (seed.length !== 32) throw new Error('The issuer key seed must be 32 bytes');
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(seed)]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const exported = publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string };
  const base = { kty: 'OKP' as const, crv: 'Ed25519' as const, x: exported.x };
  const thumbprint = await calculateJwkThumbprint(base);
  const did = didWebOf(publicUrl);
  const keyId = `${did}#${thumbprint}`;
  return {
    did,
    keyId,
    privateKey,
    publicKey,
    publicJwk: { ...base, kid: keyId, alg: 'EdDSA', use: 'sig' },
  };
}

/** The DID document served at /.well-known/did.json. */
export function didDocumentOf(key: IssuerKey) {
  const { kid: _kid, alg: _alg, use: _use, ...publicKeyJwk } = key.publicJwk;
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: key.did,
    verificationMethod: [{ id: key.keyId, type: 'JsonWebKey2020', controller: key.did, publicKeyJwk }],
    assertionMethod: [key.keyId],
  };
}
