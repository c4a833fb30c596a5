import type {
  DynamicInputField,
  PrivacyNotice,
  Profile,
  Session,
  TransactionInfo,
  VerificationEntry,
  VerificationInfo,
} from '@veridocs/shared';

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An access token whose payload decodes like the server's (spec §3: the second dot-separated segment). */
export function makeAccessToken(
  overrides: Partial<{ sub: string; mobile: string; sid: string; exp: number; iat: number }> = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: 'user-1',
    mobile: '9876541234',
    sid: 'sid-1',
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
  return `${base64Url({ alg: 'EdDSA', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

let counter = 0;
export function makeSession(overrides: Partial<Session> = {}): Session {
  counter += 1;
  return {
    accessToken: makeAccessToken({ sid: `sid-${counter}` }),
    refreshToken: `refresh-${counter}`,
    refreshTokenExpiresIn: 3600,
    ...overrides,
  };
}

/** Puts a session where the app keeps it (local storage), as a returning visitor has it. */
export function storeSession(session: Session): void {
  window.localStorage.setItem('accessToken', session.accessToken);
  window.localStorage.setItem('refreshToken', session.refreshToken);
  window.localStorage.setItem('refreshTokenExpiresIn', String(session.refreshTokenExpiresIn));
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    mobile: '9876541234',
    profileDetails: { name: 'Asha Verma' },
    agentId: null,
    verificationDetailList: {},
    basicDetails: null,
    contactDetails: null,
    createdAt: '2024-02-19T10:00:00.000Z',
    ...overrides,
  };
}

export const ok = <T>(data: T) => ({ code: 0, data, message: 'Success' });
export const fail = (code: number, message: string, data: unknown = null) => ({ code, data, message });

/** GET transactions/{name}/info for one manual Education verification whose page holds `inputs`. */
export function makeVerificationInfo(verification: {
  name: string;
  label: string;
  /** The config's own label (metadata), when it differs from the verification's. */
  configLabel?: string;
  /** The manual option's label, when it has one. */
  optionLabel?: string;
  pageTitle: string;
  inputs: DynamicInputField[];
}): VerificationInfo {
  const { name, label, configLabel = label, optionLabel, pageTitle, inputs } = verification;
  return {
    txnId: 'txn-1',
    orgId: 'org-1',
    formId: 'form-1',
    profileName: 'Asha Verma',
    verification: {
      name,
      label,
      state: 'DATA_SAVED',
      category: { name: 'Education' },
      proceeded: true,
      markedAsSkip: false,
      skipAllowed: true,
      marksheetRequired: true,
      subType: null,
      insufficiency: null,
      acceptMultipleSubmissions: false,
      updatedAt: '2024-06-01T10:00:00.000Z',
    },
    config: {
      name,
      metadata: { label: configLabel, orgSpecificName: null, iconUrl: null },
      additionalInfo: { authOptions: ['manual'], acceptMultipleSubmissions: false, category: 'Education' },
      authOptions: [
        {
          type: 'manual',
          ...(optionLabel ? { label: optionLabel } : {}),
          page: { config: [{ title: pageTitle, inputs }] },
        },
      ],
      readOnly: { profile: ['candidateName'] },
    },
    data: {},
    formExpired: false,
  };
}

/** A privacy notice as GET /privacy/notice answers it (issue 29): the demo form's purposes, in English. */
export function makeNotice(overrides: Partial<PrivacyNotice> = {}): PrivacyNotice {
  return {
    language: 'en',
    templateVersion: '2026-11-29.1',
    title: 'Privacy notice: Acme Corp, Graduate hiring',
    sections: [
      {
        key: 'data',
        title: 'What we will collect',
        lines: ['Contact: your mobile number and e-mail address.'],
      },
      { key: 'rights', title: 'Your rights', lines: ['Complain to our grievance officer.'] },
    ],
    purposes: [
      { purpose: 'verify', required: true, text: 'To check your data and documents.' },
      { purpose: 'report_organisation', required: true, text: 'To give the result to Acme Corp.' },
      { purpose: 'contact_institutions', required: false, text: 'To ask the institutions to confirm.' },
      { purpose: 'wallet', required: false, text: 'To keep verified results in your wallet.' },
    ],
    hash: 'a'.repeat(64),
    grants: [],
    consented: false,
    ...overrides,
  };
}

/** A transaction's info as GET /transactions/info answers it (DATA_SAVED unless told otherwise). */
export function makeTransactionInfo(
  verifications: VerificationEntry[],
  overrides: Partial<TransactionInfo> = {},
): TransactionInfo {
  const verificationList = Object.fromEntries(verifications.map((v) => [v.name, v]));
  const state = overrides.state ?? 'DATA_SAVED';
  return {
    txnId: '3f1c2a9e-7b7d-4c55-9a8e-0d3c7f6b1a21',
    orgId: 'demo-university',
    formId: 'demo-form',
    org: { name: 'Acme Corp', imageUrl: null },
    state,
    form: { name: 'Graduate hiring 2026', isExpired: false, expiry: -1 },
    verificationList,
    filtered: {
      remaining: verifications
        .filter((v) => v.state === 'NOT_INITIALIZED' && !v.markedAsSkip)
        .map((v) => v.name),
      done: verifications.filter((v) => v.state === 'COMPLETED').map((v) => v.name),
    },
    expectedCompletionDate: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    paymentRequired: false,
    userPaymentRequired: false,
    paymentDetails: [],
    discount: { percentage: 0 },
    priceList: [],
    expressAllowed: false,
    questionnaire: { isRequired: false, answered: false },
    manualProfileRequired: true,
    basicDetailsRequired: false,
    userInputList: [],
    requiredVerificationFieldList: [],
    nameChangeRequest: { requested: false },
    evaluationInfo: { provider: null, required: false },
    isExpired: false,
    proceeded: state !== 'NOT_INITIALIZED',
    ...overrides,
  };
}
