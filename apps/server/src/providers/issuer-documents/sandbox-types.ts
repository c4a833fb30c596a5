/** The shapes of the sandboxes' records (sandbox-records.ts). */

export interface SandboxIssuer {
  /** DigiLocker's issuer id (the `issuerid` of issued documents, the prefix of their URIs). */
  digilockerId: string;
  /** API Setu's issuer id (the path segment of its API). */
  apisetuId: string;
  name: string;
  code: string;
  /** CG: central government body; SU: state university (the schema's Organization@type). */
  type: string;
  address: { line1: string; locality: string; vtc: string; district: string; pin: string; state: string };
}

export interface SandboxSubject {
  code: string;
  name: string;
  marksTheory?: number;
  marksPractical?: number;
  marksTotal?: number;
  marksMax?: number;
  grade: string;
}

export interface SandboxCertificate {
  /** DigiLocker's URI: `{issuerid}-{doctype}-{document id}`. */
  uri: string;
  doctype: 'SSCER' | 'HSCER' | 'DGCER';
  issuer: SandboxIssuer;
  /** DigiLocker's name and description of the document type. */
  title: string;
  /** The certificate's own name (Certificate@name). */
  certificateName: string;
  holder: {
    /** As the issuer wrote it (boards write capitals). */
    name: string;
    /** yyyy-MM-dd */
    dateOfBirth: string;
    gender: 'M' | 'F' | 'T';
    fatherName: string;
    motherName: string;
  };
  /** Roll number (boards) or registration number (universities): Certificate@number. */
  rollNumber: string;
  year: string;
  month: string;
  examination: string;
  school: { name: string; code: string };
  result: string;
  cgpa?: string;
  cgpaMax?: string;
  percentage?: string;
  subjects: SandboxSubject[];
  /** yyyy-MM-dd: the result and the issue date. */
  issuedOn: string;
}

export interface SandboxEaadhaar {
  /** 12 digits (fictitious, Verhoeff-valid). Only the sandbox's XML carries it. */
  uid: string;
  careOf: string;
  house: string;
  street: string;
  landmark: string;
  locality: string;
  vtc: string;
  district: string;
  state: string;
  pincode: string;
}

export interface SandboxAccount {
  /** 10 digits: what the sandbox's sign-in page asks. */
  mobile: string;
  pin: string;
  /** DigiLocker's 36-character account id. */
  digilockerId: string;
  name: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  gender: 'M' | 'F' | 'T';
  eaadhaar: SandboxEaadhaar | null;
  certificates: SandboxCertificate[];
}
