import { describe, expect, it } from 'vitest';
import type { IssuedDocument } from '../../providers/digilocker/digilocker-provider.js';
import type { IssuerCertificate, SignatureCheck } from '../../providers/issuer-documents/issuer-document.js';
import {
  EAADHAAR_DOCUMENT,
  compareEaadhaar,
  doctypeName,
  doctypesFor,
  compareCertificate,
  documentsView,
  formValuesFrom,
  issuerFor,
  MAX_RESULT_LENGTH,
  resultOf,
  rollNumberOf,
  stateName,
} from './sources-fns.js';

const cert = (over: Partial<IssuerCertificate> = {}): IssuerCertificate => ({
  doctype: 'SSCER',
  issuer: { id: 'cbse', name: 'Central Board of Secondary Education' },
  person: { name: 'ASHA VERMA', dateOfBirth: '2001-04-12' },
  rollNumber: '1100040',
  year: '2017',
  examination: 'SECONDARY SCHOOL EXAMINATION',
  school: 'Kendriya Vidyalaya, New Delhi',
  state: 'Delhi',
  result: 'PASS',
  issuedOn: '2017-05-28',
  ...over,
});
const signed: SignatureCheck = { valid: true, signer: 'CBSE Sandbox Issuer', reason: null };
const asha = { name: 'Asha Verma', dateOfBirth: '2001-04-12' };
const tenth = (data: Record<string, unknown> = {}) => ({ name: 'bgv-tenth', data });
const failing = (c: ReturnType<typeof compareCertificate>) =>
  c.fields.filter((f) => !f.matches).map((f) => f.field);

describe('compareCertificate', () => {
  it('matches the candidate’s own signed marksheet, filling what they left empty', () => {
    const c = compareCertificate(cert(), signed, tenth(), asha);
    expect(c.matched).toBe(true);
    expect(c.nameMismatch).toBe(false);
    expect(c.fields.find((f) => f.field === 'rollNumber')).toMatchObject({
      expected: null,
      found: '1100040',
    });
  });

  it('accepts typed values written differently but equal', () => {
    const c = compareCertificate(
      cert(),
      signed,
      tenth({ rollNumber: ' 11-00 040 ', passingYear: '2017' }),
      asha,
    );
    expect(c.matched).toBe(true);
  });

  it('names each field that differs and never matches another person', () => {
    expect(failing(compareCertificate(cert(), signed, tenth({ rollNumber: '1100041' }), asha))).toEqual([
      'rollNumber',
    ]);
    expect(failing(compareCertificate(cert(), signed, tenth({ passingYear: '2018' }), asha))).toEqual([
      'year',
    ]);
    const other = compareCertificate(
      cert({ person: { name: 'Rohan Mehta', dateOfBirth: null } }),
      signed,
      tenth(),
      asha,
    );
    expect(other).toMatchObject({ matched: false, nameMismatch: true });
    expect(
      failing(compareCertificate(cert(), signed, tenth(), { ...asha, dateOfBirth: '2001-04-13' })),
    ).toEqual(['dateOfBirth']);
  });

  it('refuses a document of another type, an unsigned or untrusted one, or one without a roll number', () => {
    expect(failing(compareCertificate(cert({ doctype: 'HSCER' }), signed, tenth(), asha))).toEqual([
      'doctype',
    ]);
    const unsigned: SignatureCheck = { valid: false, signer: null, reason: 'unsigned' };
    const c = compareCertificate(cert(), unsigned, tenth(), asha);
    expect(failing(c)).toEqual(['signature']);
    expect(c.fields.find((f) => f.field === 'signature')?.found).toBe('Not signed');
    expect(c.nameMismatch).toBe(false);
    expect(
      failing(compareCertificate(cert({ rollNumber: null, year: null }), signed, tenth(), asha)),
    ).toEqual(['rollNumber', 'year']);
  });

  it('compares the degree’s registration number with instituteId', () => {
    const degree = cert({ doctype: 'DGCER', rollNumber: 'AKTU/2019/0451' });
    expect(
      compareCertificate(
        degree,
        signed,
        { name: 'bgv-degree~2', data: { instituteId: 'aktu20190451' } },
        asha,
      ).matched,
    ).toBe(true);
    expect(
      compareCertificate(degree, signed, { name: 'bgv-degree', data: { instituteId: 'X1' } }, asha).matched,
    ).toBe(false);
  });
});

describe('compareCertificate: what the candidate is shown', () => {
  it('lists every field with its label, what was expected and what the document says', () => {
    const c = compareCertificate(cert(), signed, tenth({ rollNumber: '1100040', passingYear: '2017' }), asha);
    expect(c.fields).toEqual([
      {
        field: 'doctype',
        label: 'Document',
        expected: 'Class X marksheet or Class X passing certificate',
        found: 'Class X marksheet',
        matches: true,
      },
      {
        field: 'signature',
        label: "Issuer's signature",
        expected: 'Signed by the issuer',
        found: 'Signed by CBSE Sandbox Issuer',
        matches: true,
      },
      { field: 'name', label: 'Name', expected: 'Asha Verma', found: 'ASHA VERMA', matches: true },
      {
        field: 'dateOfBirth',
        label: 'Date of birth',
        expected: '2001-04-12',
        found: '2001-04-12',
        matches: true,
      },
      { field: 'rollNumber', label: 'Roll number', expected: '1100040', found: '1100040', matches: true },
      { field: 'year', label: 'Passing year', expected: '2017', found: '2017', matches: true },
    ]);
  });

  it('names the documents by what they are, and a degree’s number as a registration number', () => {
    const field = (c: ReturnType<typeof compareCertificate>, name: string) =>
      c.fields.find((f) => f.field === name);
    const twelfth = compareCertificate(
      cert({ doctype: 'HPCER' }),
      signed,
      { name: 'bgv-twelfth', data: {} },
      asha,
    );
    expect(field(twelfth, 'doctype')).toMatchObject({
      expected: 'Class XII marksheet or Class XII passing certificate',
      found: 'Class XII passing certificate',
      matches: true,
    });
    expect(field(twelfth, 'rollNumber')?.label).toBe('Roll number');
    const degreeAsTwelfth = compareCertificate(
      cert({ doctype: 'DGCER' }),
      signed,
      { name: 'bgv-twelfth', data: {} },
      asha,
    );
    expect(field(degreeAsTwelfth, 'doctype')).toMatchObject({ found: 'Degree certificate', matches: false });
    const degree = compareCertificate(
      cert({ doctype: 'DGCER' }),
      signed,
      { name: 'bgv-degree', data: {} },
      asha,
    );
    expect(field(degree, 'doctype')).toMatchObject({ expected: 'Degree certificate', matches: true });
    expect(field(degree, 'rollNumber')?.label).toBe('Registration or roll number');
    // A type DigiLocker has no name for is shown as its code; a verification no source verifies expects none.
    const odd = compareCertificate(cert({ doctype: 'XYZCER' }), signed, { name: 'dl', data: {} }, asha);
    expect(field(odd, 'doctype')).toEqual({
      field: 'doctype',
      label: 'Document',
      expected: null,
      found: 'XYZCER',
      matches: false,
    });
  });

  it('says who signed, or why the signature does not count', () => {
    const found = (signature: SignatureCheck) =>
      compareCertificate(cert(), signature, tenth(), asha).fields.find((f) => f.field === 'signature')?.found;
    expect(found({ valid: true, signer: null, reason: null })).toBe(
      'Signed by Central Board of Secondary Education',
    );
    expect(found({ valid: false, signer: 'Someone', reason: 'untrusted' })).toBe(
      'The signature does not hold',
    );
    expect(found({ valid: false, signer: null, reason: 'invalid' })).toBe('The signature does not hold');
  });

  it('offers a name change only when the name is all that differs', () => {
    const rohan = cert({ person: { name: 'Rohan Mehta', dateOfBirth: null } });
    const c = compareCertificate(rohan, signed, tenth({ rollNumber: '999' }), asha);
    expect(failing(c)).toEqual(['name', 'rollNumber']);
    expect(c.nameMismatch).toBe(false);
  });

  it('takes a blank typed value as empty, and a typed one without its spaces', () => {
    const c = compareCertificate(cert(), signed, tenth({ rollNumber: '   ', passingYear: ' 2017 ' }), asha);
    expect(c.matched).toBe(true);
    expect(c.fields.find((f) => f.field === 'rollNumber')?.expected).toBeNull();
    expect(c.fields.find((f) => f.field === 'year')?.expected).toBe('2017');
  });

  it('compares the roll number of a Class XII marksheet too', () => {
    const twelfth = (data: Record<string, unknown>) => ({ name: 'bgv-twelfth', data });
    const hscer = cert({ doctype: 'HSCER' });
    expect(compareCertificate(hscer, signed, twelfth({ rollNumber: '1100040' }), asha).matched).toBe(true);
    expect(failing(compareCertificate(hscer, signed, twelfth({ rollNumber: '1100041' }), asha))).toEqual([
      'rollNumber',
    ]);
  });
});

describe('rollNumberOf', () => {
  it('reads the field each type keeps its number in, trimmed', () => {
    expect(rollNumberOf('bgv-tenth', { rollNumber: ' 1100040 ' })).toBe('1100040');
    expect(rollNumberOf('bgv-twelfth~2', { rollNumber: '1100040' })).toBe('1100040');
    expect(rollNumberOf('bgv-degree', { rollNumber: '1', instituteId: 'AKTU/2019/0451' })).toBe(
      'AKTU/2019/0451',
    );
  });
  it('is null when nothing usable was typed, or the type has no number', () => {
    expect(rollNumberOf('bgv-tenth', {})).toBeNull();
    expect(rollNumberOf('bgv-tenth', { rollNumber: '  ' })).toBeNull();
    expect(rollNumberOf('bgv-tenth', { rollNumber: 1100040 })).toBeNull();
    expect(rollNumberOf('dl', { rollNumber: '1100040' })).toBeNull();
  });
});

describe('documentsView', () => {
  const doc = (
    doctype: string,
    uri: string,
    mime = ['application/pdf', 'application/xml'],
  ): IssuedDocument => ({
    uri,
    name: doctype,
    doctype,
    description: doctype,
    issuerId: 'cbse',
    issuer: 'CBSE',
    date: '28-05-2017',
    mime,
  });
  it('lists fitting documents first and preselects the marksheet with XML', () => {
    const view = documentsView(
      [doc('HSCER', 'u1'), doc('SPCER', 'u2'), doc('SSCER', 'u3', ['application/pdf']), doc('SSCER', 'u4')],
      'bgv-tenth',
    );
    expect(view.documents.map((d) => [d.uri, d.fits])).toEqual([
      ['u4', true],
      ['u2', true],
      ['u3', true],
      ['u1', false],
    ]);
    expect(view.preselectedUri).toBe('u4');
  });
  it('preselects nothing when nothing fits', () => {
    expect(documentsView([doc('HSCER', 'u1')], 'bgv-tenth').preselectedUri).toBeNull();
  });
});

describe('formValuesFrom', () => {
  it('fills a school form from the marksheet, keeping what the document does not say', () => {
    expect(
      formValuesFrom('bgv-tenth', cert({ state: null, school: null }), 'f1', {
        state: 'Goa',
        schoolName: 'X',
      }),
    ).toEqual({
      board: { manual: true, name: 'Central Board of Secondary Education' },
      schoolName: 'X',
      rollNumber: '1100040',
      passingYear: '2017',
      state: 'Goa',
      marksheet: { fileId: 'f1' },
    });
    expect(formValuesFrom('bgv-twelfth', cert({ state: 'delhi' }), 'f1', {}).state).toBe('Delhi');
  });
  it('leaves the marks out of the form (it has no such field): they go with the issuer mark, read-only', () => {
    const marked = cert({ result: '  PASS,\n CGPA 9.4/10 ' });
    expect(Object.keys(formValuesFrom('bgv-tenth', marked, 'f1', {}))).not.toContain('result');
    expect(resultOf(marked)).toEqual({ result: 'PASS, CGPA 9.4/10' });
    expect(resultOf(cert({ result: 'FIRST CLASS WITH DISTINCTION' }))).toEqual({
      result: 'FIRST CLASS WITH DISTINCTION',
    });
    expect(resultOf(cert({ result: null }))).toEqual({});
    expect(resultOf(cert({ result: '   ' }))).toEqual({});
    expect(resultOf(cert({ result: 'A'.repeat(500) })).result).toHaveLength(MAX_RESULT_LENGTH);
  });
  it('files a degree certificate as the degree, without marksheets', () => {
    expect(formValuesFrom('bgv-degree', cert({ doctype: 'DGCER', examination: 'B.Tech' }), 'f2', {})).toEqual(
      {
        institute: { manual: true, name: 'Central Board of Secondary Education' },
        degreeName: 'B.Tech',
        passingYear: '2017',
        instituteId: '1100040',
        degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET',
        supportingDocuments: [{ fileId: 'f2' }],
      },
    );
    expect(
      formValuesFrom('bgv-degree', cert({ doctype: 'DGCER', examination: null }), 'f2', {
        degreeName: 'B.Sc',
      }).degreeName,
    ).toBe('B.Sc');
  });
  it('knows states by name or code', () => {
    expect(stateName('  tamil   NADU ')).toBe('Tamil Nadu');
    expect(stateName('DL')).toBe('Delhi');
    expect(stateName('Atlantis')).toBeNull();
    expect(stateName(null)).toBeNull();
  });
});

describe('issuerFor', () => {
  const cbse = {
    id: 'cbse',
    name: 'Central Board of Secondary Education',
    aliases: ['CBSE', 'C.B.S.E.'],
    doctypes: [
      { verification: 'bgv-tenth', doctype: 'SSCER' },
      { verification: 'bgv-twelfth', doctype: 'HSCER' },
    ],
  };
  const bput = {
    id: 'bput',
    name: 'Biju Patnaik University of Technology, Odisha',
    aliases: ['BPUT'],
    doctypes: [{ verification: 'bgv-degree', doctype: 'DGCER' }],
  };
  const issuers = [cbse, bput];
  it('finds the board by its reference id, its listed name, or what was typed', () => {
    expect(issuerFor(issuers, 'bgv-twelfth', { board: { value: 'CBSE', name: '' } })).toEqual({
      issuer: cbse,
      doctype: 'HSCER',
    });
    expect(
      issuerFor(issuers, 'bgv-tenth', {
        board: { value: 'x', name: 'Central Board of Secondary Education (CBSE)' },
      })?.doctype,
    ).toBe('SSCER');
    expect(issuerFor(issuers, 'bgv-tenth', { board: { manual: true, name: 'c.b.s.e.' } })?.issuer.id).toBe(
      'cbse',
    );
    expect(
      issuerFor(issuers, 'bgv-degree~2', { institute: { manual: true, name: 'BPUT Rourkela' } })?.issuer.id,
    ).toBe('bput');
  });
  it('forgives punctuation and spacing on either side, and takes a field holding plain text', () => {
    expect(issuerFor(issuers, 'bgv-tenth', { board: 'CBSE' })?.issuer.id).toBe('cbse');
    expect(
      issuerFor(issuers, 'bgv-tenth', { board: { manual: true, name: 'C.B.S.E. New Delhi' } })?.issuer.id,
    ).toBe('cbse');
    expect(
      issuerFor(issuers, 'bgv-degree', {
        institute: { manual: true, name: 'Biju  Patnaik University of Technology Odisha' },
      })?.issuer.id,
    ).toBe('bput');
  });
  it('finds nothing for a field left null, or blank, even if an issuer is listed with a blank alias', () => {
    expect(issuerFor(issuers, 'bgv-tenth', { board: null })).toBeNull();
    const careless = { ...cbse, aliases: ['CBSE', ' - '] };
    expect(issuerFor([careless], 'bgv-tenth', { board: { value: '', name: ' ' } })).toBeNull();
    expect(issuerFor([careless], 'bgv-tenth', { board: '.' })).toBeNull();
  });
  it('finds nothing for another board, an empty field, or a type the issuer does not answer', () => {
    expect(
      issuerFor(issuers, 'bgv-tenth', { board: { value: 'BSEB', name: 'Bihar School Examination Board' } }),
    ).toBeNull();
    expect(issuerFor(issuers, 'bgv-tenth', {})).toBeNull();
    expect(issuerFor(issuers, 'bgv-degree', { institute: { manual: true, name: 'CBSE' } })).toBeNull();
    expect(issuerFor(issuers, 'dl', { board: 'CBSE' })).toBeNull();
    // A word inside another is not a name: "cbsea" is not CBSE.
    expect(issuerFor(issuers, 'bgv-tenth', { board: 'CBSEA board' })).toBeNull();
  });
});

describe('compareEaadhaar', () => {
  const eaadhaar = { name: 'ASHA VERMA', dateOfBirth: '1994-08-15' };
  const byUidai: SignatureCheck = { valid: true, signer: 'UIDAI Signer', reason: null };
  const candidate = { name: 'Asha Verma', dateOfBirth: '1994-08-15' };

  it('matches the candidate’s own signed e-Aadhaar, field by field', () => {
    expect(compareEaadhaar(eaadhaar, byUidai, candidate)).toEqual({
      matched: true,
      nameMismatch: false,
      fields: [
        {
          field: 'signature',
          label: "Issuer's signature",
          expected: 'Signed by the issuer',
          found: 'Signed by UIDAI Signer',
          matches: true,
        },
        { field: 'name', label: 'Name', expected: 'Asha Verma', found: 'ASHA VERMA', matches: true },
        {
          field: 'dateOfBirth',
          label: 'Date of birth',
          expected: '1994-08-15',
          found: '1994-08-15',
          matches: true,
        },
      ],
    });
    const unnamed: SignatureCheck = { valid: true, signer: null, reason: null };
    expect(compareEaadhaar(eaadhaar, unnamed, candidate).fields[0]!.found).toBe('Signed by UIDAI');
  });

  it('compares the date of birth only when the profile has one', () => {
    const c = compareEaadhaar(eaadhaar, byUidai, { name: 'Asha Verma', dateOfBirth: null });
    expect(c.matched).toBe(true);
    expect(c.fields.map((f) => f.field)).toEqual(['signature', 'name']);
    const other = compareEaadhaar(eaadhaar, byUidai, { ...candidate, dateOfBirth: '1994-08-16' });
    expect(other).toMatchObject({ matched: false, nameMismatch: false });
    expect(other.fields.filter((f) => !f.matches).map((f) => f.field)).toEqual(['dateOfBirth']);
  });

  it('offers a name change only when the name alone differs, and never trusts a bad signature', () => {
    const renamed = compareEaadhaar({ ...eaadhaar, name: 'Asha Sharma' }, byUidai, candidate);
    expect(renamed).toMatchObject({ matched: false, nameMismatch: true });
    const unsigned: SignatureCheck = { valid: false, signer: null, reason: 'unsigned' };
    const bad = compareEaadhaar(eaadhaar, unsigned, candidate);
    expect(bad).toMatchObject({ matched: false, nameMismatch: false });
    expect(bad.fields[0]!.found).toBe('The signature does not hold');
    const both = compareEaadhaar({ ...eaadhaar, name: 'Asha Sharma' }, unsigned, candidate);
    expect(both).toMatchObject({ matched: false, nameMismatch: false });
  });

  it('names the e-Aadhaar for the aadhaar verification', () => {
    expect(doctypesFor('aadhaar')).toEqual(['ADHAR']);
    expect(doctypeName(EAADHAAR_DOCUMENT.doctype)).toBe('Aadhaar (e-Aadhaar)');
    expect(EAADHAAR_DOCUMENT).toMatchObject({
      uri: 'eaadhaar',
      issuer: 'Unique Identification Authority of India',
    });
  });
});
