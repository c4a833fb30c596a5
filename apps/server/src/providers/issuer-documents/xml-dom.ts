import { createRequire } from 'node:module';

/**
 * The part of the DOM this code reads. xmldom is loaded through `require` rather than imported: its
 * type declarations pull the whole browser DOM library into the server's types (`/// <reference
 * lib="dom" />`), which changes `fetch`, `Blob` and friends for every other file.
 */
export interface XmlNode {
  nodeType: number;
  nodeName: string;
  localName: string | null;
  namespaceURI: string | null;
  firstChild: XmlNode | null;
  nextSibling: XmlNode | null;
  parentNode: XmlNode | null;
  textContent: string | null;
}
export interface XmlElement extends XmlNode {
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<XmlElement>;
}
export interface XmlDocument extends XmlNode {
  documentElement: XmlElement;
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<XmlElement>;
}
type ErrorHandler = (message: string) => void;
interface XmlDom {
  DOMParser: new (options: {
    errorHandler: { warning: ErrorHandler; error: ErrorHandler; fatalError: ErrorHandler };
  }) => {
    parseFromString(source: string, mimeType: string): Partial<XmlDocument> | undefined;
  };
}
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as XmlDom;

/**
 * Reading issuers' XML safely (issue 26): a document is refused, never half-read, when it is not
 * well-formed, too large, or declares a DOCTYPE (issuer XML needs none; entity declarations are how
 * XXE and "billion laughs" documents work, and xmldom does not fetch external entities but should not
 * be trusted to expand nothing either). Messages are fixed texts: nothing of the input is repeated.
 */
export class IssuerXmlError extends Error {
  override readonly name: string = 'IssuerXmlError';
}

/** Issuer certificates are a few KB (an e-Aadhaar with its photo and PDF, some hundred KB). */
export const MAX_XML_CHARS = 2_000_000;

const ELEMENT_NODE = 1;

export function parseXmlDocument(
  xml: string,
  ErrorType: new (message: string) => Error = IssuerXmlError,
): XmlDocument {
  if (typeof xml !== 'string' || xml.trim() === '') throw new ErrorType('The XML is empty');
  if (xml.length > MAX_XML_CHARS) throw new ErrorType('The XML is larger than an issuer document can be');
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml))
    throw new ErrorType('The XML declares a DOCTYPE or entities, which issuer documents never do');
  let problems = 0;
  const count = () => void problems++;
  let doc: Partial<XmlDocument> | undefined;
  try {
    doc = new DOMParser({
      errorHandler: { warning: count, error: count, fatalError: count },
    }).parseFromString(xml, 'text/xml');
  } catch {
    throw new ErrorType('The XML is not well-formed');
  }
  if (problems > 0 || !doc?.documentElement) throw new ErrorType('The XML is not well-formed');
  return doc as XmlDocument;
}

/** The element children of `node`, optionally only those of a local name (namespaces ignored). */
export function childElements(node: XmlNode | null | undefined, localName?: string): XmlElement[] {
  const out: XmlElement[] = [];
  if (!node) return out;
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    const element = child as XmlElement;
    if (localName === undefined || (element.localName ?? element.nodeName) === localName) out.push(element);
  }
  return out;
}

/** The first child element of that local name, following a path of names (null when one is missing). */
export function childAt(node: XmlNode | null | undefined, ...path: string[]): XmlElement | null {
  let current: XmlNode | null | undefined = node;
  for (const name of path) {
    current = childElements(current, name)[0];
    if (!current) return null;
  }
  return (current as XmlElement | null | undefined) ?? null;
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/**
 * A field of an element, as an attribute (the documents' own form: every field of
 * AcademicCertificateSchema is `xml: { attribute: true }`) or as a child element of that name (how
 * prism writes the same schema). Whitespace collapsed; empty → null.
 */
export function field(element: XmlElement | null, name: string): string | null {
  if (!element) return null;
  if (element.hasAttribute(name)) return clean(element.getAttribute(name)) || null;
  const child = childElements(element, name)[0];
  return child ? clean(child.textContent) || null : null;
}

/** DD-MM-YYYY (also DD/MM/YYYY) → yyyy-MM-dd; null when it is not a real date. */
export function isoDate(value: string | null): string | null {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
