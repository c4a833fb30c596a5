import { sandboxIssuerKeys } from './sandbox-issuer.js';
import { renderCertificatePdf } from './sandbox-pdf.js';
import type {
  SandboxAccount,
  SandboxCertificate,
  SandboxEaadhaar,
  SandboxIssuer,
  SandboxSubject,
} from './sandbox-types.js';
import { signXml } from './xml-signature.js';

export type { SandboxAccount, SandboxCertificate, SandboxEaadhaar, SandboxIssuer, SandboxSubject };

/**
 * The fictitious people of the DigiLocker and API Setu sandboxes (README "DigiLocker and API Setu
 * sandboxes"): their DigiLocker accounts (mobile number and PIN), the certificates their issuers
 * published, and an e-Aadhaar. Every document is made from these records on first use: XML in the
 * issuers' Certificate format, signed with the sandbox issuer key, and a PDF copy with the same data.
 * No real person, school roll or Aadhaar number is meant; the Aadhaar number passes the Verhoeff check
 * only so that the product's rules accept it.
 */

export const SANDBOX_ISSUERS = {
  cbse: {
    digilockerId: 'in.gov.cbse',
    apisetuId: 'cbse',
    name: 'Central Board of Secondary Education',
    code: 'CBSE',
    type: 'CG',
    address: {
      line1: 'Shiksha Kendra, 2, Community Centre',
      locality: 'Preet Vihar',
      vtc: 'Delhi',
      district: 'East Delhi',
      pin: '110092',
      state: 'Delhi',
    },
  },
  bput: {
    digilockerId: 'in.ac.bput',
    apisetuId: 'bput',
    name: 'Biju Patnaik University of Technology, Odisha',
    code: 'BPUT',
    type: 'SU',
    address: {
      line1: 'Chhend Colony',
      locality: 'Chhend',
      vtc: 'Rourkela',
      district: 'Sundargarh',
      pin: '769015',
      state: 'Odisha',
    },
  },
} as const satisfies Record<string, SandboxIssuer>;

const CBSE_X_SUBJECTS: SandboxSubject[] = [
  { code: '184', name: 'ENGLISH LNG & LIT.', grade: 'A1' },
  { code: '002', name: 'HINDI COURSE-A', grade: 'A2' },
  { code: '041', name: 'MATHEMATICS', grade: 'A1' },
  { code: '086', name: 'SCIENCE', grade: 'A1' },
  { code: '087', name: 'SOCIAL SCIENCE', grade: 'A2' },
];

function cbseTenth(input: {
  name: string;
  dateOfBirth: string;
  gender: 'M' | 'F';
  fatherName: string;
  motherName: string;
  rollNumber: string;
  year: string;
  school: { name: string; code: string };
  cgpa: string;
  issuedOn: string;
}): SandboxCertificate {
  return {
    uri: `in.gov.cbse-SSCER-${input.year}${input.rollNumber}`,
    doctype: 'SSCER',
    issuer: SANDBOX_ISSUERS.cbse,
    title: 'Class X Marksheet',
    certificateName: 'Secondary School Certificate',
    holder: {
      name: input.name,
      dateOfBirth: input.dateOfBirth,
      gender: input.gender,
      fatherName: input.fatherName,
      motherName: input.motherName,
    },
    rollNumber: input.rollNumber,
    year: input.year,
    month: 'MARCH',
    examination: 'SECONDARY SCHOOL EXAMINATION',
    school: input.school,
    result: 'PASS',
    cgpa: input.cgpa,
    cgpaMax: '10',
    subjects: CBSE_X_SUBJECTS,
    issuedOn: input.issuedOn,
  };
}

function cbseTwelfth(input: {
  name: string;
  dateOfBirth: string;
  gender: 'M' | 'F';
  fatherName: string;
  motherName: string;
  rollNumber: string;
  year: string;
  school: { name: string; code: string };
  marks: [number, number, number, number, number];
  issuedOn: string;
}): SandboxCertificate {
  const names: [string, string][] = [
    ['301', 'ENGLISH CORE'],
    ['041', 'MATHEMATICS'],
    ['042', 'PHYSICS'],
    ['043', 'CHEMISTRY'],
    ['083', 'COMPUTER SCIENCE'],
  ];
  const grade = (m: number) => (m >= 91 ? 'A1' : m >= 81 ? 'A2' : m >= 71 ? 'B1' : m >= 61 ? 'B2' : 'C1');
  const subjects = names.map(([code, name], i) => {
    const total = input.marks[i]!;
    const practical = code === '301' || code === '041' ? 20 : 28;
    return {
      code,
      name,
      marksTheory: total - practical,
      marksPractical: practical,
      marksTotal: total,
      marksMax: 100,
      grade: grade(total),
    };
  });
  const sum = input.marks.reduce((a, b) => a + b, 0);
  return {
    uri: `in.gov.cbse-HSCER-${input.year}${input.rollNumber}`,
    doctype: 'HSCER',
    issuer: SANDBOX_ISSUERS.cbse,
    title: 'Class XII Marksheet',
    certificateName: 'Senior School Certificate',
    holder: {
      name: input.name,
      dateOfBirth: input.dateOfBirth,
      gender: input.gender,
      fatherName: input.fatherName,
      motherName: input.motherName,
    },
    rollNumber: input.rollNumber,
    year: input.year,
    month: 'MARCH',
    examination: 'SENIOR SCHOOL CERTIFICATE EXAMINATION',
    school: input.school,
    result: 'PASS',
    percentage: (sum / 5).toFixed(1),
    subjects,
    issuedOn: input.issuedOn,
  };
}

const DWARKA_SCHOOL = { name: 'NAVJYOTI PUBLIC SCHOOL, DWARKA, NEW DELHI', code: '27145' };

export const SANDBOX_ACCOUNTS: readonly SandboxAccount[] = [
  {
    mobile: '9000000001',
    pin: '123456',
    digilockerId: 'a3c1f0de-5b1e-4c7a-9d2e-000000000001',
    name: 'Asha Verma',
    dateOfBirth: '1994-08-15',
    gender: 'F',
    eaadhaar: {
      uid: '567812384821',
      careOf: 'D/O Rakesh Verma',
      house: 'B-42',
      street: 'Sector 6',
      landmark: 'Near Sector 6 Market',
      locality: 'Dwarka',
      vtc: 'New Delhi',
      district: 'South West Delhi',
      state: 'Delhi',
      pincode: '110075',
    },
    certificates: [
      cbseTenth({
        name: 'ASHA VERMA',
        dateOfBirth: '1994-08-15',
        gender: 'F',
        fatherName: 'RAKESH VERMA',
        motherName: 'SUNITA VERMA',
        rollNumber: '1100040',
        year: '2017',
        school: DWARKA_SCHOOL,
        cgpa: '9.4',
        issuedOn: '2017-06-03',
      }),
      cbseTwelfth({
        name: 'ASHA VERMA',
        dateOfBirth: '1994-08-15',
        gender: 'F',
        fatherName: 'RAKESH VERMA',
        motherName: 'SUNITA VERMA',
        rollNumber: '2200451',
        year: '2019',
        school: DWARKA_SCHOOL,
        marks: [94, 92, 88, 90, 97],
        issuedOn: '2019-05-02',
      }),
      {
        uri: 'in.ac.bput-DGCER-1901106123',
        doctype: 'DGCER',
        issuer: SANDBOX_ISSUERS.bput,
        title: 'Degree Certificate',
        certificateName: 'Degree Certificate',
        holder: {
          name: 'Asha Verma',
          dateOfBirth: '1994-08-15',
          gender: 'F',
          fatherName: 'Rakesh Verma',
          motherName: 'Sunita Verma',
        },
        rollNumber: '1901106123',
        year: '2023',
        month: 'JULY',
        examination: 'BACHELOR OF TECHNOLOGY (COMPUTER SCIENCE AND ENGINEERING)',
        school: { name: 'SURYODAYA COLLEGE OF ENGINEERING, BHUBANESWAR', code: 'BPUT-0142' },
        result: 'FIRST CLASS WITH DISTINCTION',
        cgpa: '8.62',
        cgpaMax: '10',
        subjects: [],
        issuedOn: '2023-09-15',
      },
    ],
  },
  {
    mobile: '9000000002',
    pin: '123456',
    digilockerId: 'a3c1f0de-5b1e-4c7a-9d2e-000000000002',
    name: 'Rohan Mehta',
    dateOfBirth: '2000-09-23',
    gender: 'M',
    eaadhaar: null,
    certificates: [
      cbseTenth({
        name: 'ROHAN MEHTA',
        dateOfBirth: '2000-09-23',
        gender: 'M',
        fatherName: 'VIKRAM MEHTA',
        motherName: 'ANJALI MEHTA',
        rollNumber: '1100123',
        year: '2016',
        school: { name: 'LAKEVIEW SENIOR SECONDARY SCHOOL, JAIPUR', code: '10482' },
        cgpa: '8.8',
        issuedOn: '2016-05-28',
      }),
      cbseTwelfth({
        name: 'ROHAN MEHTA',
        dateOfBirth: '2000-09-23',
        gender: 'M',
        fatherName: 'VIKRAM MEHTA',
        motherName: 'ANJALI MEHTA',
        rollNumber: '2200987',
        year: '2018',
        school: { name: 'LAKEVIEW SENIOR SECONDARY SCHOOL, JAIPUR', code: '10482' },
        marks: [82, 76, 71, 79, 85],
        issuedOn: '2018-05-26',
      }),
    ],
  },
  {
    mobile: '9000000003',
    pin: '123456',
    digilockerId: 'a3c1f0de-5b1e-4c7a-9d2e-000000000003',
    // The account holds the initial; the board wrote the middle name in full (the name rule's case).
    name: 'Priya K. Nair',
    dateOfBirth: '1999-11-05',
    gender: 'F',
    eaadhaar: null,
    certificates: [
      cbseTenth({
        name: 'PRIYA KRISHNAN NAIR',
        dateOfBirth: '1999-11-05',
        gender: 'F',
        fatherName: 'KRISHNAN NAIR',
        motherName: 'LATHA NAIR',
        rollNumber: '1100555',
        year: '2015',
        school: { name: "ST. ANNE'S CONVENT SCHOOL, KOCHI", code: '75021' },
        cgpa: '9.0',
        issuedOn: '2015-05-28',
      }),
    ],
  },
  {
    mobile: '9000000004',
    pin: '123456',
    digilockerId: 'a3c1f0de-5b1e-4c7a-9d2e-000000000004',
    name: 'Neha Gupta',
    dateOfBirth: '1998-01-30',
    gender: 'F',
    eaadhaar: null,
    certificates: [],
  },
];

/** The account of a mobile number (the last 10 digits of what was typed). */
export function sandboxAccountByMobile(mobile: string): SandboxAccount | undefined {
  const digits = mobile.replace(/\D/g, '').slice(-10);
  return SANDBOX_ACCOUNTS.find((a) => a.mobile === digits);
}

export function sandboxAccountById(digilockerId: string): SandboxAccount | undefined {
  return SANDBOX_ACCOUNTS.find((a) => a.digilockerId === digilockerId);
}

/** API Setu's lookup: issuer, doctype, roll (or registration) number and year. */
export function findSandboxCertificate(query: {
  apisetuIssuerId: string;
  doctype: string;
  rollNumber: string;
  year: string;
}): SandboxCertificate | undefined {
  for (const account of SANDBOX_ACCOUNTS)
    for (const certificate of account.certificates)
      if (
        certificate.issuer.apisetuId === query.apisetuIssuerId &&
        certificate.doctype === query.doctype.toUpperCase() &&
        certificate.rollNumber === query.rollNumber.trim() &&
        certificate.year === query.year.trim()
      )
        return certificate;
  return undefined;
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** yyyy-MM-dd → DD-MM-YYYY, the issuers' dates. */
export const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .map(([k, v]) => ` ${k}="${escapeXml(v === undefined ? '' : String(v))}"`)
    .join('');
}

/** The certificate in the issuers' Certificate format (AcademicCertificateSchema), unsigned. */
export function certificateXmlUnsigned(c: SandboxCertificate): string {
  const a = c.issuer.address;
  const subjects = c.subjects
    .map(
      (s) =>
        `<Subject${attributes({
          name: s.name,
          code: s.code,
          marksTheory: s.marksTheory,
          marksMaxTheory:
            s.marksTheory === undefined ? undefined : (s.marksMax ?? 100) - (s.marksPractical ?? 0),
          marksPractical: s.marksPractical,
          marksMaxPractical: s.marksPractical,
          marksTotal: s.marksTotal,
          marksMax: s.marksMax,
          gp: '',
          gpMax: '',
          grade: s.grade,
        })}/>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<Certificate${attributes({
      language: '99',
      name: c.certificateName,
      type: c.doctype,
      number: c.rollNumber,
      issuedAt: a.vtc,
      issueDate: ddmmyyyy(c.issuedOn),
      validFromDate: ddmmyyyy(c.issuedOn),
      status: 'A',
    })}>` +
    `<IssuedBy><Organization${attributes({ name: c.issuer.name, code: c.issuer.code, tin: '', uid: '', type: c.issuer.type })}>` +
    `<Address${attributes({ type: 'permanent', line1: a.line1, line2: '', house: '', landmark: '', locality: a.locality, vtc: a.vtc, district: a.district, pin: a.pin, state: a.state, country: 'IN' })}/>` +
    '</Organization></IssuedBy>' +
    `<IssuedTo><Person${attributes({
      uid: '',
      title: '',
      name: c.holder.name,
      dob: ddmmyyyy(c.holder.dateOfBirth),
      swd: c.holder.fatherName,
      swdIndicator: c.holder.gender === 'F' ? 'D' : 'S',
      motherName: c.holder.motherName,
      gender: c.holder.gender,
      maritalStatus: '',
      disabilityStatus: '',
      category: '',
      religion: '',
      phone: '',
      email: '',
    })}/></IssuedTo>` +
    '<CertificateData>' +
    `<School${attributes({ name: c.school.name, code: c.school.code })}/>` +
    `<Examination${attributes({ name: c.examination, month: c.month, year: c.year })}/>` +
    `<Performance${attributes({
      result: c.result,
      marksTotal: '',
      marksMax: '',
      percentage: c.percentage ?? '',
      cgpa: c.cgpa ?? '',
      cgpaMax: c.cgpaMax ?? '',
      grade: '',
      resultDate: ddmmyyyy(c.issuedOn),
      updateDate: '',
    })}>` +
    (subjects ? `<Subjects>${subjects}</Subjects>` : '') +
    '</Performance></CertificateData></Certificate>'
  );
}

/** A 1×1 grey PNG: the e-Aadhaar's photo (`Pht`) placeholder. */
const PHOTO_PLACEHOLDER =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEANl9ngAAAAABJRU5ErkJggg==';

/** The e-Aadhaar of DigiLocker's `/oauth2/2/xml/eaadhaar` (EaadharXamlSchema's KycRes), unsigned. */
export function eaadhaarXmlUnsigned(account: SandboxAccount, e: SandboxEaadhaar): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<KycRes${attributes({ code: 'sandbox-kyc', ret: 'Y', ts: '2024-01-15T10:00:00.000+05:30', ttl: '2034-01-15T10:00:00', txn: 'sandbox-eaadhaar' })}>` +
    '<Rar>U0FOREJPWA==</Rar>' +
    `<UidData${attributes({ tkn: 'sandbox', uid: e.uid })}>` +
    `<Poi${attributes({ dob: ddmmyyyy(account.dateOfBirth), gender: account.gender, name: account.name })}/>` +
    `<Poa${attributes({ co: e.careOf, country: 'India', dist: e.district, house: e.house, lm: e.landmark, loc: e.locality, pc: e.pincode, state: e.state, street: e.street, vtc: e.vtc })}/>` +
    `<Pht>${PHOTO_PLACEHOLDER}</Pht>` +
    '</UidData></KycRes>'
  );
}

const signedCache = new Map<string, string>();
const pdfCache = new Map<string, Promise<Buffer>>();

/** The certificate's XML, signed with the sandbox issuer key (made once per process). */
export function sandboxCertificateXml(certificate: SandboxCertificate): string {
  let xml = signedCache.get(certificate.uri);
  if (!xml) {
    xml = signXml(certificateXmlUnsigned(certificate), sandboxIssuerKeys());
    signedCache.set(certificate.uri, xml);
  }
  return xml;
}

/** The account's e-Aadhaar XML, signed with the sandbox key; null when the account has none. */
export function sandboxEaadhaarXml(account: SandboxAccount): string | null {
  if (!account.eaadhaar) return null;
  const key = `eaadhaar:${account.digilockerId}`;
  let xml = signedCache.get(key);
  if (!xml) {
    xml = signXml(eaadhaarXmlUnsigned(account, account.eaadhaar), sandboxIssuerKeys());
    signedCache.set(key, xml);
  }
  return xml;
}

/** The certificate's PDF copy (the same data; made once per process). */
export function sandboxCertificatePdf(certificate: SandboxCertificate): Promise<Buffer> {
  let pdf = pdfCache.get(certificate.uri);
  if (!pdf) {
    pdf = renderCertificatePdf(certificate);
    pdfCache.set(certificate.uri, pdf);
    void pdf.catch(() => pdfCache.delete(certificate.uri));
  }
  return pdf;
}
