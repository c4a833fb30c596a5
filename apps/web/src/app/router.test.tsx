import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProfile, makeSession, ok, storeSession } from '../test/fixtures';
import { mockApi, type MockApi } from '../test/mock-api';
import { renderApp } from '../test/render';
import { login } from './store/slices/auth-slice';

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  api.on('post', '/api/web-wallet/profile/logout', { status: 200, body: ok(null) });
});
afterEach(() => api.restore());

const loginHeading = () => screen.findByRole('heading', { name: 'Sign up / Login', level: 1 });

describe('logged-out routes (spec §2)', () => {
  it('/ goes to /login, titled "Sign up / Login | Veridocs"', async () => {
    const { probe } = renderApp({ route: '/' });
    await loginHeading();
    expect(probe.current?.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Sign up / Login | Veridocs'));
  });

  it('an unknown path goes to /login', async () => {
    const { probe } = renderApp({ route: '/no-such-page' });
    await loginHeading();
    expect(probe.current?.pathname).toBe('/login');
  });

  it('a logged-in-only path goes to /login', async () => {
    const { probe } = renderApp({ route: '/transaction-history' });
    await loginHeading();
    expect(probe.current?.pathname).toBe('/login');
  });

  it.each([
    ['/terms', 'Last edited 19 Feb 2024'],
    ['/privacy-policy', 'Last updated 14 Nov 2022'],
    ['/error', 'Unexpected error occurred, please try again later.'],
    ['/instructions', 'Tips for uploading documents'],
    ['/faq', 'How long does verification take?'],
    ['/payment', 'This link is incomplete. Open the payment from its form.'],
  ])('%s is open without a session', async (route, text) => {
    const { probe } = renderApp({ route });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(probe.current?.pathname).toBe(route);
  });

  it('the form entry without a session goes to /login and, after sign-in, back to the same form URL', async () => {
    const { probe, app } = renderApp({ route: '/ekyc/form-1/txn-9?orgId=org-1' });
    await loginHeading();
    expect(probe.current?.pathname).toBe('/login');
    act(() => {
      app.store.dispatch(login({ ...makeSession(), startRefresh: false }));
    });
    await waitFor(() => expect(probe.current?.pathname).toBe('/ekyc/form-1/txn-9'));
    expect(probe.current?.search).toBe('?orgId=org-1');
  });
});

describe('logged-in routes (spec §2)', () => {
  beforeEach(() => storeSession(makeSession()));

  it('/login goes to /', async () => {
    const { probe } = renderApp({ route: '/login' });
    expect(await screen.findByRole('heading', { name: 'Hello, Asha Verma' })).toBeInTheDocument();
    expect(probe.current?.pathname).toBe('/');
  });

  it('an unknown path goes to /', async () => {
    const { probe } = renderApp({ route: '/no-such-page' });
    await screen.findByRole('heading', { name: 'Your verifications' });
    expect(probe.current?.pathname).toBe('/');
  });

  it.each([['/notifications', 'Notifications']])(
    '%s renders inside the layout, titled "%s", with its list (empty here)',
    async (route, title) => {
      const { probe } = renderApp({ route });
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
      expect((await screen.findAllByText('No Notifications yet')).length).toBeGreaterThan(0);
      expect(probe.current?.pathname).toBe(route);
      await waitFor(() => expect(document.title).toBe(`${title} | Veridocs`));
    },
  );

  it.each([
    ['/submitted', 'Verify Documents', 'Your verification has been submitted'],
    ['/form-txns', 'Your Verifications', 'No verifications yet'],
    ['/ekyc/form-1', 'Verification', 'This link is incomplete'],
    ['/profile-mode', 'Profile Mode', 'How would you like to build your profile?'],
    ['/basic-details', 'Basic Details', 'You must be at least 18 years old.'],
    ['/contact-details', 'Contact Details', 'Step 2 of 2'],
    ['/transaction-history', 'Payment Details', 'No payments yet'],
    ['/form-payments', 'Payment Details', 'This link is incomplete. Open the payment from its form.'],
    [
      '/choose-payment-region',
      'Choose Payment Region',
      'This link is incomplete. Open the payment from its form.',
    ],
    ['/select-mode', 'Select Mode', 'This link is incomplete. Open the payment from its form.'],
    ['/payment', 'Payment Details', 'This link is incomplete. Open the payment from its form.'],
    [
      '/verification/insufficiency',
      'Document Details',
      'This link is incomplete. Open the verification from its form.',
    ],
    [
      '/verification-info',
      'Verification',
      "This link is incomplete: it does not say which verification to open. Open the verification from your form's page.",
    ],
  ])('%s is built: titled "%s"', async (route, title, text) => {
    api.on('get', '/api/verification/v1/transactions/candidate-transaction', {
      status: 200,
      body: ok({ list: [], total: 0 }),
    });
    api.on('get', '/api/verification/v1/transactions/payment/history', {
      status: 200,
      body: ok({ list: [], total: 0 }),
    });
    renderApp({ route });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Not available yet')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Veridocs`));
  });

  it('the common routes stay reachable inside the layout', async () => {
    renderApp({ route: '/terms' });
    expect(await screen.findByText('Last edited 19 Feb 2024')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});
