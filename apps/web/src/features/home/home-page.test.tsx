import { screen, waitFor, within } from '@testing-library/react';
import type { CandidateTransaction } from '@veridocs/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

const V1 = '/api/verification/v1';
const LIST = `${V1}/transactions/candidate-transaction`;
let api: MockApi;

function txn(n: number, overrides: Partial<CandidateTransaction> = {}): CandidateTransaction {
  return {
    txnId: `txn-${n}`,
    orgId: 'org-1',
    formId: `form-${n}`,
    state: 'DATA_SAVED',
    form: { name: `Form ${n}` },
    org: { name: 'Acme Corp', imageUrl: null },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  api = mockApi();
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  api.on('post', '/api/web-wallet/profile/logout', { status: 200, body: ok(null) });
  storeSession(makeSession());
});
afterEach(() => api.restore());

describe('home (spec §2): the candidate’s transactions', () => {
  it('lists cards (organisation, form, state chip, updated date) from the first 100', async () => {
    api.on('get', LIST, {
      status: 200,
      body: ok({ list: [txn(1, { state: 'INSUFFICIENT_DATA' }), txn(2, { state: 'COMPLETED' })], total: 2 }),
    });
    renderApp({ route: '/' });
    const first = await screen.findByRole('link', { name: /^Form 1, Acme Corp, Action Required/ });
    expect(within(first).getByText('Action Required')).toBeInTheDocument();
    expect(within(first).getByText('Updated 20-Nov-2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Form 2, Acme Corp, Verified/ })).toHaveAttribute(
      'href',
      '/ekyc/form-2/txn-2?orgId=org-1',
    );
    expect(api.callsTo('get', LIST)[0]?.url).toBe(`${LIST}?seed=0&count=100`);
  });

  it('a long form name ellipsizes inside a column that may shrink below it (no sideways scroll on a phone)', async () => {
    const long = 'Graduate hiring 2026 for the engineering and product teams across India';
    api.on('get', LIST, { status: 200, body: ok({ list: [txn(1, { form: { name: long } })], total: 1 }) });
    renderApp({ route: '/' });
    const card = await screen.findByRole('link', { name: new RegExp(`^${long}`) });
    expect(within(card).getByText(long)).toHaveStyle({ whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
    // A one-column grid's column is as wide as its widest no-wrap line unless it is minmax(0, 1fr).
    const page = screen.getByRole('heading', { level: 1, name: /^Hello/ }).parentElement?.parentElement;
    expect(page).toHaveStyle({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' });
  });

  it('a card opens the form home of that transaction (no init screen)', async () => {
    api.on('get', LIST, { status: 200, body: ok({ list: [txn(1)], total: 1 }) });
    const { user, probe, app } = renderApp({ route: '/' });
    await user.click(await screen.findByRole('link', { name: /^Form 1/ }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/ekyc/form-1/txn-1'));
    expect(probe.current?.search).toBe('?orgId=org-1');
    await waitFor(() => expect(app.store.getState().formData.showInitScreen).toBe(false));
    expect(app.store.getState().misc.searchedQuery).toEqual({
      pathname: '/ekyc/form-1/txn-1',
      search: '?orgId=org-1',
    });
  });

  it('an empty list shows the friendly empty state', async () => {
    api.on('get', LIST, { status: 200, body: ok({ list: [], total: 0 }) });
    renderApp({ route: '/' });
    expect(await screen.findByText('No verifications yet')).toBeInTheDocument();
    expect(screen.getByText(/Verifications start from a link/)).toBeInTheDocument();
  });
});

describe('/form-txns: the same list, 10 at a time', () => {
  it('loads more until the total is reached', async () => {
    const all = Array.from({ length: 13 }, (_, i) => txn(i + 1));
    api.on('get', LIST, (call) => {
      const params = new URLSearchParams(call.url.split('?')[1]);
      const seed = Number(params.get('seed'));
      const count = Number(params.get('count'));
      return { status: 200, body: ok({ list: all.slice(seed, seed + count), total: all.length }) };
    });
    const { user } = renderApp({ route: '/form-txns' });
    expect(await screen.findByRole('link', { name: /^Form 10,/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Form 11,/ })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 10 of 13')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /^Form 13,/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo('get', LIST).map((c) => c.url)).toEqual([
      `${LIST}?seed=0&count=10`,
      `${LIST}?seed=10&count=10`,
    ]);
  });
});
