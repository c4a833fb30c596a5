import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import ChoosePaymentRegionPage from './choose-payment-region-page';
import { makeOrder } from './payment-fixtures';
import SelectModePage from './select-mode-page';
import TransactionHistoryPage from './transaction-history-page';

const BASE = '/api/verification/v1/transactions';
const REGIONS = `${BASE}/payment/region`;
const MODE = `${BASE}/payment-option`;
const HISTORY = `${BASE}/payment/history`;
const LIST = [
  { region: 'IN', currency: 'INR', label: 'India' },
  { region: 'INTL', currency: 'USD', label: 'Other countries' },
];

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(() => api.restore());

describe('/select-mode', () => {
  it('offers standard and fast-track (5 business days, the mode price); fast-track goes on with expressOpted', async () => {
    api.on('get', MODE, {
      status: 200,
      body: ok({
        showWarning: false,
        expressAllowed: true,
        expressPrice: { INR: 660_000, USD: 8_000 },
        expressBusinessDays: 5,
      }),
    });
    const { user, probe } = renderWithProviders(<SelectModePage />, {
      route: '/select-mode?orgId=org-1&txId=txn-1',
    });
    expect(await screen.findByRole('radio', { name: /Standard/ })).toBeChecked();
    expect(screen.getByText('Completed within 5 business days.')).toBeInTheDocument();
    expect(screen.getByText('Additional ₹6,600 (India) or $80 (other countries)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Fast-track/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/choose-payment-region'));
    // The choice goes on in the URL too: a reload or a new tab keeps it (issue 24 §3).
    expect(probe.current?.search).toBe('?orgId=org-1&txId=txn-1&express=true');
    expect(probe.current?.state).toEqual({ expressOpted: true });
  });

  it("opened from the checkout's Change: the current choice preselected, the region kept", async () => {
    api.on('get', MODE, {
      status: 200,
      body: ok({
        showWarning: false,
        expressAllowed: true,
        expressPrice: { INR: 660_000, USD: 8_000 },
        expressBusinessDays: 5,
      }),
    });
    const { user, probe } = renderWithProviders(<SelectModePage />, {
      route: '/select-mode?orgId=org-1&txId=txn-1&region=INTL&express=true',
    });
    expect(await screen.findByRole('radio', { name: /Fast-track/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Standard/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/choose-payment-region'));
    expect(probe.current?.search).toBe('?orgId=org-1&txId=txn-1&region=INTL&express=false');
  });
});

describe('/choose-payment-region', () => {
  it('no preselection: Continue says "Please select the payment option first"', async () => {
    api.on('get', REGIONS, { status: 200, body: ok({ list: LIST, preselected: null }) });
    const { user, probe } = renderWithProviders(<ChoosePaymentRegionPage />, {
      route: '/choose-payment-region?orgId=org-1&txId=txn-1',
    });
    expect(await screen.findByRole('radio', { name: /India/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select the payment option first')).toBeInTheDocument();
    expect(probe.current?.pathname).toBe('/choose-payment-region');
    await user.click(screen.getByRole('radio', { name: /Other countries/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/payment'));
    expect(probe.current?.search).toBe('?orgId=org-1&txId=txn-1&region=INTL');
  });

  it('preselects the region the server gives and keeps the payment state', async () => {
    api.on('get', REGIONS, { status: 200, body: ok({ list: LIST, preselected: 'IN' }) });
    const { user, probe } = renderWithProviders(<ChoosePaymentRegionPage />, {
      route: {
        pathname: '/choose-payment-region',
        search: '?orgId=org-1&txId=txn-1',
        state: { expressOpted: true, phoneNumber: '+919812345678' },
      },
    });
    expect(await screen.findByRole('radio', { name: /India/ })).toBeChecked();
    expect(screen.getByText('Pay in Indian Rupees (INR)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(probe.current?.search).toBe('?orgId=org-1&txId=txn-1&region=IN&express=true'));
    expect(probe.current?.state).toEqual({ expressOpted: true, phoneNumber: '+919812345678' });
  });
});

describe('/transaction-history', () => {
  it('lists the orders; an order opens its receipt, a refund opens it pointed at that refund', async () => {
    api.on('get', HISTORY, { status: 200, body: ok({ list: [makeOrder()], total: 1 }) });
    const { user, probe } = renderWithProviders(<TransactionHistoryPage />, {
      route: '/transaction-history',
    });
    const open = await screen.findByRole('button', { name: /Open the receipt: Acme Corp, ₹4,130/ });
    expect(api.callsTo('get', HISTORY)[0]?.url).toBe(`${HISTORY}?seed=0&count=10`);
    await user.click(screen.getByRole('button', { name: /Refund of ₹500/ }));
    await waitFor(() => expect(probe.current?.search).toBe('?transactionHistory=true'));
    expect(probe.current?.state).toMatchObject({ isARefundTxn: true, txnSelected: 'rf-old' });
    expect(open).toBeInTheDocument();
  });

  it('empty: "No payments yet"', async () => {
    api.on('get', HISTORY, { status: 200, body: ok({ list: [], total: 0 }) });
    renderWithProviders(<TransactionHistoryPage />, { route: '/transaction-history' });
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });
});
