import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

const URL = '/api/web-wallet/privacy/erasure';
const kept = [
  { category: 'payments', years: 8, what: 'w', why: 'y' },
  { category: 'consent', years: null, what: 'w', why: 'y' },
  { category: 'access_logs', years: 2, what: 'w', why: 'y' },
];
const requested = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'requested',
  origin: 'candidate',
  requestedAt: '2030-01-15T10:00:00.000Z',
  dueAt: '2030-01-22T10:00:00.000Z',
  doneAt: null,
  heldReason: null,
  kept,
};

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
});
afterEach(() => api.restore());

describe('/privacy/erasure', () => {
  it('not knowing whether a request is open, it offers none: it says so, and a retry loads it', async () => {
    api.on('get', URL, { status: 500, body: fail(500, 'Something went wrong') }, { once: true });
    api.on('get', URL, { status: 200, body: ok({ request: requested }) });
    const { user } = renderApp({ route: '/privacy/erasure' });
    expect(await screen.findByText('Your erasure request could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request erasure' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Your request was received on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request erasure' })).not.toBeInTheDocument();
  });

  it('explains what goes and what stays, asks to confirm, then shows the status', async () => {
    api.on('get', URL, { status: 200, body: ok({ request: null }) });
    api.on('post', URL, { status: 200, body: ok(requested) });
    const { user } = renderApp({ route: '/privacy/erasure' });
    expect(await screen.findByRole('heading', { name: 'Erase my data' })).toBeInTheDocument();
    expect(screen.getByText(/kept for 8 years, as the Income-tax Act/)).toBeInTheDocument();
    expect(screen.getByText(/kept for 2 years, as the DPDP Rules/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Request erasure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase your data?' });
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('post', URL)).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: 'Request erasure' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Erase your data?' })).getByRole('button', {
        name: 'Yes, erase my data',
      }),
    );
    expect(await screen.findByText(/Your data will be erased on/)).toBeInTheDocument();
    expect(api.callsTo('post', URL)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Request erasure' })).not.toBeInTheDocument();
  });

  it('shows a held request and its notice, without the reason', async () => {
    api.on('get', URL, {
      status: 200,
      body: ok({ request: { ...requested, status: 'held', heldReason: 'Legal hold: x' } }),
    });
    renderApp({ route: '/privacy/erasure' });
    expect(await screen.findByText(/on hold because of an open dispute/)).toBeInTheDocument();
  });
});
