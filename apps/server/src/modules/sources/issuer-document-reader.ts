import { parseCertificateXml } from '../../providers/issuer-documents/certificate-xml.js';
import { parseEaadhaarXml } from '../../providers/issuer-documents/eaadhaar-xml.js';
import { verifySignedXml } from '../../providers/issuer-documents/xml-signature.js';
import type { IssuerDocumentReader } from './sources-service.js';

/**
 * Reads issuers' XML against the trust anchors (ADR 0045): a valid signature's covered XML is what the
 * fields come from; an invalid or missing one still yields the fields (kept as evidence, never trusted).
 */
export function createIssuerDocumentReader(trustAnchors: readonly string[]): IssuerDocumentReader {
  return {
    read(xml, hints) {
      const verified = verifySignedXml(xml, trustAnchors);
      const cert = parseCertificateXml(verified.signedXml ?? xml, hints);
      return { cert, signature: verified.check };
    },
    readEaadhaar(xml, hashNumber) {
      const verified = verifySignedXml(xml, trustAnchors);
      const record = parseEaadhaarXml(verified.signedXml ?? xml, { hashNumber });
      return { record, signature: verified.check };
    },
  };
}
