/**
 * An issuer's certificate as the product reads it (issue 26): the fields of DigiLocker's and API
 * Setu's certificate XML (the `Certificate` element of `XMLFormatSchema` in DigiLocker's authpartner.json,
 * `AcademicCertificateSchema` in API Setu's documents) that a verification compares with its form.
 */
export interface IssuerCertificate {
  /** DigiLocker's document type: SSCER (Class X marksheet), HSCER (Class XII marksheet), DGCER (degree). */
  doctype: string;
  issuer: { id: string; name: string };
  person: {
    name: string;
    /** yyyy-MM-dd, when the certificate says it. */
    dateOfBirth: string | null;
  };
  /** Roll or registration number. */
  rollNumber: string | null;
  /** The year of passing (yyyy). */
  year: string | null;
  /** The examination or the degree's name (e.g. "SECONDARY SCHOOL EXAMINATION", "B.Tech Computer Science"). */
  examination: string | null;
  /** The school or college, when named. */
  school: string | null;
  /** The state of the school or the issuer's address, when given. */
  state: string | null;
  /** Result line: "PASS", a division, a CGPA or a percentage, as the issuer wrote it. */
  result: string | null;
  /** When the issuer issued it (yyyy-MM-dd), when given. */
  issuedOn: string | null;
}

/** What checking an XML document's signature against the trust anchors found. */
export interface SignatureCheck {
  valid: boolean;
  /** The signer's certificate subject (CN), when the signature names one. */
  signer: string | null;
  /** Why it is not valid: 'unsigned' | 'untrusted' | 'invalid' (digest or signature wrong). */
  reason: 'unsigned' | 'untrusted' | 'invalid' | null;
}

/** An e-Aadhaar XML, read without keeping the number: only its last 4 digits leave the parser. */
export interface EaadhaarRecord {
  name: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  gender: 'M' | 'F' | 'T';
  last4: string;
  /** The number's keyed hash (the product's Aadhaar HMAC) when the uid was whole; null when masked. */
  numberHash?: string | null;
  address: {
    house: string;
    street: string;
    locality: string;
    district: string;
    state: string;
    pincode: string;
  };
}
