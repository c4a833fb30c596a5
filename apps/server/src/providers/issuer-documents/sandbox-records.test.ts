import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidAadhaar } from '@veridocs/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseDocument } from '../../modules/documents/analysis/index.js';
import { openWithPdfJs, pageTexts } from '../../modules/documents/analysis/pdfjs.js';
import { parseCertificateXml } from './certificate-xml.js';
import { parseEaadhaarXml } from './eaadhaar-xml.js';
import {
  SANDBOX_ACCOUNTS,
  findSandboxCertificate,
  sandboxAccountByMobile,
  sandboxCertificatePdf,
  sandboxCertificateXml,
  sandboxEaadhaarXml,
} from './sandbox-records.js';
import { issuerTrustAnchors, readPemBundle, TrustAnchorsError } from './trust-anchors.js';
import { verifySignedXml } from './xml-signature.js';

const OTHER_CERT = readFileSync(new URL('./test-fixtures/other-cert.pem', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'veridocs-sandbox-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the sandboxes’ fictitious people and their documents', () => {
  const anchors = issuerTrustAnchors([], 'test');

  it('has the documented accounts', () => {
    expect(
      SANDBOX_ACCOUNTS.map((a) => [a.mobile, a.pin, a.name, a.certificates.map((c) => c.doctype)]),
    ).toEqual([
      ['9000000001', '123456', 'Asha Verma', ['SSCER', 'HSCER', 'DGCER']],
      ['9000000002', '123456', 'Rohan Mehta', ['SSCER', 'HSCER']],
      ['9000000003', '123456', 'Priya K. Nair', ['SSCER']],
      ['9000000004', '123456', 'Neha Gupta', []],
    ]);
    expect(sandboxAccountByMobile('+91 90000 00001')?.name).toBe('Asha Verma');
    expect(sandboxAccountByMobile('9000000009')).toBeUndefined();
    for (const account of SANDBOX_ACCOUNTS) expect(account.digilockerId).toHaveLength(36);
  });

  it('signs every certificate with the sandbox key, and its signed XML reads as the record says', () => {
    for (const account of SANDBOX_ACCOUNTS)
      for (const record of account.certificates) {
        const xml = sandboxCertificateXml(record);
        const { check, signedXml } = verifySignedXml(xml, anchors);
        expect(check, record.uri).toEqual({ valid: true, signer: 'Veridocs Sandbox Issuer', reason: null });
        const read = parseCertificateXml(signedXml!, { issuerId: record.issuer.digilockerId });
        expect(read).toMatchObject({
          doctype: record.doctype,
          issuer: { id: record.issuer.digilockerId, name: record.issuer.name },
          person: { name: record.holder.name, dateOfBirth: account.dateOfBirth },
          rollNumber: record.rollNumber,
          year: record.year,
          examination: record.examination,
          school: record.school.name,
          issuedOn: record.issuedOn,
        });
        // In production the sandbox key is no anchor: the same document is untrusted there.
        expect(verifySignedXml(xml, issuerTrustAnchors([OTHER_CERT], 'production')).check.reason).toBe(
          'untrusted',
        );
      }
  });

  it('gives Asha an e-Aadhaar ending 4821, signed, and no one else one', () => {
    const [asha, ...others] = SANDBOX_ACCOUNTS;
    const xml = sandboxEaadhaarXml(asha!)!;
    expect(verifySignedXml(xml, anchors).check.valid).toBe(true);
    expect(isValidAadhaar(asha!.eaadhaar!.uid)).toBe(true);
    expect(parseEaadhaarXml(xml)).toMatchObject({
      name: 'Asha Verma',
      dateOfBirth: '1994-08-15',
      gender: 'F',
      last4: '4821',
      address: { pincode: '110075', state: 'Delhi' },
    });
    for (const account of others) expect(sandboxEaadhaarXml(account)).toBeNull();
  });

  it('makes a real PDF copy with the same data, which passes the product’s PDF checks', async () => {
    const asha = SANDBOX_ACCOUNTS[0]!;
    for (const record of asha.certificates) {
      const bytes = await sandboxCertificatePdf(record);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const path = join(dir, `${record.doctype}.pdf`);
      writeFileSync(path, bytes);
      const verdict = await analyseDocument({ path, mimeType: 'application/pdf', expectName: 'Asha Verma' });
      // Its text layer is its OCR text too (no OCR job needed), with the record's roll number.
      expect(verdict, record.uri).toEqual({
        state: 'COMPLETED',
        issues: [],
        pageCount: 1,
        ocrText: expect.stringContaining(record.rollNumber),
      });
      const doc = await openWithPdfJs(new Uint8Array(bytes));
      const text = (await pageTexts(doc, 1)).join(' ');
      await doc.destroy();
      expect(text).toContain(record.rollNumber);
      expect(text).toContain(record.issuer.name.toUpperCase());
      expect(text).toContain('SANDBOX DOCUMENT');
    }
    // The name check of the same PDF notices another person.
    const other = await analyseDocument({
      path: join(dir, 'SSCER.pdf'),
      mimeType: 'application/pdf',
      expectName: 'Rohan Mehta',
    });
    expect(other.issues.map((i) => i.code)).toContain('NAME_MISMATCH');
  });

  it('finds API Setu records by issuer, doctype, roll number and year', () => {
    expect(
      findSandboxCertificate({
        apisetuIssuerId: 'cbse',
        doctype: 'hscer',
        rollNumber: '2200451',
        year: '2019',
      })?.holder.name,
    ).toBe('ASHA VERMA');
    expect(
      findSandboxCertificate({
        apisetuIssuerId: 'cbse',
        doctype: 'HSCER',
        rollNumber: '2200451',
        year: '2018',
      }),
    ).toBeUndefined();
    expect(
      findSandboxCertificate({
        apisetuIssuerId: 'cbse',
        doctype: 'SSCER',
        rollNumber: '2200451',
        year: '2019',
      }),
    ).toBeUndefined();
    expect(
      findSandboxCertificate({
        apisetuIssuerId: 'bput',
        doctype: 'DGCER',
        rollNumber: '1901106123',
        year: '2023',
      })?.issuer.name,
    ).toBe('Biju Patnaik University of Technology, Odisha');
  });
});

describe('trust anchors', () => {
  it('adds the sandbox certificate outside production only', () => {
    const sandboxCert = readFileSync(new URL('./sandbox-issuer/cert.pem', import.meta.url), 'utf8');
    expect(issuerTrustAnchors([], 'development')).toEqual([sandboxCert]);
    expect(issuerTrustAnchors([OTHER_CERT], 'test')).toEqual([OTHER_CERT, sandboxCert]);
    expect(issuerTrustAnchors([OTHER_CERT], 'production')).toEqual([OTHER_CERT]);
    expect(issuerTrustAnchors([], 'production')).toEqual([]);
  });

  it('reads a PEM bundle and refuses one that holds no certificate', () => {
    const sandboxCert = readFileSync(new URL('./sandbox-issuer/cert.pem', import.meta.url), 'utf8');
    expect(readPemBundle(`# issuers\n${OTHER_CERT}\n\n${sandboxCert}`)).toEqual([OTHER_CERT, sandboxCert]);
    expect(() => readPemBundle('')).toThrow(TrustAnchorsError);
    expect(() => readPemBundle('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toThrow(
      /certificate 1 of 1/,
    );
  });
});
