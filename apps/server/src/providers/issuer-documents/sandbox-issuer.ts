import { readFileSync } from 'node:fs';

/**
 * The sandbox issuer's key and certificate (sandbox-issuer/, README there): they sign the sandboxes'
 * fictitious documents. The build copies the folder next to the compiled file (scripts/copy-migrations.mjs),
 * so this path holds from src/ and dist/ alike. Read once, when first needed.
 */
const folder = new URL('./sandbox-issuer/', import.meta.url);
let cached: { keyPem: string; certPem: string } | null = null;

export function sandboxIssuerKeys(): { keyPem: string; certPem: string } {
  cached ??= {
    keyPem: readFileSync(new URL('key.pem', folder), 'utf8'),
    certPem: readFileSync(new URL('cert.pem', folder), 'utf8'),
  };
  return cached;
}

/** The sandbox issuer's certificate (PEM): a trust anchor outside production only (trust-anchors.ts). */
export function sandboxIssuerCertificate(): string {
  return sandboxIssuerKeys().certPem;
}
