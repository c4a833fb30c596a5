import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, makeProfile, makeSession, ok } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  api.on('post', '/api/web-wallet/profile/logout', { status: 200, body: ok(null) });
});
afterEach(() => api.restore());

describe('form entry with sso (spec §2)', () => {
  it('stores the refresh token and ids, refreshes after 200 ms and goes to /select-evaluation-partner', async () => {
    const session = makeSession();
    api.on('put', '/api/web-wallet/profile/login/get-token', { status: 200, body: ok(session) });
    const { probe, app } = renderApp({ route: '/ekyc/form-1/txn-1?orgId=org-1&sso=sso-refresh' });
    expect(await screen.findByRole('progressbar', { name: 'Signing you in...' })).toBeInTheDocument();
    // Stored by an effect after the first render (under load that can lag the loader a little).
    await waitFor(() => expect(localStorage.getItem('refreshToken')).toBe('sso-refresh'));
    expect(localStorage.getItem('formId')).toBe('form-1');
    expect(localStorage.getItem('orgId')).toBe('org-1');
    expect(localStorage.getItem('txnId')).toBe('txn-1');
    await waitFor(() => expect(probe.current?.pathname).toBe('/select-evaluation-partner'));
    const refresh = api.callsTo('put', '/api/web-wallet/profile/login/get-token');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]?.headers.authorization).toBe('Bearer sso-refresh');
    expect(app.store.getState().auth.accessToken).toBe(session.accessToken);
    expect(await screen.findByRole('heading', { name: 'Evaluation Partner', level: 1 })).toBeInTheDocument();
  });

  it('a link without a txnId drops the txnId an earlier link stored', async () => {
    localStorage.setItem('txnId', 'txn-of-another-form');
    api.on('put', '/api/web-wallet/profile/login/get-token', { status: 200, body: ok(makeSession()) });
    const { probe } = renderApp({ route: '/ekyc/form-2?orgId=org-1&sso=sso-no-txn' });
    await waitFor(() => expect(localStorage.getItem('formId')).toBe('form-2'));
    expect(localStorage.getItem('txnId')).toBeNull();
    await waitFor(() => expect(probe.current?.pathname).toBe('/select-evaluation-partner'));
  });

  it('a failing refresh logs out (spec §4, §8): storage cleared, /login', async () => {
    api.on('put', '/api/web-wallet/profile/login/get-token', {
      status: 400,
      body: fail(101, 'Invalid refresh token'),
    });
    const { probe, app } = renderApp({ route: '/ekyc/form-1/txn-1?orgId=org-1&sso=sso-expired' });
    await waitFor(() => expect(probe.current?.pathname).toBe('/login'));
    // A spent or expired sso (ADR 0004): the OTP sign-in returns to the same link, without the sso.
    await waitFor(() =>
      expect(probe.current?.state).toEqual({
        from: { pathname: '/ekyc/form-1/txn-1', search: '?orgId=org-1' },
      }),
    );
    expect(api.callsTo('put', '/api/web-wallet/profile/login/get-token')).toHaveLength(1);
    // The logout revokes the stored sso token and clears what the entry stored.
    expect(api.callsTo('post', '/api/web-wallet/profile/logout')[0]?.headers.authorization).toBe(
      'Bearer sso-expired',
    );
    await waitFor(() => expect(localStorage.getItem('refreshToken')).toBeNull());
    expect(localStorage.getItem('formId')).toBeNull();
    expect(app.store.getState().auth.accessToken).toBeNull();
  });
});
