import { X509Certificate } from 'node:crypto';
import { sandboxIssuerCertificate } from './sandbox-issuer.js';

/** ISSUER_TRUST_ANCHORS_FILE does not hold usable certificates. */
export class TrustAnchorsError extends Error {
  override readonly name = 'TrustAnchorsError';
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * The certificates of a PEM bundle (the issuers' signing certificates, or the CAs' that DigiLocker and
 * API Setu publish for them), each checked to be an X.509 certificate. An empty bundle, or a block that
 * is not a certificate, is an error: a trust list that silently trusts nothing helps nobody.
 */
export function readPemBundle(text: string): string[] {
  const blocks = text.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0)
    throw new TrustAnchorsError('it holds no PEM certificate (-----BEGIN CERTIFICATE-----)');
  blocks.forEach((pem, index) => {
    try {
      new X509Certificate(pem);
    } catch {
      throw new TrustAnchorsError(
        `certificate ${index + 1} of ${blocks.length} is not a readable X.509 certificate`,
      );
    }
  });
  return blocks.map((pem) => `${pem.trim()}\n`);
}

/**
 * The trust anchors issuers' XML signatures are checked against (xml-signature.ts): the certificates of
 * ISSUER_TRUST_ANCHORS_FILE plus, OUTSIDE production only, the sandbox issuer's certificate, so that
 * the sandboxes' documents verify in development and tests and never in production, whatever else is
 * configured there. A signature is trusted when its certificate equals one anchor (xml-signature.ts).
 */
export function issuerTrustAnchors(configured: readonly string[], nodeEnv: string): readonly string[] {
  const anchors = [...configured];
  if (nodeEnv !== 'production') anchors.push(sandboxIssuerCertificate());
  return Object.freeze(anchors);
}
