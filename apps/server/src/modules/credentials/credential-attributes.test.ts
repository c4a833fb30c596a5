import { describe, expect, it } from 'vitest';
import { DEMO_VERIFICATION_CONFIGS } from '../../db/seed-data/verification-configs.js';
import type { CompletedVerification } from './credentials-repository.js';
import { attributesOf, evidenceOf } from './credentials-service.js';

const configOf = (name: string) => DEMO_VERIFICATION_CONFIGS.find((c) => c.name === name) ?? null;

const completed = (name: string, category: string, data: Record<string, unknown>): CompletedVerification => ({
  txnId: 'txn-1',
  verificationName: name,
  state: 'COMPLETED',
  category,
  subType: null,
  data,
  label: configOf(name)?.metadata.label ?? null,
  config: configOf(name),
  profileId: 'profile-1',
  holderName: 'Asha Verma',
  verifiedName: null,
  orgName: 'Demo University',
});

describe('credential attributes: words a reader understands, never ids', () => {
  const at = new Date('2026-12-01T10:00:00Z');

  it('a degree names its institute, not its id', () => {
    const attributes = attributesOf(
      completed('bgv-degree', 'Education', {
        institute: { value: 'anna-university', name: 'Anna University' },
        degreeName: 'B.E. Civil',
        passingYear: '2019',
        instituteId: '201604200042',
        degreeStatus: 'DEGREE_AND_MARKSHEET',
      }),
      at,
    );
    expect(attributes).toEqual({
      holderName: 'Asha Verma',
      verification: 'Degree',
      category: 'Education',
      requestedBy: 'Demo University',
      verifiedOn: '2026-12-01',
      institute: 'Anna University',
      degreeName: 'B.E. Civil',
      passingYear: '2019',
    });
  });

  it('a board by its name, an employment type and a state by their option names', () => {
    expect(
      attributesOf(completed('bgv-twelfth', 'Education', { board: { value: 'cbse', name: 'CBSE' } }), at)
        .board,
    ).toBe('CBSE');
    const job = attributesOf(
      completed('bgv-employment', 'Employment', {
        companyName: 'Acme',
        designation: 'Engineer',
        employmentType: 'FULL_TIME',
      }),
      at,
    );
    expect(job.employmentType).toBe('Full-time');
    const ews = attributesOf(
      completed('bgv-ews', 'Finance', { state: 'HR', issuingAuthority: 'Tehsildar' }),
      at,
    );
    expect(ews.state).toBe('Haryana');
    // No attribute holds a known id or code.
    for (const value of [...Object.values(job), ...Object.values(ews)])
      expect(value).not.toMatch(/^[A-Z]+_[A-Z_]+$|^[a-z]+-[a-z-]+$/);
  });

  it('a verification verified at its source names the issuer and carries the evidence (issue 26)', () => {
    const v = completed('bgv-tenth', 'Education', {
      board: { manual: true, name: 'Central Board of Secondary Education' },
      rollNumber: '1100040',
      passingYear: '2017',
      issuerSource: {
        channel: 'digilocker',
        issuer: 'Central Board of Secondary Education',
        doctype: 'SSCER',
        pullId: 'p-1',
        at: '2026-11-29T09:00:00.000Z',
      },
    });
    expect(attributesOf(v, at).source).toBe(
      'Issuer: Central Board of Secondary Education, via DigiLocker, on 2026-11-29',
    );
    expect(evidenceOf(v)).toEqual([
      {
        type: ['DocumentVerification'],
        verificationMethod: 'IssuerSource',
        documentIssuer: 'Central Board of Secondary Education',
        channel: 'DigiLocker',
        documentType: 'SSCER',
        documentPresence: 'Digital',
        evidenceDate: '2026-11-29T09:00:00.000Z',
      },
    ]);
    const byTeam = completed('bgv-tenth', 'Education', { rollNumber: '1' });
    expect(evidenceOf(byTeam)).toBeNull();
    expect(attributesOf(byTeam, at).source).toBeUndefined();
  });
});
