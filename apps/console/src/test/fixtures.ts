import type { OpsCase, OpsCaseSummary } from '@veridocs/shared';

export function caseSummary(overrides: Partial<OpsCaseSummary> = {}): OpsCaseSummary {
  return {
    txnId: 'txn_0001aaaa',
    candidateName: 'Asha Verma',
    mobileMasked: 'XXXXXX3210',
    orgId: 'veridocs',
    orgName: 'Veridocs',
    formId: 'frm_1',
    formName: 'Graduate hiring',
    state: 'SUBMITTED',
    queue: 'new',
    fastTrack: false,
    deadline: '2026-12-10T00:00:00.000Z',
    submittedAt: '2026-11-26T10:00:00.000Z',
    verificationCount: 2,
    assignee: null,
    ...overrides,
  };
}

export function opsCase(overrides: Partial<OpsCase> = {}): OpsCase {
  return {
    txnId: 'txn_0001aaaa',
    state: 'SUBMITTED',
    queue: 'new',
    fastTrack: true,
    deadline: '2026-12-10T00:00:00.000Z',
    submittedAt: '2026-11-26T10:00:00.000Z',
    createdAt: '2026-11-25T10:00:00.000Z',
    assignee: null,
    candidate: {
      profileId: 'prf_1',
      name: 'Asha Verma',
      verifiedName: null,
      mobile: '9876543210',
      email: 'asha@example.com',
      dateOfBirth: '1998-04-02',
    },
    organisation: { id: 'veridocs', name: 'Veridocs' },
    form: { id: 'frm_1', name: 'Graduate hiring' },
    identity: {
      method: 'aadhaar',
      state: 'COMPLETED',
      name: 'Asha Verma',
      documentNumber: '1234',
      verifiedAt: '2026-11-25T11:00:00.000Z',
    },
    evaluationPartner: null,
    payments: [],
    verifications: [
      {
        name: 'degree',
        label: 'Degree',
        category: 'education',
        subType: null,
        state: 'IN_PROGRESS',
        markedAsSkip: false,
        fields: [{ key: 'university', label: 'University', value: 'Delhi University' }],
        documents: [],
        insufficiencies: [],
        lock: null,
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
      {
        name: 'employment',
        label: 'Employment',
        category: 'employment',
        subType: null,
        state: 'SUBMITTED',
        markedAsSkip: false,
        fields: [],
        documents: [],
        insufficiencies: [],
        lock: {
          staffId: 'stf_other',
          name: 'Omar Other',
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
        },
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    ],
    timeline: [],
    resultsPurgedAt: null,
    ...overrides,
  };
}
