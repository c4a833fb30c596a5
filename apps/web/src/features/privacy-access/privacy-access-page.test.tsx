import { screen, within } from '@testing-library/react';
import type { Disclosure, PrivacyAccess } from '@veridocs/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

const ACCESS_URL = '/api/web-wallet/privacy/access';
const DISCLOSURES_URL = '/api/web-wallet/privacy/disclosures';

const access: PrivacyAccess = {
  profile: {
    name: 'Meera Iyer',
    mobile: '9876543210',
    dateOfBirth: null,
    language: 'en',
    since: '2030-01-10T10:00:00.000Z',
  },
  identity: { aadhaarLast4: '4321', aadhaarVerifiedAt: null, verifiedName: null, passport: false },
  categories: [
    { key: 'profile', count: 1, usedFor: ['verify', 'report_organisation'] },
    { key: 'identity', count: 1, usedFor: ['verify', 'report_organisation'] },
    { key: 'requests', count: 1, usedFor: ['verify'] },
    { key: 'documents', count: 1, usedFor: ['verify', 'contact_institutions'] },
    { key: 'payments', count: 0, usedFor: [] },
    { key: 'credentials', count: 2, usedFor: ['wallet'] },
  ],
  requests: [
    {
      txnId: 'txn-1',
      orgName: 'Demo University',
      formName: 'Admission check',
      state: 'SUBMITTED',
      createdAt: '2030-01-12T10:00:00.000Z',
      verifications: [{ name: 'bgv-degree', label: 'bgv-degree', state: 'IN_PROGRESS' }],
      documents: ['marksheet.pdf'],
      purposes: [
        { purpose: 'report_organisation', granted: true },
        { purpose: 'verify', granted: true },
        { purpose: 'wallet', granted: false },
      ],
    },
  ],
};
const disclosure = (n: number): Disclosure => ({
  id: `d-${n}`,
  txnId: 'txn-1',
  recipientKind: 'institution',
  recipientName: `Institute ${n}`,
  what: 'request',
  detail: 'Degree; 1 document',
  at: '2030-01-14T10:00:00.000Z',
});

let api: MockApi;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => api.restore());

describe('/privacy/access', () => {
  it('shows what is held by category with its purposes, and the disclosures page by page', async () => {
    storeSession(makeSession());
    api.on('get', ACCESS_URL, { status: 200, body: ok(access) });
    api.on('get', DISCLOSURES_URL, (call) =>
      call.url.includes('cursor=next')
        ? { status: 200, body: ok({ items: [disclosure(2)], nextCursor: null }) }
        : { status: 200, body: ok({ items: [disclosure(1)], nextCursor: 'next' }) },
    );
    const { user } = renderApp({ route: '/privacy/access' });
    expect(
      await screen.findByRole('heading', { name: 'What we hold about you', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy', level: 1 })).toBeInTheDocument();
    const identity = await screen.findByRole('region', { name: 'Identity' });
    expect(within(identity).getByText('Only the last 4 digits: XXXX XXXX 4321')).toBeInTheDocument();
    const requests = screen.getByRole('region', { name: 'Verification requests' });
    expect(within(requests).getByText('Admission check, for Demo University')).toBeInTheDocument();
    expect(within(requests).getByText('Documents: marksheet.pdf')).toBeInTheDocument();
    expect(
      within(requests).getByText(
        'You agreed to: the report to the organisation that invited you; checking your data and documents',
      ),
    ).toBeInTheDocument();
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(
      within(payments).getByText('Used for: running your account and what the law requires us to keep'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Credentials in your wallet' })).getByText('2 items'));

    const received = screen.getByRole('region', { name: 'Who received your data' });
    expect(await within(received).findByText('Institute 1 (Institution)')).toBeInTheDocument();
    expect(within(received).getAllByText('Request to confirm your details')).toHaveLength(1);
    await user.click(within(received).getByRole('button', { name: 'Show more' }));
    expect(await within(received).findByText('Institute 2 (Institution)')).toBeInTheDocument();
    expect(within(received).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when nobody received anything, and offers a retry when the page fails', async () => {
    storeSession(makeSession());
    let accessFails = true;
    api.on('get', ACCESS_URL, () =>
      accessFails
        ? { status: 500, body: fail(500, 'Something went wrong, please try again later') }
        : { status: 200, body: ok(access) },
    );
    api.on('get', DISCLOSURES_URL, { status: 200, body: ok({ items: [], nextCursor: null }) });
    const { user } = renderApp({ route: '/privacy/access' });
    expect(await screen.findByText('This page could not be loaded.')).toBeInTheDocument();
    expect(
      await screen.findByText('Your data has not been given to anyone outside our team.'),
    ).toBeInTheDocument();
    accessFails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Identity' })).toBeInTheDocument();
  });

  it('is reached from the Profile page', async () => {
    storeSession(makeSession());
    api.on('get', ACCESS_URL, { status: 200, body: ok(access) });
    api.on('get', DISCLOSURES_URL, { status: 200, body: ok({ items: [], nextCursor: null }) });
    renderApp({ route: '/profile' });
    const link = await screen.findByRole('link', { name: 'What we hold about you' });
    expect(link).toHaveAttribute('href', '/privacy/access');
  });
});
