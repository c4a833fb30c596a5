import { X509Certificate } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import type { SignatureCheck } from './issuer-document.js';
import { childElements, parseXmlDocument, type XmlDocument, type XmlElement } from './xml-dom.js';

const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const RSA_SHA512 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const SHA512 = 'http://www.w3.org/2001/04/xmlenc#sha512';

/** What a signature may use: SHA-1 (still in old issuer XML) is refused. */
const SIGNATURE_METHODS = new Set([RSA_SHA256, RSA_SHA512]);
const DIGEST_METHODS = new Set([SHA256, SHA512]);
const TRANSFORMS = new Set([ENVELOPED, EXC_C14N, C14N]);
const CANONICALISATIONS = new Set([EXC_C14N, C14N]);

/**
 * Signs an XML document the way issuers sign theirs (and the sandboxes sign their fictitious ones): an
 * enveloped XML signature over the whole document (`URI=""`), RSA-SHA256, exclusive canonicalisation,
 * the signing certificate in KeyInfo.
 */
export function signXml(xml: string, { keyPem, certPem }: { keyPem: string; certPem: string }): string {
  const signer = new SignedXml({
    privateKey: keyPem,
    publicCert: certPem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  signer.addReference({
    xpath: '/*',
    transforms: [ENVELOPED, EXC_C14N],
    digestAlgorithm: SHA256,
    isEmptyUri: true,
  });
  signer.computeSignature(xml, { location: { reference: '/*', action: 'append' } });
  return signer.getSignedXml();
}

/** The DER bytes of a PEM certificate, or of KeyInfo's base64 (whitespace allowed). */
function certificateOf(text: string): X509Certificate | null {
  try {
    if (text.includes('-----BEGIN')) return new X509Certificate(text);
    return new X509Certificate(Buffer.from(text.replace(/\s+/g, ''), 'base64'));
  } catch {
    return null;
  }
}

/** The certificate subject's common name (CN), else the whole subject. */
function subjectName(certificate: X509Certificate): string {
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(certificate.subject)?.[1];
  return (cn ?? certificate.subject).trim();
}

const attribute = (element: XmlElement | undefined, name: string) => element?.getAttribute(name) ?? null;
const algorithmOf = (element: XmlElement | undefined) => attribute(element, 'Algorithm');

export interface VerifiedXml {
  check: SignatureCheck;
  /**
   * The canonical XML the signature covers, when it is valid: read the certificate from this, not from
   * the XML as received (whatever is outside the signed reference is not the issuer's).
   */
  signedXml: string | null;
}

/**
 * Checks an issuer's enveloped XML signature against the trust anchors (PEM certificates):
 * - no Signature element: 'unsigned';
 * - anything but exactly one Signature, a child of the root, with one Reference to the whole document
 *   (`URI=""`, enveloped + canonicalisation transforms only), RSA-SHA256/512 and SHA-256/512: 'invalid'
 *   (this is what stops signature wrapping: a signature of a moved or referenced-by-id element is never
 *   taken for the document's);
 * - KeyInfo's certificate not byte-equal to one anchor: 'untrusted' (its CN is still reported);
 * - the digest or the signature value wrong, checked with the ANCHOR's key (never KeyInfo's): 'invalid'.
 * Anchors' validity periods are not checked: certificates are signed once and read for years after.
 */
export function verifySignedXml(xml: string, trustAnchorsPem: readonly string[]): VerifiedXml {
  const invalid = (signer: string | null = null): VerifiedXml => ({
    check: { valid: false, signer, reason: 'invalid' },
    signedXml: null,
  });
  let doc: XmlDocument;
  try {
    doc = parseXmlDocument(xml);
  } catch {
    return invalid();
  }
  const signatures = Array.from(doc.getElementsByTagNameNS(DSIG_NS, 'Signature'));
  if (signatures.length === 0)
    return { check: { valid: false, signer: null, reason: 'unsigned' }, signedXml: null };
  const signature = signatures[0]!;
  if (signatures.length > 1 || signature.parentNode !== doc.documentElement) return invalid();

  const certificates = Array.from(signature.getElementsByTagNameNS(DSIG_NS, 'X509Certificate'));
  const presented = certificates.length === 1 ? certificateOf(certificates[0]!.textContent ?? '') : null;
  const signer = presented ? subjectName(presented) : null;

  const [signedInfo, ...moreSignedInfo] = childElements(signature, 'SignedInfo');
  const references = childElements(signedInfo, 'Reference');
  const reference = references[0];
  const transforms = childElements(childElements(reference, 'Transforms')[0], 'Transform').map(algorithmOf);
  const structureHolds =
    signedInfo !== undefined &&
    moreSignedInfo.length === 0 &&
    CANONICALISATIONS.has(algorithmOf(childElements(signedInfo, 'CanonicalizationMethod')[0]) ?? '') &&
    SIGNATURE_METHODS.has(algorithmOf(childElements(signedInfo, 'SignatureMethod')[0]) ?? '') &&
    references.length === 1 &&
    reference?.hasAttribute('URI') === true &&
    reference.getAttribute('URI') === '' &&
    DIGEST_METHODS.has(algorithmOf(childElements(reference, 'DigestMethod')[0]) ?? '') &&
    transforms.includes(ENVELOPED) &&
    transforms.every((t) => t !== null && TRANSFORMS.has(t));
  if (!structureHolds || !presented) return invalid(signer);

  const anchor = trustAnchorsPem
    .map((pem) => ({ pem, certificate: certificateOf(pem) }))
    .find((a) => a.certificate?.raw.equals(presented.raw));
  if (!anchor) return { check: { valid: false, signer, reason: 'untrusted' }, signedXml: null };

  try {
    const verifier = new SignedXml({ publicCert: anchor.pem, getCertFromKeyInfo: () => null });
    verifier.loadSignature(signature);
    if (!verifier.checkSignature(xml)) return invalid(signer);
    const signed = verifier.getSignedReferences();
    if (signed.length !== 1 || !signed[0]) return invalid(signer);
    return { check: { valid: true, signer, reason: null }, signedXml: signed[0] };
  } catch {
    return invalid(signer);
  }
}

/** The SignatureCheck of `verifySignedXml`. */
export function verifyXmlSignature(xml: string, trustAnchorsPem: readonly string[]): SignatureCheck {
  return verifySignedXml(xml, trustAnchorsPem).check;
}
