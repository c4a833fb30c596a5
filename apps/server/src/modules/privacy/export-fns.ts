import { EXPORT_FORMAT } from '@veridocs/shared';

/** The archive's name for a day: `veridocs-data-2030-01-15.zip`. */
export const exportFileName = (at: Date): string => `veridocs-data-${at.toISOString().slice(0, 10)}.zip`;

/**
 * A stored name made safe as one segment of a path inside the archive: no folder separators, no
 * control characters, no leading dots (nothing an unzip tool could take for a path outside its folder).
 */
export function archiveSegment(name: string): string {
  const safe = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return safe === '' ? 'file' : safe;
}

/** Where a document's bytes go inside the archive: its id keeps two files of one name apart. */
export const documentPath = (id: string, name: string): string =>
  `files/documents/${id}-${archiveSegment(name)}`;

/** Where a request's verification report goes inside the archive. */
export const reportPath = (code: string): string => `files/reports/${archiveSegment(code)}.pdf`;

/** README.txt: what each part of the archive is (English, plain text). */
export function exportReadme(exportedAt: Date): string {
  return [
    'Your data from Veridocs',
    '=======================',
    '',
    `Exported ${exportedAt.toISOString()} at your request (your right of access and to a copy of your`,
    'data, Digital Personal Data Protection Act 2023). It holds everything Veridocs keeps about you.',
    '',
    `data.json  Machine-readable (JSON, UTF-8), format "${EXPORT_FORMAT}". Its parts:`,
    '  profile        your account: name, mobile, date of birth, address, language, Aadhaar',
    '                 verification (only the last 4 digits are kept, never the number)',
    '  requests       each verification request: the organisation, the form, its state, your',
    '                 answers, and each verification with the data you entered, what the checks',
    '                 found and its state',
    '  documents      every file you uploaded or that was fetched for you (DigiLocker, API Setu):',
    '                 name, type, size, SHA-256, the checks\' result; "path" is the file in this',
    '                 archive (null if the file was no longer stored)',
    '  reports        the verification reports made from your requests; "path" is the PDF',
    '  consents       your consent ledger entries: each consent, refusal and withdrawal, per',
    '                 purpose, with the hash of the exact notice you read (its text is in',
    '                 "notices") and the chain hashes that make tampering detectable',
    '  notices        the texts of the privacy notices your consents refer to',
    '  disclosures    who received your data (organisations, partners, institutions, issuers),',
    '                 what and when',
    '  credentials    the verifiable credentials in your wallet, with their signed JWTs',
    '  payments       your payments (amounts in the smallest unit of the currency, e.g. paise),',
    '                 their status and dates, and any refunds',
    '  notifications  the messages shown to you in the app',
    '  chat           your support chat with the team',
    '  nameChanges    your requests to change your name on a verification',
    '  issuerPulls    the documents fetched from their issuers (DigiLocker, API Setu) as received',
    '  erasure        your erasure request, if you made one (null otherwise)',
    '',
    'files/documents/  your documents, each named <its id>-<its name>',
    'files/reports/    the verification reports, each named <report code>.pdf',
    '',
    'Dates and times are in UTC (ISO 8601). To correct or erase your data, or to complain, use the',
    '"Your data" section of your profile in the Veridocs wallet.',
    '',
  ].join('\n');
}
