import type { IssuerCertificate } from './issuer-document.js';
import {
  childAt,
  childElements,
  field,
  isoDate,
  IssuerXmlError,
  parseXmlDocument,
  type XmlDocument,
  type XmlElement,
} from './xml-dom.js';

/** The XML is not a certificate this product can read (not well-formed, a DOCTYPE, no holder). */
export class CertificateXmlError extends IssuerXmlError {
  override readonly name = 'CertificateXmlError';
}

export interface CertificateHints {
  /** The issuer's id where the caller knows it (DigiLocker's `issuerid`, API Setu's issuer). */
  issuerId?: string;
  /** The doctype the caller asked for, used when the XML does not say it. */
  doctype?: string;
}

/** The `Certificate` element: the root, the root's child (a wrapper), or a root holding its parts (prism's `<xml>`). */
function certificateElement(doc: XmlDocument): XmlElement {
  const root = doc.documentElement;
  const name = root.localName ?? root.nodeName;
  if (name === 'Certificate') return root;
  const wrapped = childElements(root, 'Certificate');
  if (wrapped.length === 1) return wrapped[0]!;
  if (childAt(root, 'IssuedTo') || childAt(root, 'CertificateData')) return root;
  throw new CertificateXmlError('The XML is not a certificate');
}

/** "PASS", with the CGPA or percentage when the issuer gives one ("PASS, CGPA 9.4/10"). */
function resultLine(performance: XmlElement | null): string | null {
  if (!performance) return null;
  const cgpa = field(performance, 'cgpa');
  const cgpaMax = field(performance, 'cgpaMax');
  const percentage = field(performance, 'percentage');
  const parts = [
    field(performance, 'result') ?? field(performance, 'grade'),
    cgpa ? `CGPA ${cgpa}${cgpaMax ? `/${cgpaMax}` : ''}` : null,
    percentage ? `${percentage.replace(/%$/, '')}%` : null,
  ].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * Reads an issuer's certificate XML: DigiLocker's `Certificate` (XMLFormatSchema's CertificateData and
 * Signature, in the issuers' Certificate format) and API Setu's AcademicCertificateSchema, whose fields
 * are attributes (`<Certificate type="SSCER" number="…"><IssuedTo><Person name="…" dob="DD-MM-YYYY"/>`);
 * child elements of the same names are read too (prism's generated bodies, rooted at `<xml>`). Dates
 * become yyyy-MM-dd. Throws CertificateXmlError, never anything else, for XML it cannot use; a
 * certificate must at least name its holder. Reading is not trusting: check the signature first
 * (xml-signature.ts) and read the XML it covers.
 */
export function parseCertificateXml(xml: string, hints: CertificateHints = {}): IssuerCertificate {
  const doc = parseXmlDocument(xml, CertificateXmlError);
  const certificate = certificateElement(doc);
  const person = childAt(certificate, 'IssuedTo', 'Person');
  const name = field(person, 'name');
  if (!name) throw new CertificateXmlError('The certificate does not name its holder');
  const doctype = field(certificate, 'type') ?? hints.doctype ?? null;
  if (!doctype) throw new CertificateXmlError('The certificate does not say its document type');
  const organisation = childAt(certificate, 'IssuedBy', 'Organization');
  const data = childAt(certificate, 'CertificateData');
  const examination = childAt(data, 'Examination');
  const performance = childAt(data, 'Performance');
  const yearText = field(examination, 'year');
  const year =
    (yearText && /^\d{4}$/.test(yearText) ? yearText : null) ??
    isoDate(field(performance, 'resultDate'))?.slice(0, 4) ??
    null;
  return {
    doctype: doctype.toUpperCase(),
    issuer: {
      id: hints.issuerId ?? field(organisation, 'code') ?? '',
      name: field(organisation, 'name') ?? '',
    },
    person: { name, dateOfBirth: isoDate(field(person, 'dob')) },
    rollNumber: field(certificate, 'number'),
    year,
    examination: field(examination, 'name'),
    school: field(childAt(data, 'School'), 'name'),
    state: field(childAt(organisation, 'Address'), 'state'),
    result: resultLine(performance),
    issuedOn: isoDate(field(certificate, 'issueDate')),
  };
}
