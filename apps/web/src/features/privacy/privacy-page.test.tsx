import { act, screen, waitFor, within } from '@testing-library/react';
import type { PrivacyRequest, WithdrawConsentResponse } from '@veridocs/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { fail, makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

const LIST = '/api/web-wallet/privacy/consents';
const WITHDRAW = '/api/web-wallet/privacy/consents/withdraw';
const at = '2030-01-15T10:00:00.000Z';
const request: PrivacyRequest = {
  txnId: '7d1c3f0e-1111-4222-8333-444455556666',
  orgName: 'Demo University',
  formName: 'Admissions 2030',
  state: 'SUBMITTED',
  consentedAt: at,
  purposes: [
    { purpose: 'verify', granted: true, required: true, action: 'consent', at },
    { purpose: 'report_organisation', granted: true, required: true, action: 'consent', at },
    { purpose: 'report_partner', granted: false, required: false, action: 'refuse', at },
    { purpose: 'contact_institutions', granted: true, required: false, action: 'consent', at },
    { purpose: 'wallet', granted: true, required: false, action: 'consent', at },
  ],
};
const withdrawn = (purpose: PrivacyRequest['purposes'][number]['purpose']): WithdrawConsentResponse => ({
  txnId: request.txnId,
  organisation: request.orgName,
  withdrawn: [purpose],
  alreadyWithdrawn: [],
  effects: {
    requestClosed: false,
    verificationsClosed: 0,
    institutionRequestsWithdrawn: 0,
    credentialsRemoved: 1,
  },
  request: {
    ...request,
    purposes: request.purposes.map((p) =>
      p.purpose === purpose
        ? { ...p, granted: false, action: 'withdraw', at: '2030-01-20T10:00:00.000Z' }
        : p,
    ),
  },
});

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
});
afterEach(() => api.restore());

const purposes = () => screen.getByRole('list', { name: 'Purposes of Admissions 2030 for Demo University' });

describe('/privacy (issue 29, ADR 0049)', () => {
  it('is reached from the profile and lists each request with its purposes', async () => {
    api.on('get', LIST, { status: 200, body: ok({ requests: [request] }) });
    const { user } = renderApp({ route: '/profile' });
    // The first screen of the file loads its chunks and catalogs: give it time on a loaded machine.
    await user.click(await screen.findByRole('link', { name: 'Privacy and consents' }, { timeout: 15_000 }));
    expect(await screen.findByRole('heading', { name: 'Privacy', level: 1 })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Admissions 2030 for Demo University' }),
    ).toBeInTheDocument();
    const rows = within(purposes()).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Verify your data and documents.*Allowed.*Required.*Withdraw$/),
      expect.stringMatching(/^Give the result and report to Demo University.*Allowed.*Required/),
      expect.stringMatching(/^Send the result to your evaluation partner.*Not allowed$/),
      expect.stringMatching(/Contact the institutions/),
      expect.stringMatching(/Keep verified results/),
    ]);
    // Only granted purposes can be withdrawn.
    expect(within(purposes()).getAllByRole('button', { name: /^Withdraw: / })).toHaveLength(4);
  });

  it('says what stopping the request means before anything is sent, and sends nothing on Cancel', async () => {
    api.on('get', LIST, { status: 200, body: ok({ requests: [request] }) });
    const { user } = renderApp({ route: '/privacy' });
    await user.click(await screen.findByRole('button', { name: 'Withdraw: Verify your data and documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw consent?' });
    expect(
      within(dialog).getByText(/Your request Admissions 2030 for Demo University stops/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/nothing more is sent to Demo University/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Reports Demo University has already received stay with Demo University/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('No refund follows by itself: the terms decide.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('post', WITHDRAW)).toHaveLength(0);
  });

  it('withdraws one purpose on confirmation and shows it withdrawn', async () => {
    api.on('get', LIST, { status: 200, body: ok({ requests: [request] }) });
    api.on('post', WITHDRAW, { status: 200, body: ok(withdrawn('wallet')) });
    const { user } = renderApp({ route: '/privacy' });
    await user.click(
      await screen.findByRole('button', {
        name: 'Withdraw: Keep verified results as credentials in your wallet',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw consent?' });
    expect(within(dialog).getByText(/revoked and removed from your wallet/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/stops/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(api.callsTo('post', WITHDRAW)[0]?.body).toEqual({ txnId: request.txnId, purposes: ['wallet'] });
    expect(await screen.findByText('Consent withdrawn.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(purposes()).findByText(/Withdrawn on/)).toBeInTheDocument();
    expect(within(purposes()).getAllByRole('button', { name: /^Withdraw: / })).toHaveLength(3);
  });

  it('shows the empty state, and an error with a retry', async () => {
    let fails = true;
    api.on('get', LIST, () =>
      fails
        ? { status: 500, body: fail(500, 'Something went wrong') }
        : { status: 200, body: ok({ requests: [] }) },
    );
    const { user } = renderApp({ route: '/privacy' });
    expect(await screen.findByText('Your consents could not be loaded.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No consents yet' })).toBeInTheDocument();
  });

  it('reads in Hindi', async () => {
    api.on('get', LIST, { status: 200, body: ok({ requests: [request] }) });
    renderApp({ route: '/privacy' });
    await screen.findByRole('heading', { name: 'Admissions 2030 for Demo University' });
    await act(() => setLanguage('hi', { persist: false }));
    expect(await screen.findByRole('heading', { name: 'गोपनीयता', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'आपकी सहमतियाँ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'वापस लें: आपके डेटा और दस्तावेज़ों का सत्यापन' })).toBeInTheDocument();
    await act(() => setLanguage('en', { persist: false }));
  });
});
