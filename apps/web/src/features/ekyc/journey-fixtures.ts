import type {
  CandidateTransaction,
  Organisation,
  PreStartQuestion,
  PublicForm,
  TransactionInfo,
  VerificationEntry,
} from '@veridocs/shared';

import { makeTransactionInfo } from '../../test/fixtures';

/** Test data of the journey, shaped by the shared contract (used by the tests beside it). */
export const ORG_ID = 'org-1';
export const FORM_ID = 'form-1';
export const TXN_ID = 'txn-1';
export const V1 = '/api/verification/v1';

export function makeOrg(overrides: Partial<Organisation> = {}): Organisation {
  return {
    orgId: ORG_ID,
    name: 'acme',
    displayName: 'Acme Corp',
    imageUrl: null,
    additionalDetail: {},
    ...overrides,
  };
}

export function makePublicForm(overrides: Partial<PublicForm> = {}): PublicForm {
  return {
    formId: FORM_ID,
    orgId: ORG_ID,
    name: 'Graduate hiring 2026',
    expiry: -1,
    isExpired: false,
    verificationNames: ['bgv-degree', 'bgv-tenth'],
    paymentRequired: false,
    questionnaire: { isRequired: false },
    ...overrides,
  };
}

const CATEGORY: Record<string, string> = {
  'bgv-degree': 'Education',
  'bgv-tenth': 'Education',
  'bgv-twelfth': 'Education',
  'bgv-employment': 'Employment',
  'employment-check': 'Employment',
  aadhaar: 'Identity',
  'bgv-address': 'Address',
  'bgv-ews': 'Finance',
};
const LABEL: Record<string, string> = {
  'bgv-degree': 'Degree',
  'bgv-tenth': 'Tenth',
  'bgv-twelfth': 'Twelfth',
  'bgv-employment': 'Employment',
  'employment-check': 'Employment Check',
  aadhaar: 'Aadhaar',
  'bgv-address': 'Address',
  'bgv-ews': 'EWS certificate',
};

export function makeVerification(
  name: string,
  overrides: Partial<VerificationEntry> = {},
): VerificationEntry {
  const state = overrides.state ?? 'NOT_INITIALIZED';
  return {
    name,
    label: LABEL[name] ?? name,
    state,
    category: { name: CATEGORY[name] ?? 'Other' },
    proceeded: state !== 'NOT_INITIALIZED' || Boolean(overrides.markedAsSkip),
    markedAsSkip: false,
    skipAllowed: true,
    marksheetRequired: false,
    subType: null,
    insufficiency: null,
    acceptMultipleSubmissions: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeInfo(
  verifications: VerificationEntry[],
  overrides: Partial<TransactionInfo> = {},
): TransactionInfo {
  return makeTransactionInfo(verifications, { txnId: TXN_ID, orgId: ORG_ID, formId: FORM_ID, ...overrides });
}

export function makeQuestion(id: string, question: string): PreStartQuestion {
  return {
    _id: id,
    question,
    options: [
      { name: 'Yes', value: 'yes' },
      { name: 'No', value: 'no' },
    ],
    required: true,
    answer: null,
  };
}

export function makeCandidateTransaction(
  overrides: Partial<CandidateTransaction> = {},
): CandidateTransaction {
  return {
    txnId: TXN_ID,
    orgId: ORG_ID,
    formId: FORM_ID,
    state: 'DATA_SAVED',
    form: { name: 'Graduate hiring 2026' },
    org: { name: 'Acme Corp', imageUrl: null },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
