import { describe, expect, it } from 'vitest';
import type { IssuedDocument } from '../../providers/digilocker/digilocker-provider.js';
import type { IssuerCertificate, SignatureCheck } from '../../providers/issuer-documents/issuer-document.js';
import { compareCertificate, documentsView, formValuesFrom, issuerFor, stateName } from './sources-fns.js';

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
  it('files a degree certificate as the degree, without marksheets', () => {
    expect(
      formValuesFrom('bgv-degree', cert({ doctype: 'DGCER', examination: 'B.Tech' }), 'f2', {}),
    ).toMatchObject({
      degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET',
      supportingDocuments: [{ fileId: 'f2' }],
      degreeName: 'B.Tech',
      instituteId: '1100040',
    });
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
