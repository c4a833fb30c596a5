import {
  INDIAN_STATES,
  SOURCE_DOCTYPES,
  matchPersonName,
  verificationTypeOf,
  type FieldComparison,
  type IssuedDocumentView,
} from '@veridocs/shared';
import type { IssuedDocument } from '../../providers/digilocker/digilocker-provider.js';
import type { IssuerCertificate, SignatureCheck } from '../../providers/issuer-documents/issuer-document.js';

/** What DigiLocker calls each document type, as the consent screen and the comparison name them. */
export const DOCTYPE_NAMES: Readonly<Record<string, string>> = {
  SSCER: 'Class X marksheet',
  SPCER: 'Class X passing certificate',
  HSCER: 'Class XII marksheet',
  HPCER: 'Class XII passing certificate',
  DGCER: 'Degree certificate',
  ADHAR: 'Aadhaar (e-Aadhaar)',
};

/** DigiLocker's e-Aadhaar as the documents list shows it (the account has one: `eaadhaar` Y). */
export const EAADHAAR_DOCUMENT = {
  uri: 'eaadhaar',
  name: 'Aadhaar (e-Aadhaar)',
  doctype: 'ADHAR',
  description: 'e-Aadhaar',
  issuerId: 'in.gov.uidai',
  issuer: 'Unique Identification Authority of India',
  date: '',
  mime: ['application/xml'],
} as const;

/**
 * The e-Aadhaar against the candidate (issue 26): signed by a trusted key, the name by the rule of ADR
 * 0045, the date of birth when the profile has one.
 */
export function compareEaadhaar(
  record: { name: string; dateOfBirth: string },
  signature: SignatureCheck,
  candidate: { name: string; dateOfBirth: string | null },
): Comparison {
  const name = matchPersonName(record.name, candidate.name);
  const fields: FieldComparison[] = [
    {
      field: 'signature',
      label: "Issuer's signature",
      expected: 'Signed by the issuer',
      found: signature.valid ? `Signed by ${signature.signer ?? 'UIDAI'}` : 'The signature does not hold',
      matches: signature.valid,
    },
    { field: 'name', label: 'Name', expected: candidate.name, found: record.name, matches: name.matched },
  ];
  if (candidate.dateOfBirth)
    fields.push({
      field: 'dateOfBirth',
      label: 'Date of birth',
      expected: candidate.dateOfBirth,
      found: record.dateOfBirth,
      matches: candidate.dateOfBirth === record.dateOfBirth,
    });
  const matched = fields.every((f) => f.matches);
  return {
    matched,
    nameMismatch: !name.matched && fields.every((f) => f.matches || f.field === 'name'),
    fields,
  };
}

export const doctypeName = (doctype: string) => DOCTYPE_NAMES[doctype] ?? doctype;

/** The document types a verification accepts ([] when no source can verify it). */
export function doctypesFor(verificationName: string): readonly string[] {
  return SOURCE_DOCTYPES[verificationTypeOf(verificationName)] ?? [];
}

/** The issued documents as the candidate sees them: fitting ones first, the best preselected (one with XML). */
export function documentsView(
  issued: readonly IssuedDocument[],
  verificationName: string,
): { documents: IssuedDocumentView[]; preselectedUri: string | null } {
  const accepted = doctypesFor(verificationName);
  const rank = (d: IssuedDocument) =>
    (accepted.includes(d.doctype) ? 0 : 2) +
    (d.mime.includes('application/xml') ? 0 : 1) +
    // The marksheet before the passing certificate: the order SOURCE_DOCTYPES lists them in.
    Math.max(accepted.indexOf(d.doctype), 0) / 10;
  const sorted = [...issued].sort((a, b) => rank(a) - rank(b));
  const documents = sorted.map((d) => ({
    uri: d.uri,
    name: d.name,
    issuer: d.issuer,
    doctype: d.doctype,
    date: d.date,
    fits: accepted.includes(d.doctype),
  }));
  return { documents, preselectedUri: documents.find((d) => d.fits)?.uri ?? null };
}

/** Roll numbers as issuers and candidates write them: no spaces, dashes or slashes, any case. */
const normaliseId = (value: string) =>
  // Stryker disable next-line MethodExpression: upper or lower case alike, both sides are folded the same
  value.replace(/[\s\-/.]/g, '').toUpperCase();

const typed = (data: Record<string, unknown>, field: string): string | null => {
  const value = data[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** The form field holding the roll or registration number of a verification type. */
const ROLL_FIELD: Readonly<Record<string, string>> = {
  'bgv-tenth': 'rollNumber',
  'bgv-twelfth': 'rollNumber',
  'bgv-degree': 'instituteId',
};

/** The roll or registration number the candidate typed for a verification, or null. */
export function rollNumberOf(verificationName: string, data: Record<string, unknown>): string | null {
  const field = ROLL_FIELD[verificationTypeOf(verificationName)];
  return field ? typed(data, field) : null;
}

export interface Comparison {
  matched: boolean;
  nameMismatch: boolean;
  fields: FieldComparison[];
}

/**
 * The issuer's document against the verification (issue 26): the document type fits, the signature
 * holds, the person is the candidate (their verified name by the rule of ADR 0045, their date of birth
 * when both know it), and the roll number and year the candidate typed, if any, are the issuer's. A
 * field the candidate left empty is not a mismatch: the issuer's value fills it.
 */
export function compareCertificate(
  cert: IssuerCertificate,
  signature: SignatureCheck,
  target: { name: string; data: Record<string, unknown> },
  candidate: { name: string; dateOfBirth: string | null },
): Comparison {
  const type = verificationTypeOf(target.name);
  const accepted = doctypesFor(target.name);
  const fields: FieldComparison[] = [];
  fields.push({
    field: 'doctype',
    label: 'Document',
    expected: accepted.map(doctypeName).join(' or ') || null,
    found: doctypeName(cert.doctype),
    matches: accepted.includes(cert.doctype),
  });
  fields.push({
    field: 'signature',
    label: "Issuer's signature",
    expected: 'Signed by the issuer',
    found: signature.valid
      ? `Signed by ${signature.signer ?? cert.issuer.name}`
      : signature.reason === 'unsigned'
        ? 'Not signed'
        : 'The signature does not hold',
    matches: signature.valid,
  });
  const name = matchPersonName(cert.person.name, candidate.name);
  fields.push({
    field: 'name',
    label: 'Name',
    expected: candidate.name,
    found: cert.person.name,
    matches: name.matched,
  });
  if (candidate.dateOfBirth && cert.person.dateOfBirth)
    fields.push({
      field: 'dateOfBirth',
      label: 'Date of birth',
      expected: candidate.dateOfBirth,
      found: cert.person.dateOfBirth,
      matches: candidate.dateOfBirth === cert.person.dateOfBirth,
    });
  const rollField = ROLL_FIELD[type];
  const rollTyped = rollField ? typed(target.data, rollField) : null;
  fields.push({
    field: 'rollNumber',
    label: type === 'bgv-degree' ? 'Registration or roll number' : 'Roll number',
    expected: rollTyped,
    found: cert.rollNumber,
    matches:
      cert.rollNumber !== null &&
      (rollTyped === null || normaliseId(rollTyped) === normaliseId(cert.rollNumber)),
  });
  const yearTyped = typed(target.data, 'passingYear');
  fields.push({
    field: 'year',
    label: 'Passing year',
    expected: yearTyped,
    found: cert.year,
    matches: cert.year !== null && (yearTyped === null || yearTyped === cert.year),
  });
  const matched = fields.every((f) => f.matches);
  const onlyName = !name.matched && fields.filter((f) => !f.matches).every((f) => f.field === 'name');
  return { matched, nameMismatch: onlyName, fields };
}

/** A state's name as the form's INDIAN_STATE options have it (case and spacing forgiven), or null. */
export function stateName(value: string | null): string | null {
  if (!value) return null;
  const want = value.replace(/\s+/g, ' ').trim().toLowerCase();
  return (
    INDIAN_STATES.find((s) => s.name.toLowerCase() === want || s.code.toLowerCase() === want)?.name ?? null
  );
}

/**
 * The form's values from the issuer's document (read-only for the candidate once completed): the
 * issuer's answers replace what was typed; what the document does not say keeps the typed value.
 * The candidate's name is the profile's (the server fills read-only fields), so it is not sent.
 */
export function formValuesFrom(
  verificationName: string,
  cert: IssuerCertificate,
  fileId: string,
  typedData: Record<string, unknown>,
): Record<string, unknown> {
  const type = verificationTypeOf(verificationName);
  const keep = (field: string) => typedData[field];
  if (type === 'bgv-degree')
    return {
      institute: { manual: true, name: cert.issuer.name },
      degreeName: cert.examination ?? keep('degreeName'),
      passingYear: cert.year,
      instituteId: cert.rollNumber,
      // The issuer's degree certificate stands for the documents; no marksheets are asked.
      degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET',
      supportingDocuments: [{ fileId }],
    };
  return {
    board: { manual: true, name: cert.issuer.name },
    schoolName: cert.school ?? keep('schoolName'),
    rollNumber: cert.rollNumber,
    passingYear: cert.year,
    state: stateName(cert.state) ?? keep('state'),
    marksheet: { fileId },
  };
}

/** The longest result line kept (a line of marks or a grade, never a document). */
export const MAX_RESULT_LENGTH = 200;

/**
 * What the verification's issuer mark keeps of the certificate beside its source: the result line
 * (marks, division, CGPA or PASS, as the issuer wrote it), spaces folded. The spec's education forms
 * have no marks field, so `formValuesFrom` leaves it out and the candidate sees it read-only with the
 * "Verified with the issuer" line.
 */
export function resultOf(cert: Pick<IssuerCertificate, 'result'>): { result?: string } {
  const line = cert.result?.replace(/\s+/g, ' ').trim().slice(0, MAX_RESULT_LENGTH);
  return line ? { result: line } : {};
}

/** An issuer as API Setu's provider lists it (only what the choice needs). */
export interface IssuerChoice {
  id: string;
  name: string;
  aliases: readonly string[];
  doctypes: readonly { verification: string; doctype: string }[];
}

/** Lower-case letters and digits, one space between words (brackets and punctuation are spaces too). */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** What a board or institute field holds: a reference id and its name, or what was typed. */
function referenceTexts(value: unknown): unknown[] {
  if (typeof value === 'string') return [value];
  const { value: id, name } = (value ?? {}) as Record<string, unknown>;
  return [id, name];
}

/** The field naming the issuer on each verification's form. */
const ISSUER_FIELD: Readonly<Record<string, string>> = {
  'bgv-tenth': 'board',
  'bgv-twelfth': 'board',
  'bgv-degree': 'institute',
};

/**
 * The issuer whose API answers this verification (API Setu, issue 26): one that has a doctype for the
 * verification type and whose id, name or an alias is what the candidate chose or typed (a reference
 * "Central Board of Secondary Education (CBSE)" names it in brackets). Null when none does.
 */
export function issuerFor<T extends IssuerChoice>(
  issuers: readonly T[],
  verificationName: string,
  data: Record<string, unknown>,
): { issuer: T; doctype: string } | null {
  const type = verificationTypeOf(verificationName);
  const field = ISSUER_FIELD[type];
  if (!field) return null;
  const typed = referenceTexts(data[field])
    .filter((t): t is string => typeof t === 'string')
    .map(words)
    .filter((t) => t !== '');
  for (const issuer of issuers) {
    const doctype = issuer.doctypes.find((d) => d.verification === type)?.doctype;
    if (!doctype) continue;
    const names = [issuer.id, issuer.name, ...issuer.aliases].map(words);
    // A name is the whole text or whole words of it ("Central Board of Secondary Education (CBSE)").
    const named = typed.some((t) => names.some((n) => ` ${t} `.includes(` ${n} `)));
    if (named) return { issuer, doctype };
  }
  return null;
}
