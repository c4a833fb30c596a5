import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeConfig } from '../../config.js';
import {
  parseStripeForm,
  startStripeStandIn,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
} from '../../test/gateways/stripe-stand-in.js';
import { GatewayError, WebhookSignatureError, type CheckoutInput } from './gateway.js';
import { createStripeGateway } from './stripe.js';

const input = (orderId: string, amount = 9_440): CheckoutInput => ({
  orderId,
  amount,
  currency: 'USD',
  description: 'Veridocs verification fee',
  customer: { id: 'cand-1', phone: null, email: 'asha@example.com', name: 'Asha Rao' },
  returnUrl: `https://veridocs.example/payment?order_id=${orderId}`,
  cancelUrl: `https://veridocs.example/payment?order_id=${orderId}&cancelled=true`,
});

describe('the Stripe adapter (official SDK), against a local Stripe', () => {
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let config: StripeConfig;
  let clock = Date.now();
  let n = 0;
  const nextOrder = () => `ord_st_${Date.now()}_${++n}`;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    config = {
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiUrl: stand.server.url,
      environment: 'sandbox',
      timeoutMs: 1000,
      webhookToleranceSeconds: 300,
    };
  });
  afterAll(() => stand.server.close());
  beforeEach(() => {
    stand.server.mode = 'ok';
    clock = Date.now();
  });
  const gateway = (over: Partial<StripeConfig> = {}) =>
    createStripeGateway({ ...config, ...over }, { maxNetworkRetries: 0, now: () => clock });

  async function paidSession(orderId = nextOrder(), amount = 9_440) {
    const session = await gateway().createCheckout('stripe', input(orderId, amount));
    const back = await fetch(`${session.redirectUrl!}/pay`, { method: 'POST', redirect: 'manual' });
    expect(back.status).toBe(303);
    return { session, orderId, back: new URL(back.headers.get('location')!) };
  }

  it('creates a Checkout Session, is paid on the hosted page, and reports the PaymentIntent as the payment', async () => {
    const orderId = nextOrder();
    const session = await gateway().createCheckout('stripe', input(orderId));
    expect(session.gatewayOrderId).toMatch(/^cs_test_/);
    expect(session.paymentSessionId).toBeNull();
    const sent = stand.server.received.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`);
    expect(sent.headers['idempotency-key']).toBe(`checkout-${orderId}`);
    expect(sent.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(parseStripeForm(sent.raw)).toMatchObject({
      mode: 'payment',
      client_reference_id: orderId,
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '9440' } }],
      success_url: `https://veridocs.example/payment?order_id=${orderId}`,
      cancel_url: `https://veridocs.example/payment?order_id=${orderId}&cancelled=true`,
      metadata: { order_id: orderId },
    });
    expect(await gateway().fetchPayment(session.gatewayOrderId)).toEqual({
      status: 'pending',
      paymentId: null,
      amount: 9_440,
      currency: 'USD',
    });

    const back = await fetch(`${session.redirectUrl!}/pay`, { method: 'POST', redirect: 'manual' });
    expect(new URL(back.headers.get('location')!).searchParams.get('order_id')).toBe(orderId);
    const intentId = stand.sessions.get(session.gatewayOrderId)!.payment_intent;
    expect(await gateway().fetchPayment(session.gatewayOrderId)).toEqual({
      status: 'success',
      paymentId: intentId,
      amount: 9_440,
      currency: 'USD',
    });
  });

  it('a retried create is the same session (Idempotency-Key)', async () => {
    const orderId = nextOrder();
    const first = await gateway().createCheckout('stripe', input(orderId));
    expect(await gateway().createCheckout('stripe', input(orderId))).toEqual(first);
    expect(stand.server.received.at(-1)!.headers['idempotency-key']).toBe(`checkout-${orderId}`);
  });

  it('maps a decline (still open), an expired session, a cancel and a failed delayed payment', async () => {
    const declined = await gateway().createCheckout('stripe', input(nextOrder()));
    await fetch(`${declined.redirectUrl!}/decline`, { method: 'POST' });
    expect((await gateway().fetchPayment(declined.gatewayOrderId)).status).toBe('pending');
    stand.setSession(declined.gatewayOrderId, { status: 'expired', url: null });
    expect(await gateway().fetchPayment(declined.gatewayOrderId)).toMatchObject({
      status: 'cancelled',
      paymentId: null,
    });

    const cancelled = await gateway().createCheckout('stripe', input(nextOrder()));
    const back = await fetch(`${cancelled.redirectUrl!}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(new URL(back.headers.get('location')!).searchParams.get('cancelled')).toBe('true');
    expect((await gateway().fetchPayment(cancelled.gatewayOrderId)).status).toBe('pending');

    const delayed = await gateway().createCheckout('stripe', input(nextOrder()));
    await fetch(`${delayed.redirectUrl!}/decline`, { method: 'POST' });
    stand.setSession(delayed.gatewayOrderId, { status: 'complete', payment_status: 'unpaid' });
    stand.setIntentStatus(stand.sessions.get(delayed.gatewayOrderId)!.payment_intent!, 'processing');
    expect((await gateway().fetchPayment(delayed.gatewayOrderId)).status).toBe('pending');
    stand.setIntentStatus(stand.sessions.get(delayed.gatewayOrderId)!.payment_intent!, 'canceled');
    expect((await gateway().fetchPayment(delayed.gatewayOrderId)).status).toBe('failed');
  });

  it("keeps Stripe's error message; a bad key and a bad request are not retryable", async () => {
    const missing = await gateway()
      .fetchPayment('cs_test_nope')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(GatewayError);
    expect(missing).toMatchObject({
      retryable: false,
      message: expect.stringContaining('No such checkout.session'),
    });
    await expect(gateway({ secretKey: 'sk_test_wrong' }).fetchPayment('cs_test_x')).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining('Invalid API Key'),
    });
    await expect(gateway().createCheckout('cashfree', input(nextOrder()))).rejects.toBeInstanceOf(
      GatewayError,
    );
  });

  it('is retryable on a 5xx, a time-out, an unreadable answer and no server', async () => {
    stand.server.mode = 'down';
    await expect(gateway().fetchPayment('cs_test_x')).rejects.toMatchObject({
      name: 'GatewayError',
      retryable: true,
    });
    stand.server.mode = 'slow';
    await expect(gateway({ timeoutMs: 100 }).fetchPayment('cs_test_x')).rejects.toMatchObject({
      retryable: true,
    });
    stand.server.mode = 'garbage';
    await expect(gateway().fetchPayment('cs_test_x')).rejects.toMatchObject({ retryable: true });
    await expect(gateway({ apiUrl: 'http://127.0.0.1:9' }).fetchPayment('cs_test_x')).rejects.toMatchObject({
      retryable: true,
    });
  });

  it('refunds with our refund id as Idempotency-Key and reads the refund back', async () => {
    const { session } = await paidSession();
    const { paymentId } = await gateway().fetchPayment(session.gatewayOrderId);
    const request = {
      gatewayOrderId: session.gatewayOrderId,
      paymentId: paymentId!,
      amount: 4_720,
      currency: 'USD' as const,
      refundId: 'refund_st_0001',
      reason: 'Duplicate verification',
    };
    const refund = await gateway().refund(request);
    expect(refund).toEqual({ gatewayRefundId: expect.stringMatching(/^re_/), status: 'pending' });
    const sent = stand.server.received.at(-1)!;
    expect(sent.headers['idempotency-key']).toBe('refund_st_0001');
    expect(parseStripeForm(sent.raw)).toMatchObject({ payment_intent: paymentId, amount: '4720' });
    expect(await gateway().refund(request)).toEqual(refund);
    expect([...stand.refunds.values()].filter((r) => r.payment_intent === paymentId)).toHaveLength(1);
    // The same key with another amount is Stripe's idempotency_error: a bug, not something to retry.
    await expect(gateway().refund({ ...request, amount: 100 })).rejects.toMatchObject({ retryable: false });

    stand.setRefundStatus(refund.gatewayRefundId, 'succeeded');
    const ids = { ...request, gatewayRefundId: refund.gatewayRefundId };
    expect(await gateway().fetchRefund(ids)).toEqual({ ...refund, status: 'processed' });
    stand.setRefundStatus(refund.gatewayRefundId, 'failed');
    expect((await gateway().fetchRefund(ids)).status).toBe('failed');
  });

  describe('webhooks', () => {
    it('accepts the signed event and names the session or the refund', async () => {
      const { session } = await paidSession();
      const completed = stand.webhook(
        'checkout.session.completed',
        stand.sessions.get(session.gatewayOrderId)!,
      );
      expect(gateway().verifyWebhook(completed.body, completed.headers)).toEqual({
        eventId: JSON.parse(completed.body.toString()).id,
        kind: 'payment',
        gatewayOrderId: session.gatewayOrderId,
        gatewayRefundId: null,
        refundId: null,
      });
      const { paymentId } = await gateway().fetchPayment(session.gatewayOrderId);
      const refund = await gateway().refund({
        gatewayOrderId: session.gatewayOrderId,
        paymentId: paymentId!,
        amount: 100,
        currency: 'USD',
        refundId: 'refund_st_hook',
        reason: 'r',
      });
      const updated = stand.webhook('refund.updated', stand.refunds.get(refund.gatewayRefundId)!);
      expect(gateway().verifyWebhook(updated.body, updated.headers)).toMatchObject({
        kind: 'refund',
        gatewayRefundId: refund.gatewayRefundId,
        refundId: 'refund_st_hook',
      });
      const other = stand.webhook('customer.created', { object: 'customer', id: 'cus_1' });
      expect(gateway().verifyWebhook(other.body, other.headers).kind).toBe('ignored');
    });

    it('refuses a tampered body, a wrong secret, a stale time stamp and a missing header', async () => {
      const { session } = await paidSession(nextOrder(), 9_440);
      const object = stand.sessions.get(session.gatewayOrderId)!;
      const { body, headers } = stand.webhook('checkout.session.completed', object);
      const tampered = Buffer.from(body.toString().replace('"amount_total":9440', '"amount_total":1'));
      expect(tampered.equals(body)).toBe(false);
      expect(() => gateway().verifyWebhook(tampered, headers)).toThrow(WebhookSignatureError);
      const forged = stand.webhook('checkout.session.completed', object, { secret: 'whsec_not_it' });
      expect(() => gateway().verifyWebhook(forged.body, forged.headers)).toThrow(WebhookSignatureError);

      const t = Math.floor(clock / 1000);
      const stale = stand.webhook('checkout.session.completed', object, { timestamp: t - 301 });
      expect(() => gateway().verifyWebhook(stale.body, stale.headers)).toThrow(/tolerance/);
      const recent = stand.webhook('checkout.session.completed', object, { timestamp: t - 299 });
      expect(gateway().verifyWebhook(recent.body, recent.headers).kind).toBe('payment');

      expect(() => gateway().verifyWebhook(body, {})).toThrow(/no Stripe-Signature/);
      expect(() => gateway().verifyWebhook(body, { 'stripe-signature': 'garbage' })).toThrow(
        WebhookSignatureError,
      );
    });
  });
});
