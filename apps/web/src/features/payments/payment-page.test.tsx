import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { POLL } from '@veridocs/shared';
import { fail, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { recordAnalytics } from '../../test/analytics-sink';
import { renderWithProviders } from '../../test/render';
import { setLanguage } from '../../i18n';
import { leaveTo } from './browser';
import { makeOrder, makeQuote } from './payment-fixtures';
import PaymentPage from './payment-page';

vi.mock('./browser', () => ({ leaveTo: vi.fn() }));

const BASE = '/api/verification/v1/transactions';
const PRICE = `${BASE}/payment/price`;
const INIT = `${BASE}/payment/init`;
const STATUS = `${BASE}/payment`;
const MODE = `${BASE}/payment-option`;
const ROUTE = '/payment?orgId=org-1&txId=txn-1&region=IN';

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  vi.mocked(leaveTo).mockClear();
});
afterEach(() => {
  api.restore();
  vi.useRealTimers();
});

const started = (overrides: Record<string, unknown> = {}) => ({
  status: 200,
  body: ok({
    provider: 'sandbox',
    orderId: 'ord-1',
    redirectInfo: { web: 'http://localhost/api/payments/sandbox/checkout/ses_1' },
    paymentSessionId: null,
    environment: 'sandbox',
    ...overrides,
  }),
});

describe('/payment: the checkout (spec §2, §9)', () => {
  it('shows the warning, items with the struck-through mrp, the §9 texts, GST % and the total', async () => {
    api.on('get', PRICE, { status: 200, body: ok(makeQuote()) });
    renderWithProviders(<PaymentPage />, {
      route: {
        pathname: '/payment',
        search: '?orgId=org-1&txId=txn-1&region=IN',
        state: { expressOpted: true },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Verifications', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/International usage must be enabled on your card/)).toBeInTheDocument();
    expect(api.callsTo('get', PRICE)[0]?.url).toBe(`${PRICE}?orgId=org-1&txnId=txn-1&region=IN&express=true`);
    // The sections sit right under the screen's h1 (axe's heading order, issue 24).
    expect(screen.getByRole('heading', { name: 'Verifications', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Billing Summary', level: 2 })).toBeInTheDocument();

    const items = screen.getAllByTestId('payment-item');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent('Degree 2');
    expect(items[1]).toHaveTextContent('Anna University');
    expect(within(items[1] as HTMLElement).getByText('₹1,200')).toBeInTheDocument();
    // mrp 150000 > price 120000: struck through; equal mrp is not shown.
    expect(within(items[1] as HTMLElement).getByText('₹1,500').tagName).toBe('DEL');
    expect(within(items[0] as HTMLElement).queryByText('₹1,500', { selector: 'del' })).toBeNull();

    expect(screen.getByText('Save 20% on additional degrees')).toBeInTheDocument();
    expect(screen.getByText('Save upto 20%')).toBeInTheDocument();
    // ₹5,000 threshold for 10%: 500000 paise.
    expect(
      screen.getByText('To get a 10% discount, your cart value must be at least INR 5,000'),
    ).toBeInTheDocument();
    // Savings: discount 0 + mrpDiscount 30000 = ₹300.
    expect(screen.getByText('You save ₹300 on this order')).toBeInTheDocument();
    // 63000 / (350000 − 0) = 18%.
    expect(screen.getByText('GST (18%)')).toBeInTheDocument();
    expect(screen.getByText('₹630')).toBeInTheDocument();
    expect(screen.getByText('₹4,130')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Pay' })).toBeInTheDocument();
  });

  it('a discounted cart: the displayed GST % on the discounted base and "Pay (10% Additional Discount Applied)"', async () => {
    // total 350000, discount 35000 → base 315000; gst 56700 → 18%; toPay 315000 + 56700.
    api.on('get', PRICE, {
      status: 200,
      body: ok(
        makeQuote({
          discount: { amount: 35_000, mrpDiscount: 30_000, percentage: 10 },
          gst: 56_700,
          toPayBeforeGst: 315_000,
          toPay: 371_700,
        }),
      ),
    });
    renderWithProviders(<PaymentPage />, { route: ROUTE });
    expect(
      await screen.findByRole('button', { name: 'Pay (10% Additional Discount Applied)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Discount (10%)')).toBeInTheDocument();
    expect(screen.getByText('GST (18%)')).toBeInTheDocument();
    expect(screen.getByText('₹3,717')).toBeInTheDocument();
    // 35000 + 30000 = ₹650 saved; the threshold banner is gone once the discount applies.
    expect(screen.getByText('You save ₹650 on this order')).toBeInTheDocument();
    expect(screen.queryByText(/To get a 10% discount/)).toBeNull();
  });

  it('Pay starts the order with an Idempotency-Key and no amount, then leaves for the gateway', async () => {
    api.on('get', PRICE, { status: 200, body: ok(makeQuote()) });
    api.on('post', INIT, started());
    const analytics = recordAnalytics();
    const { user } = renderWithProviders(<PaymentPage />, { route: ROUTE });
    await user.click(await screen.findByRole('button', { name: 'Continue to Pay' }));
    await waitFor(() =>
      expect(leaveTo).toHaveBeenCalledWith('http://localhost/api/payments/sandbox/checkout/ses_1'),
    );
    expect(analytics.events).toEqual([
      { name: 'payment.started', props: { region: 'IN', express: false, provider: 'sandbox' } },
    ]);
    // Sent before the browser leaves for the gateway.
    expect(analytics.flushes()).toBe(1);
    const [call] = api.callsTo('post', INIT);
    expect(call?.body).toEqual({ orgId: 'org-1', txnId: 'txn-1', region: 'IN', express: false });
    expect(call?.headers['idempotency-key']).toMatch(/^[\w-]{16,}$/);
  });

  it('an init without an answer: "Error in payment"; Pay again reuses the attempt\'s key; a refusal does not', async () => {
    api.on('get', PRICE, { status: 200, body: ok(makeQuote()) });
    api.on(
      'post',
      INIT,
      { status: 503, body: fail(503, 'Service is unavailable, please try again later') },
      { once: true },
    );
    api.on('post', INIT, { status: 409, body: fail(190, 'Refused') }, { once: true });
    api.on('post', INIT, started());
    const analytics = recordAnalytics();
    const { user } = renderWithProviders(<PaymentPage />, { route: ROUTE });
    const pay = await screen.findByRole('button', { name: 'Continue to Pay' });
    await user.click(pay);
    expect(await screen.findByText('Error in payment')).toBeInTheDocument();
    await user.click(pay);
    await waitFor(() => expect(api.callsTo('post', INIT)).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Continue to Pay' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalled());
    const keys = api.callsTo('post', INIT).map((call) => call.headers['idempotency-key']);
    // 503: the order may exist, the retry asks for the same one; after the 409 a new attempt.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(analytics.events.map((e) => [e.name, e.props.reason])).toEqual([
      ['payment.failed', 'not_started'],
      ['payment.failed', 'not_started'],
      ['payment.started', undefined],
    ]);
  });

  it('a card-SDK provider with a session goes to /payment-redirect', async () => {
    api.on('get', PRICE, { status: 200, body: ok(makeQuote()) });
    api.on(
      'post',
      INIT,
      started({ provider: 'sandbox-sdk', paymentSessionId: 'ses_9', redirectInfo: { web: '' } }),
    );
    const { user, probe } = renderWithProviders(<PaymentPage />, { route: ROUTE });
    await user.click(await screen.findByRole('button', { name: 'Continue to Pay' }));
    await waitFor(() => expect(probe.current?.pathname).toBe('/payment-redirect'));
    expect(probe.current?.search).toBe('?sdkProvider=sandbox-sdk&paymentSessionId=ses_9&environment=sandbox');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('FAILED after a fast-track order: the retry quotes and starts fast-track from the URL alone (issue 24 §3)', async () => {
    api.on('get', STATUS, { status: 200, body: ok({ currentStatus: 'FAILED', orderId: 'ord-1' }) });
    api.on('get', MODE, {
      status: 200,
      body: ok({ showWarning: false, expressAllowed: true, expressPrice: null, expressBusinessDays: 5 }),
    });
    api.on('get', PRICE, { status: 200, body: ok(makeQuote({ express: true })) });
    api.on('post', INIT, started());
    // No navigation state and nothing in this tab's storage: a new tab, or another origin's return.
    const { user } = renderWithProviders(<PaymentPage />, { route: `${ROUTE}&express=true&order_id=ord-1` });
    expect(await screen.findByText('Payment Failed. Please try again')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Continue to Pay' });
    expect(api.callsTo('get', PRICE)[0]?.url).toBe(`${PRICE}?orgId=org-1&txnId=txn-1&region=IN&express=true`);
    // The chosen speed is said, with a way to change it deliberately.
    expect(await screen.findByText(/Verification speed: Fast-track/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change the verification speed' })).toHaveAttribute(
      'href',
      '/select-mode?orgId=org-1&txId=txn-1&region=IN&express=true',
    );
    expect(screen.getByRole('link', { name: 'Change where you pay from' })).toHaveAttribute(
      'href',
      '/choose-payment-region?orgId=org-1&txId=txn-1&region=IN&express=true',
    );
    await user.click(screen.getByRole('button', { name: 'Continue to Pay' }));
    await waitFor(() => expect(api.callsTo('post', INIT)).toHaveLength(1));
    expect(api.callsTo('post', INIT)[0]?.body).toMatchObject({ region: 'IN', express: true });
  });

  it('no region: told to choose one and sent to /choose-payment-region', async () => {
    const { probe } = renderWithProviders(<PaymentPage />, { route: '/payment?orgId=org-1&txId=txn-1' });
    expect(
      await screen.findByText('Please choose a payment region before proceeding to pay'),
    ).toBeInTheDocument();
    expect(probe.current?.pathname).toBe('/choose-payment-region');
    expect(probe.current?.search).toBe('?orgId=org-1&txId=txn-1');
  });

  it('the cancelled flag: "Payment Cancelled", and the cart to pay again', async () => {
    api.on('get', PRICE, { status: 200, body: ok(makeQuote()) });
    renderWithProviders(<PaymentPage />, { route: `${ROUTE}&cancelled=true&order_id=ord-1` });
    expect(await screen.findByText('Payment Cancelled')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue to Pay' })).toBeInTheDocument();
    expect(api.callsTo('get', STATUS)).toHaveLength(0);
  });

  it('shows the items, the fast-track line and the disclaimer in Hindi (issue 24)', async () => {
    const quote = makeQuote({ disclaimer: 'Fees are not refunded once the verification has started.' });
    quote.items.push({
      key: 'express',
      label: 'Fast-track',
      description: 'Completed within 5 business days',
      price: 660_000,
      mrp: 660_000,
      icon: 'bolt',
      iconUrl: null,
    });
    api.on('get', PRICE, { status: 200, body: ok(quote) });
    await act(() => setLanguage('hi', { persist: false }));
    try {
      renderWithProviders(<PaymentPage />, {
        route: { pathname: '/payment', search: '?orgId=org-1&txId=txn-1&region=IN' },
      });
      const items = await screen.findAllByTestId('payment-item');
      expect(items[0]).toHaveTextContent('डिग्री');
      expect(items[0]).not.toHaveTextContent('Degree');
      expect(items[1]).toHaveTextContent('डिग्री 2');
      expect(items[2]).toHaveTextContent('10वीं');
      expect(items[3]).toHaveTextContent('फ़ास्ट-ट्रैक');
      expect(items[3]).toHaveTextContent('5 कार्य दिवसों में पूरा।');
      expect(screen.getByText('सत्यापन शुरू होने के बाद फ़ीस वापस नहीं की जाती।')).toBeInTheDocument();
      expect(screen.queryByText(/Fees are not refunded/)).toBeNull();
    } finally {
      await act(() => setLanguage('en', { persist: false }));
    }
  });
});

describe('/payment?order_id: the status (spec §4 "Payment status", 6 s × 20)', () => {
  const RETURN = `${ROUTE}&order_id=ord-1`;
  const status = (currentStatus: string) => ({ status: 200, body: ok({ currentStatus, orderId: 'ord-1' }) });
  const pollsSoFar = () => api.callsTo('get', STATUS).length;

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.on('get', PRICE, { status: 200, body: ok(makeQuote()) });
  });

  it('polls every 6 s while pending, then SUCCESS goes to /submitted', async () => {
    api.on('get', STATUS, status('PENDING'), { once: true });
    api.on('get', STATUS, status('PENDING'), { once: true });
    api.on('get', STATUS, status('SUCCESS'));
    const analytics = recordAnalytics();
    const { probe } = renderWithProviders(<PaymentPage />, { route: RETURN });
    expect(await screen.findByText('Please wait while we fetch the payment status')).toBeInTheDocument();
    await waitFor(() => expect(pollsSoFar()).toBe(1));
    expect(api.callsTo('get', STATUS)[0]?.url).toBe(`${STATUS}?orgId=org-1&txnId=txn-1&orderId=ord-1`);
    await act(() => vi.advanceTimersByTimeAsync(POLL.intervalMs - 100));
    expect(pollsSoFar()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(pollsSoFar()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(POLL.intervalMs));
    await waitFor(() => expect(probe.current?.pathname).toBe('/submitted'));
    expect(pollsSoFar()).toBe(3);
    // Pending polls are not events; the success is, once.
    expect(analytics.events).toEqual([{ name: 'payment.succeeded', props: {} }]);
  });

  it('FAILED: "Payment Failed. Please try again" and the cart again', async () => {
    api.on('get', STATUS, status('FAILED'));
    const analytics = recordAnalytics();
    renderWithProviders(<PaymentPage />, { route: RETURN });
    expect(await screen.findByText('Payment Failed. Please try again')).toBeInTheDocument();
    expect(analytics.events).toEqual([{ name: 'payment.failed', props: { reason: 'declined' } }]);
    expect(await screen.findByRole('button', { name: 'Continue to Pay' })).toBeInTheDocument();
    expect(screen.queryByText('Please wait while we fetch the payment status')).toBeNull();
  });

  it('still pending after 20 polls: the same failure message, loading cleared, no 21st poll', async () => {
    api.on('get', STATUS, status('PENDING'));
    const analytics = recordAnalytics();
    renderWithProviders(<PaymentPage />, { route: RETURN });
    await waitFor(() => expect(pollsSoFar()).toBe(1));
    for (let i = 2; i <= POLL.maxPolls; i++) {
      await act(() => vi.advanceTimersByTimeAsync(POLL.intervalMs));
      await waitFor(() => expect(pollsSoFar()).toBe(i));
    }
    expect(await screen.findByText('Payment Failed. Please try again')).toBeInTheDocument();
    expect(screen.queryByText('Please wait while we fetch the payment status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(3 * POLL.intervalMs));
    expect(pollsSoFar()).toBe(POLL.maxPolls);
    expect(analytics.events).toEqual([{ name: 'payment.failed', props: { reason: 'timed_out' } }]);
  });

  it('superseded (the verifications changed after the payment started): the new amount, the refund, and the cart to pay it', async () => {
    api.on('get', STATUS, {
      status: 200,
      body: ok({
        currentStatus: 'CANCELLED',
        orderId: 'ord-1',
        superseded: { toPay: 445_594, currency: 'INR', refund: 117_882 },
      }),
    });
    renderWithProviders(<PaymentPage />, { route: RETURN });
    expect(
      await screen.findByText(
        'Your verifications changed after this payment started, so it was not used. The amount to pay now ' +
          'is ₹4,455.94. The ₹1,178.82 you paid for it will be refunded.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue to Pay' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Cancelled')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(3 * POLL.intervalMs));
    expect(pollsSoFar()).toBe(1);
  });

  it('a status call that fails stops polling', async () => {
    api.on('get', STATUS, { status: 500, body: fail(500, 'Internal error') });
    renderWithProviders(<PaymentPage />, { route: RETURN });
    expect(await screen.findByText('The payment details could not be loaded.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3 * POLL.intervalMs));
    expect(pollsSoFar()).toBe(1);
  });
});

describe('/payment?transactionHistory=true: the receipt (spec §2)', () => {
  const RECEIPT = '/payment?transactionHistory=true';

  it('without an order in the state it goes to /transaction-history', async () => {
    const { probe } = renderWithProviders(<PaymentPage />, { route: RECEIPT });
    await waitFor(() => expect(probe.current?.pathname).toBe('/transaction-history'));
  });

  it('organisation, date, "Paid via", status, copyable ids ("Copied"), refunds newest first', async () => {
    const { user } = renderWithProviders(<PaymentPage />, {
      route: { pathname: '/payment', search: '?transactionHistory=true', state: { order: makeOrder() } },
    });
    expect(await screen.findByRole('heading', { name: 'Acme Corp' })).toBeInTheDocument();
    expect(screen.getByText('Paid via Sandbox')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(screen.getByText('pay_sbx_123')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Payment ID' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('pay_sbx_123');
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    const refunds = screen.getAllByTestId('refund');
    expect(refunds.map((r) => r.getAttribute('data-refund-id'))).toEqual(['rf-new', 'rf-old']);
    expect(refunds[0]).toHaveTextContent('Verification not possible');
    expect(refunds[0]).toHaveTextContent('₹200');
    expect(refunds[0]).toHaveTextContent('Pending');
    expect(refunds[1]).toHaveTextContent('Processed');
    expect(refunds[1]).toHaveTextContent('rfnd_sbx_1');
  });

  it('a selected refund is scrolled to, shakes 400 ms, stays highlighted until 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderWithProviders(<PaymentPage />, {
      route: {
        pathname: '/payment',
        search: '?transactionHistory=true',
        state: { order: makeOrder(), isARefundTxn: true, txnSelected: 'rf-old' },
      },
    });
    const selected = await screen.findByText('Duplicate degree');
    const card = selected.closest('[data-testid="refund"]') as HTMLElement;
    expect(card).toHaveAttribute('data-highlight', 'shake');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    const other = screen.getByText('Verification not possible').closest('[data-testid="refund"]');
    expect(other).not.toHaveAttribute('data-highlight');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(card).toHaveAttribute('data-highlight', 'highlight');
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(card).not.toHaveAttribute('data-highlight');
  });
});
