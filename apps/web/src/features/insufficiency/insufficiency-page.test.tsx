import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { TransactionInfo, VerificationEntry } from '@veridocs/shared';
import { fail, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { recordAnalytics } from '../../test/analytics-sink';
import { renderWithProviders } from '../../test/render';
import InsufficiencyPage from './insufficiency-page';

const INFO_PATH = '/api/verification/v1/transactions/info';
const ANSWER_PATH = '/api/verification/v1/bgv/insufficiency';
const UPLOAD_PATH = '/api/utility/files';
const FILE_1 = '0d6b2f8e-8a51-4a0e-9a57-5b1c3f0e7d21';
const ROUTE = '/verification/insufficiency?orgId=org-1&txnId=txn-1&name=bgv-degree';
const DOCS = [{ key: 'semester-5', label: 'Marksheet for semester 5' }];

function degree(overrides: Partial<VerificationEntry> = {}): VerificationEntry {
  return {
    name: 'bgv-degree',
    label: 'Degree',
    state: 'INSUFFICIENT_DATA',
    category: { name: 'Education' },
    proceeded: true,
    markedAsSkip: false,
    skipAllowed: false,
    marksheetRequired: true,
    subType: null,
    insufficiency: {
      id: 'round-1',
      reason: 'Marksheet for semester 5 is missing',
      raisedAt: '2026-11-21T10:00:00.000Z',
      documents: DOCS,
    },
    acceptMultipleSubmissions: false,
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

function info(
  entry: VerificationEntry,
  state: TransactionInfo['state'] = 'INSUFFICIENT_DATA',
): TransactionInfo {
  return {
    txnId: 'txn-1',
    orgId: 'org-1',
    formId: 'form-1',
    org: { name: 'Acme Corp', imageUrl: null },
    state,
    form: { name: 'Graduate hiring 2026', isExpired: false, expiry: -1 },
    verificationList: { [entry.name]: entry },
    filtered: { remaining: [], done: [] },
    expectedCompletionDate: null,
    updatedAt: '2026-11-21T10:00:00.000Z',
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
    proceeded: true,
  };
}

const uploaded = {
  fileId: FILE_1,
  fileUrl: `/api/utility/files/${FILE_1}/content`,
  name: 'semester-5.pdf',
  mimeType: 'application/pdf',
  size: 40_000,
  sha256: 'c'.repeat(64),
  folderName: null,
  fileCategory: 'semester-5',
  state: 'COMPLETED',
  issues: [],
  pageCount: 1,
  ocrText: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(() => api.restore());

describe('/verification/insufficiency (Document Details)', () => {
  it('shows the reason and one upload per document; submit sends the file ids, then the form home', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(info(degree())) });
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(uploaded) });
    api.on('post', ANSWER_PATH, {
      status: 200,
      body: ok(info(degree({ state: 'SUBMITTED', insufficiency: null }), 'IN_PROGRESS')),
    });
    const analytics = recordAnalytics();
    const { user, container, probe } = renderWithProviders(<InsufficiencyPage />, { route: ROUTE });
    expect(await screen.findByRole('heading', { name: 'Degree' })).toBeInTheDocument();
    expect(screen.getByText('Marksheet for semester 5 is missing')).toBeInTheDocument();
    expect(screen.getByText('Action Required')).toBeInTheDocument();

    // Nothing uploaded yet: the document is asked for, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Submit Documents' }));
    expect(await screen.findByText('Upload Marksheet for semester 5')).toBeInTheDocument();
    expect(api.callsTo('post', ANSWER_PATH)).toHaveLength(0);

    const input = container.querySelector<HTMLInputElement>('input[data-testid="semester-5-input"]');
    await user.upload(
      input as HTMLInputElement,
      new File([new Uint8Array(40_000)], 'semester-5.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('article', { name: 'semester-5.pdf' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Documents' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/ekyc/form-1/txn-1'));
    expect(api.callsTo('post', ANSWER_PATH)[0]?.body).toEqual({
      orgId: 'org-1',
      txnId: 'txn-1',
      verificationName: 'bgv-degree',
      documents: [{ key: 'semester-5', fileIds: [FILE_1] }],
    });
    expect(analytics.events).toEqual([
      {
        name: 'verification.action_required_answered',
        props: { verification: 'bgv-degree', category: expect.any(String), documents: 1 },
      },
    ]);
    // No file name or id goes out.
    expect(analytics.values().join(' ')).not.toMatch(/semester-5\.pdf|file/i);
  });

  it('shows a refusal from the server and stays', async () => {
    api.on('get', INFO_PATH, { status: 200, body: ok(info(degree())) });
    api.on('post', UPLOAD_PATH, { status: 200, body: ok(uploaded) });
    api.on('post', ANSWER_PATH, { status: 409, body: fail(123, 'bgv-degree is not waiting for documents') });
    const analytics = recordAnalytics();
    const { user, container, probe } = renderWithProviders(<InsufficiencyPage />, { route: ROUTE });
    await screen.findByRole('heading', { name: 'Degree' });
    const input = container.querySelector<HTMLInputElement>('input[data-testid="semester-5-input"]');
    await user.upload(
      input as HTMLInputElement,
      new File([new Uint8Array(40_000)], 'semester-5.pdf', { type: 'application/pdf' }),
    );
    await screen.findByRole('article', { name: 'semester-5.pdf' });
    await user.click(screen.getByRole('button', { name: 'Submit Documents' }));
    expect(
      await screen.findByText('Bgv-degree is not waiting for documents', { exact: false }),
    ).toBeInTheDocument();
    expect(probe.current?.pathname).toBe('/verification/insufficiency');
    expect(analytics.events).toEqual([]);
  });

  it('nothing asked (answered already): says so, with the way back', async () => {
    api.on('get', INFO_PATH, {
      status: 200,
      body: ok(info(degree({ state: 'SUBMITTED', insufficiency: null }), 'IN_PROGRESS')),
    });
    renderWithProviders(<InsufficiencyPage />, { route: ROUTE });
    expect(await screen.findByText('Nothing is asked for this verification now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the verifications' })).toHaveAttribute(
      'href',
      '/ekyc/form-1/txn-1?orgId=org-1',
    );
  });

  it('a load failure and an incomplete link are explained', async () => {
    api.on('get', INFO_PATH, { status: 403, body: fail(122, 'Access not allowed') });
    renderWithProviders(<InsufficiencyPage />, { route: ROUTE });
    expect(await screen.findByText('Access not allowed')).toBeInTheDocument();
    api.restore();
    api = mockApi();
    renderWithProviders(<InsufficiencyPage />, { route: '/verification/insufficiency' });
    expect(
      await screen.findByText('This link is incomplete. Open the verification from its form.'),
    ).toBeInTheDocument();
  });
});
