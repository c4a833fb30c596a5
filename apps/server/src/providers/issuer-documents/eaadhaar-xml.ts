import type { EaadhaarRecord } from './issuer-document.js';
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

/** The e-Aadhaar XML cannot be used. Its message never contains anything of the document. */
export class EaadhaarXmlError extends IssuerXmlError {
  override readonly name = 'EaadhaarXmlError';
}

function kycRes(doc: XmlDocument): XmlElement {
  const root = doc.documentElement;
  if ((root.localName ?? root.nodeName) === 'KycRes') return root;
  const wrapped = childElements(root, 'KycRes');
  if (wrapped.length === 1) return wrapped[0]!;
  throw new EaadhaarXmlError('The XML is not an e-Aadhaar (no KycRes)');
}

function gender(value: string | null): EaadhaarRecord['gender'] {
  const g = (value ?? '').trim().toUpperCase();
  if (g === 'M' || g === 'MALE') return 'M';
  if (g === 'F' || g === 'FEMALE') return 'F';
  if (g === 'T' || g === 'TRANSGENDER') return 'T';
  throw new EaadhaarXmlError('The e-Aadhaar gives no gender this product knows');
}

/**
 * Reads DigiLocker's e-Aadhaar XML (`EaadharXamlSchema` in authpartner.json: KycRes/UidData with the
 * `uid`, Poi's name, dob and gender, Poa's address) into an EaadhaarRecord. Under the Aadhaar rules
 * only the LAST 4 digits of the number leave this function: the number is in no returned value and no
 * error (errors are fixed texts), and a record that would repeat it anywhere is refused. A date of
 * birth that is not a full DD-MM-YYYY (UIDAI has year-only ones) is refused rather than invented.
 */
export function parseEaadhaarXml(
  xml: string,
  /** Keys the number into the product's Aadhaar HMAC when the uid is whole (a masked one gives null). */
  options: { hashNumber?: (digits: string) => string } = {},
): EaadhaarRecord {
  const doc = parseXmlDocument(xml, EaadhaarXmlError);
  const res = kycRes(doc);
  const ret = field(res, 'ret');
  if (ret && ret.toUpperCase() !== 'Y') throw new EaadhaarXmlError('The e-Aadhaar response is a failure');
  const uidData = childAt(res, 'UidData');
  const uid = (field(uidData, 'uid') ?? '').replace(/[\s-]/g, '');
  const last4 = /(\d{4})$/.exec(uid)?.[1];
  if (!last4 || !/^(\d{12}|[xX*]{8}\d{4})$/.test(uid))
    throw new EaadhaarXmlError('The e-Aadhaar has no Aadhaar number');
  const poi = childAt(uidData, 'Poi');
  const poa = childAt(uidData, 'Poa');
  const name = field(poi, 'name');
  if (!name) throw new EaadhaarXmlError('The e-Aadhaar has no name');
  const dateOfBirth = isoDate(field(poi, 'dob'));
  if (!dateOfBirth) throw new EaadhaarXmlError('The e-Aadhaar has no full date of birth');
  const record: EaadhaarRecord = {
    name,
    dateOfBirth,
    gender: gender(field(poi, 'gender')),
    last4,
    address: {
      house: field(poa, 'house') ?? '',
      street: field(poa, 'street') ?? field(poa, 'lm') ?? '',
      locality: field(poa, 'loc') ?? field(poa, 'vtc') ?? '',
      district: field(poa, 'dist') ?? '',
      state: field(poa, 'state') ?? '',
      pincode: field(poa, 'pc') ?? '',
    },
  };
  // The full number must not come out through any field (a document that copies it into the address).
  if (/^\d{12}$/.test(uid)) {
    const spaced = `${uid.slice(0, 4)} ${uid.slice(4, 8)} ${uid.slice(8)}`;
    const text = JSON.stringify(record);
    if (text.includes(uid) || text.includes(spaced))
      throw new EaadhaarXmlError('The e-Aadhaar repeats its number outside the uid');
  }
  record.numberHash = /^\d{12}$/.test(uid) && options.hashNumber ? options.hashNumber(uid) : null;
  return record;
}
