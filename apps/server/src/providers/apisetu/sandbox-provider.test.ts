import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../test/test-app.js';
import { DocumentNotFound } from '../digilocker/digilocker-provider.js';
import { parseCertificateXml } from '../issuer-documents/certificate-xml.js';
import { issuerTrustAnchors } from '../issuer-documents/trust-anchors.js';
import { verifySignedXml } from '../issuer-documents/xml-signature.js';
import { CertificateOnlyAsPdf, SourceRefused, type ConsentArtifact } from './apisetu-provider.js';
import { createSandboxApiSetuProvider, looselySameName } from './sandbox-provider.js';

const clock = createTestClock(); // 2030-01-15
const CONSENT: ConsentArtifact = {
  consentId: 'ea9c43aa-7f5a-4bf3-a0be-e1caa24737ba',
  timestamp: '2030-01-15T09:00:00.000Z',
  consumerId: 'veridocs',
  candidateId: 'profile-1',
  purpose: 'Background verification',
  expiry: '2030-01-20',
};
const request = (
  overrides: Partial<Parameters<ReturnType<typeof createSandboxApiSetuProvider>['pullCertificate']>[0]> = {},
) => ({
  issuerId: 'cbse',
  doctype: 'HSCER',
  fullName: 'Asha Verma',
  rollNumber: '2200451',
  year: '2019',
  consent: CONSENT,
  requestId: '6d7f0c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f',
  ...overrides,
});

describe('the API Setu sandbox', () => {
  const sandbox = createSandboxApiSetuProvider(clock.now);

  it('lists CBSE (Class X, XII) and a university (degree) with their doctypes and paths', () => {
    expect(
      sandbox
        .issuers()
        .map((i) => [i.id, i.doctypes.map((d) => [d.verification, d.doctype, d.path, d.format])]),
    ).toEqual([
      [
        'cbse',
        [
          ['bgv-tenth', 'SSCER', '/sscer/certificate', 'xml'],
          ['bgv-twelfth', 'HSCER', '/hscer/certificate', 'xml'],
        ],
      ],
      ['bput', [['bgv-degree', 'DGCER', '/dgcer/certificate', 'pdf']]],
    ]);
  });

  it('answers a record’s signed XML by issuer, doctype, roll number and year, the name matching loosely', async () => {
    const { xml } = await sandbox.pullCertificate(request({ fullName: 'verma, ASHA' }));
    const { check, signedXml } = verifySignedXml(xml, issuerTrustAnchors([], 'test'));
    expect(check.valid).toBe(true);
    expect(parseCertificateXml(signedXml!)).toMatchObject({
      doctype: 'HSCER',
      person: { name: 'ASHA VERMA' },
      rollNumber: '2200451',
      year: '2019',
    });
    const priya = await sandbox.pullCertificate(
      request({ doctype: 'sscer', fullName: 'Priya K. Nair', rollNumber: '1100555', year: '2015' }),
    );
    expect(priya.xml).toContain('PRIYA KRISHNAN NAIR');
  });

  it('finds nothing for another year, roll number, doctype or person', async () => {
    for (const wrong of [
      { year: '2018' },
      { rollNumber: '2200452' },
      { doctype: 'SSCER' },
      { fullName: 'Rohan Mehta' },
      { fullName: 'Asha' },
      { fullName: 'Asha Verma Singh' },
    ])
      await expect(sandbox.pullCertificate(request(wrong)), JSON.stringify(wrong)).rejects.toBeInstanceOf(
        DocumentNotFound,
      );
  });

  it('refuses what the real API refuses: bad ids, missing parameters, an expired consent, unknown issuers', async () => {
    for (const bad of [
      request({ requestId: 'not-a-uuid' }),
      request({ consent: { ...CONSENT, consentId: '42' } }),
      request({ rollNumber: ' ' }),
      request({ consent: { ...CONSENT, expiry: '2030-01-14' } }),
      request({ issuerId: 'nios' }),
      request({ doctype: 'SPCER' }),
    ])
      await expect(sandbox.pullCertificate(bad)).rejects.toBeInstanceOf(SourceRefused);
    // The consent's last day still counts.
    await expect(
      sandbox.pullCertificate(request({ consent: { ...CONSENT, expiry: '2030-01-15' } })),
    ).resolves.toBeDefined();
  });

  it('gives the university’s degree only as its PDF, as the real API does', async () => {
    const error = await sandbox
      .pullCertificate(
        request({
          issuerId: 'bput',
          doctype: 'DGCER',
          fullName: 'ASHA VERMA',
          rollNumber: '1901106123',
          year: '2023',
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CertificateOnlyAsPdf);
    expect((error as CertificateOnlyAsPdf).pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('the sandbox issuers’ loose name match', () => {
  it.each([
    ['Asha Verma', 'ASHA VERMA', true],
    ['Verma Asha', 'ASHA VERMA', true],
    ['Priya K. Nair', 'PRIYA KRISHNAN NAIR', true],
    ['Priya Nair', 'PRIYA KRISHNAN NAIR', true],
    ['P. K. Nair', 'PRIYA KRISHNAN NAIR', true],
    ['Priya Krishnan Nair', 'PRIYA K NAIR', true],
    ['Ásha Vérma', 'ASHA VERMA', true],
    ['Priya', 'PRIYA KRISHNAN NAIR', false],
    ['Priya Menon', 'PRIYA KRISHNAN NAIR', false],
    ['Asha Asha', 'ASHA VERMA', false],
    ['K. Nair', 'PRIYA NAIR', false],
    ['', 'ASHA VERMA', false],
  ])('%s ~ %s: %s', (given, recorded, expected) => {
    expect(looselySameName(given, recorded)).toBe(expected);
  });
});
