import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORG_API_PATHS, type OrgBilling, type OrgInvoice } from '@veridocs/shared';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { MANAGER, OWNER, VIEWER, renderPortal, signIn } from '../../test/render';

const PROFILE = {
  legalName: 'Acme University Trust',
  gstin: '29AAATA1234E1Z2',
  address: '1 Campus Road, Bengaluru',
  stateCode: '29',
  billingEmail: 'accounts@acme.test',
};
const BILLING: OrgBilling = {
  mode: 'prepaid',
  balance: 1_003_118,
  monthUsage: 149_900,
  profile: PROFILE,
  ledger: [
    {
      id: 'l2',
      kind: 'usage',
      amount: -176_882,
      balanceAfter: 1_003_118,
      transactionId: 't1',
      note: 'Admissions',
      at: '2030-01-15T10:00:00.000Z',
    },
    {
      id: 'l1',
      kind: 'purchase',
      amount: 1_180_000,
      balanceAfter: 1_180_000,
      transactionId: null,
      note: null,
      at: '2030-01-14T10:00:00.000Z',
    },
  ],
};
const INVOICE: OrgInvoice = {
  id: 'inv1',
  number: 'VD/2029-30/00002',
  period: '2030-01',
  issuedAt: '2030-02-01T00:00:00.000Z',
  taxable: 299_800,
  cgst: 26_982,
  sgst: 26_982,
  igst: 0,
  total: 353_764,
  lines: [],
};

afterEach(() => vi.restoreAllMocks());

describe('the billing page', () => {
  it('shows the owner the mode, balance, usage, ledger and invoices, and saves the billing details', async () => {
    signIn(OWNER);
    const api = mockApi()
      .on('get', ORG_API_PATHS.billing, okReply(BILLING))
      .on('get', ORG_API_PATHS.invoices, okReply({ list: [INVOICE] }))
      .on('put', ORG_API_PATHS.billingProfile, (call) => okReply(call.body));
    renderPortal('/billing');
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(await screen.findByText('Prepaid credits')).toBeInTheDocument();
    expect(screen.getByText('₹10,031.18')).toBeInTheDocument();
    expect(screen.getByText('₹1,499')).toBeInTheDocument();
    const ledger = screen.getByRole('region', { name: 'Recent credit activity' });
    expect(within(ledger).getByText('Submission charged')).toBeInTheDocument();
    expect(within(ledger).getByText('+₹11,800')).toBeInTheDocument();
    expect(await screen.findByText('VD/2029-30/00002')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download invoice VD/2029-30/00002 as PDF' })).toBeEnabled();

    const user = userEvent.setup();
    const gstin = screen.getByLabelText('GSTIN (leave empty if unregistered)');
    await user.clear(gstin);
    await user.type(gstin, 'bad');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Enter a valid 15-character GSTIN')).toBeInTheDocument();
    expect(api.callsTo('put', ORG_API_PATHS.billingProfile)).toHaveLength(0);
    await user.clear(gstin);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Billing details saved.')).toBeInTheDocument();
    expect(api.callsTo('put', ORG_API_PATHS.billingProfile)[0]?.body).toEqual({ ...PROFILE, gstin: null });
  });

  it('sends the owner to the gateway checkout to buy credits, refusing an amount out of range', async () => {
    signIn(OWNER);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const api = mockApi()
      .on('get', ORG_API_PATHS.billing, okReply(BILLING))
      .on('get', ORG_API_PATHS.invoices, okReply({ list: [] }))
      .on(
        'post',
        ORG_API_PATHS.creditOrders,
        okReply({
          id: 'o1',
          amount: 500_000,
          total: 590_000,
          status: 'created',
          checkoutUrl: 'http://localhost/sandbox/checkout/s1',
          createdAt: '2030-01-15T10:00:00.000Z',
          paidAt: null,
        }),
      );
    renderPortal('/billing');
    const user = userEvent.setup();
    const amount = await screen.findByLabelText('Credits (₹, before GST)');
    await user.type(amount, '10');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Enter an amount from ₹1,000 to ₹10,00,000')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '5000');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/s1'));
    expect(api.callsTo('post', ORG_API_PATHS.creditOrders)[0]?.body).toEqual({ amount: 500_000 });
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
  });

  it('lists the owner’s recent orders after a reload: a pending one links back to its checkout', async () => {
    signIn(OWNER);
    const order = (id: string, status: string, checkoutUrl: string | null, total: number) => ({
      id,
      amount: Math.round(total / 1.18),
      total,
      status,
      checkoutUrl,
      createdAt: '2030-01-15T10:00:00.000Z',
      paidAt: status === 'paid' ? '2030-01-15T10:01:00.000Z' : null,
    });
    mockApi()
      .on('get', ORG_API_PATHS.billing, okReply(BILLING))
      .on('get', ORG_API_PATHS.invoices, okReply({ list: [] }))
      .on(
        'get',
        ORG_API_PATHS.creditOrders,
        okReply({
          list: [
            order('o3', 'created', 'http://localhost/sandbox/checkout/s3', 590_000),
            order('o2', 'paid', null, 1_180_000),
            order('o1', 'cancelled', null, 118_000),
          ],
        }),
      );
    renderPortal('/billing');
    const orders = await screen.findByRole('region', { name: 'Recent orders' });
    const items = within(orders).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Awaiting payment'),
      expect.stringContaining('Paid'),
      expect.stringContaining('Cancelled'),
    ]);
    expect(items[0]).toHaveTextContent('₹5,900 (GST included) · 15 Jan 2030');
    const resume = within(orders).getByRole('link', { name: 'Continue to pay ₹5,900' });
    expect(resume).toHaveAttribute('href', 'http://localhost/sandbox/checkout/s3');
    // Only the pending order can be paid.
    expect(within(orders).getAllByRole('link')).toHaveLength(1);
  });

  it('says what became of the order when the owner is back from the checkout', async () => {
    signIn(OWNER);
    const api = mockApi()
      .on('get', ORG_API_PATHS.billing, okReply(BILLING))
      .on('get', ORG_API_PATHS.invoices, okReply({ list: [] }))
      .on(
        'get',
        ORG_API_PATHS.creditOrder('o1'),
        okReply({
          id: 'o1',
          amount: 500_000,
          total: 590_000,
          status: 'paid',
          checkoutUrl: null,
          createdAt: '2030-01-15T10:00:00.000Z',
          paidAt: '2030-01-15T10:01:00.000Z',
        }),
      );
    renderPortal('/billing?creditOrder=o1');
    expect(await screen.findByText('Payment received: ₹5,900 added to your credits.')).toBeInTheDocument();
    // The paid order refreshes the balance.
    await waitFor(() => expect(api.callsTo('get', ORG_API_PATHS.billing).length).toBeGreaterThan(1));
  });

  it('shows a manager the details read-only, without buying', async () => {
    signIn(MANAGER);
    mockApi()
      .on('get', ORG_API_PATHS.billing, okReply({ ...BILLING, mode: 'arrears', ledger: [] }))
      .on('get', ORG_API_PATHS.invoices, okReply({ list: [] }));
    renderPortal('/billing');
    expect(await screen.findByText('Monthly invoice in arrears')).toBeInTheDocument();
    expect(screen.getByText('Acme University Trust')).toBeInTheDocument();
    expect(screen.getByText('No credit activity yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
  });

  it('is not a viewer’s page', async () => {
    signIn(VIEWER);
    mockApi();
    renderPortal('/billing');
    expect(await screen.findByText(/Your role does not allow this page/)).toBeInTheDocument();
  });

  it('offers a retry when the billing details fail', async () => {
    signIn(OWNER);
    mockApi()
      .on('get', ORG_API_PATHS.billing, errorReply(503, 503, 'Try again later'))
      .on('get', ORG_API_PATHS.invoices, okReply({ list: [] }));
    renderPortal('/billing');
    expect(await screen.findByText(/The billing details could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
