import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CashfreeConfig } from '../../config.js';
import {
  CASHFREE_CLIENT_ID,
  CASHFREE_CLIENT_SECRET,
  startCashfreeStandIn,
} from '../../test/gateways/cashfree-stand-in.js';
import { createCashfreeGateway, decimalToMinor, minorToDecimal } from './cashfree.js';
import { GatewayError, WebhookSignatureError, type CheckoutInput } from './gateway.js';

const input = (orderId: string, amount = 118_000, phone: string | null = '+919876543210'): CheckoutInput => ({
  orderId,
  amount,
  currency: 'INR',
  description: 'Veridocs verification fee',
  customer: { id: 'cand-1', phone, email: 'asha@example.com', name: 'Asha Rao' },
  returnUrl: `https://veridocs.example/payment?order_id=${orderId}`,
  cancelUrl: `https://veridocs.example/payment?order_id=${orderId}&cancelled=true`,
});

describe("Cashfree's decimal amounts, converted without floating point", () => {
  it('paise ↔ rupees, worked by hand', () => {
    expect(minorToDecimal(118_000)).toBe('1180.00');
    expect(minorToDecimal(118_010)).toBe('1180.10');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(decimalToMinor(1180)).toBe(118_000);
    expect(decimalToMinor('1180.00')).toBe(118_000);
    expect(decimalToMinor(1180.1)).toBe(118_010);
    // 4.35 * 100 is 434.99999999999994 in floating point: a naive conversion loses a paisa.
    expect(Math.floor(4.35 * 100)).toBe(434);
    expect(decimalToMinor(4.35)).toBe(435);
    expect(decimalToMinor(JSON.parse('{"a":1180.00}').a)).toBe(118_000);
    expect(() => decimalToMinor(1.005)).toThrow(GatewayError);
    expect(() => minorToDecimal(1.5)).toThrow(RangeError);
  });
});

describe('the Cashfree adapter, against a local Cashfree PG', () => {
  let stand: Awaited<ReturnType<typeof startCashfreeStandIn>>;
  let config: CashfreeConfig;
  let clock = Date.now();
  let n = 0;
  const nextOrder = () => `ord_cf_${Date.now()}_${++n}`;
  beforeAll(async () => {
    stand = await startCashfreeStandIn();
    config = {
      clientId: CASHFREE_CLIENT_ID,
      clientSecret: CASHFREE_CLIENT_SECRET,
      apiUrl: `${stand.server.url}/pg`,
      environment: 'sandbox',
      timeoutMs: 500,
      webhookToleranceSeconds: 300,
    };
  });
  afterAll(() => stand.server.close());
  beforeEach(() => {
    stand.server.mode = 'ok';
    clock = Date.now();
  });
  const gateway = (over: Partial<CashfreeConfig> = {}) =>
    createCashfreeGateway(
      { ...config, ...over },
      { publicUrl: 'https://veridocs.example', now: () => clock },
    );

  it('creates an order (rupees on the wire, exactly), pays it and reports success with the payment id', async () => {
    const orderId = nextOrder();
    const session = await gateway().createCheckout('cashfree', input(orderId));
    const sent = stand.server.received.at(-1)!;
    expect(sent.headers).toMatchObject({
      'x-client-id': CASHFREE_CLIENT_ID,
      'x-client-secret': CASHFREE_CLIENT_SECRET,
      'x-api-version': '2023-08-01',
    });
    expect(sent.raw).toContain('"order_amount":1180.00');
    expect(JSON.parse(sent.raw)).toMatchObject({
      order_id: orderId,
      order_currency: 'INR',
      customer_details: { customer_phone: '9876543210', customer_email: 'asha@example.com' },
      order_meta: {
        return_url: `https://veridocs.example/payment?order_id=${orderId}`,
        notify_url: 'https://veridocs.example/api/payments/webhooks/cashfree',
      },
    });
    const sessionId = stand.orders.get(orderId)!.payment_session_id;
    expect(session).toEqual({
      gatewayOrderId: orderId,
      paymentSessionId: sessionId,
      redirectUrl: `https://veridocs.example/payment-redirect?sdkProvider=cashfree&paymentSessionId=${sessionId}&environment=sandbox`,
    });
    expect(await gateway().fetchPayment(orderId)).toEqual({
      status: 'pending',
      paymentId: null,
      amount: 118_000,
      currency: 'INR',
    });

    const { paymentId, redirect } = stand.pay(orderId);
    expect(new URL(redirect).searchParams.get('order_id')).toBe(orderId);
    expect(await gateway().fetchPayment(orderId)).toEqual({
      status: 'success',
      paymentId,
      amount: 118_000,
      currency: 'INR',
    });
  });

  it('cashfree-sdk answers the session for /payment-redirect and no redirect of its own', async () => {
    const orderId = nextOrder();
    const session = await gateway({ environment: 'production' }).createCheckout(
      'cashfree-sdk',
      input(orderId, 118_010),
    );
    expect(session.redirectUrl).toBeNull();
    expect(session.paymentSessionId).toBe(stand.orders.get(orderId)!.payment_session_id);
    expect(stand.server.received.at(-1)!.raw).toContain('"order_amount":1180.10');
    expect((await gateway().fetchPayment(orderId)).amount).toBe(118_010);
  });

  it('maps a failed attempt, a dropped one, an expired order, and a success after a failure', async () => {
    const failed = nextOrder();
    await gateway().createCheckout('cashfree', input(failed));
    stand.pay(failed, 'FAILED');
    expect(await gateway().fetchPayment(failed)).toMatchObject({
      status: 'failed',
      paymentId: expect.any(String),
    });
    // The candidate tried again on the same (still ACTIVE) order and paid: success wins.
    const { paymentId } = stand.pay(failed, 'SUCCESS');
    expect(await gateway().fetchPayment(failed)).toMatchObject({ status: 'success', paymentId });

    const dropped = nextOrder();
    await gateway().createCheckout('cashfree', input(dropped));
    stand.pay(dropped, 'USER_DROPPED');
    expect((await gateway().fetchPayment(dropped)).status).toBe('cancelled');

    const expired = nextOrder();
    await gateway().createCheckout('cashfree', input(expired));
    stand.setOrderStatus(expired, 'EXPIRED');
    expect((await gateway().fetchPayment(expired)).status).toBe('cancelled');
  });

  it('a retried create returns the first order; errors keep Cashfree’s message', async () => {
    const orderId = nextOrder();
    const first = await gateway().createCheckout('cashfree', input(orderId));
    expect(await gateway().createCheckout('cashfree', input(orderId))).toEqual(first);

    const small = await gateway()
      .createCheckout('cashfree', input(nextOrder(), 99))
      .catch((e: unknown) => e);
    expect(small).toMatchObject({ name: 'GatewayError', retryable: false });
    expect((small as Error).message).toContain('order_amount : should be greater than or equal to 1');
    await expect(
      gateway().createCheckout('cashfree', input(nextOrder(), 118_000, null)),
    ).rejects.toMatchObject({
      retryable: false,
    });
    const badKey = await gateway({ clientSecret: 'wrong' })
      .fetchPayment(orderId)
      .catch((e: unknown) => e);
    expect(badKey).toMatchObject({
      retryable: false,
      message: expect.stringContaining('authentication Failed'),
    });
    await expect(gateway().createCheckout('razorpay', input(nextOrder()))).rejects.toBeInstanceOf(
      GatewayError,
    );
  });

  it('is retryable on a 5xx, a time-out, an unreadable answer and no server', async () => {
    stand.server.mode = 'down';
    await expect(gateway().fetchPayment('x')).rejects.toMatchObject({
      name: 'GatewayError',
      retryable: true,
    });
    stand.server.mode = 'slow';
    await expect(gateway({ timeoutMs: 100 }).fetchPayment('x')).rejects.toMatchObject({ retryable: true });
    stand.server.mode = 'garbage';
    await expect(gateway().fetchPayment('x')).rejects.toMatchObject({ retryable: true });
    await expect(gateway({ apiUrl: 'http://127.0.0.1:9/pg' }).fetchPayment('x')).rejects.toMatchObject({
      retryable: true,
    });
  });

  it('refunds with our refund id once, in exact rupees, and reads it back', async () => {
    const orderId = nextOrder();
    await gateway().createCheckout('cashfree', input(orderId));
    const { paymentId } = stand.pay(orderId);
    const request = {
      gatewayOrderId: orderId,
      paymentId,
      amount: 59_005,
      currency: 'INR' as const,
      refundId: 'refund_cf_0001',
      reason: 'Duplicate verification',
    };
    const refund = await gateway().refund(request);
    expect(refund).toEqual({ gatewayRefundId: expect.any(String), status: 'pending' });
    expect(stand.server.received.at(-1)!.raw).toContain('"refund_amount":590.05');
    // Sent again (a lost answer): Cashfree refuses the duplicate refund_id; the adapter answers the first.
    expect(await gateway().refund(request)).toEqual(refund);

    stand.setRefundStatus(orderId, 'refund_cf_0001', 'SUCCESS');
    const ids = { ...request, gatewayRefundId: refund.gatewayRefundId };
    expect(await gateway().fetchRefund(ids)).toEqual({ ...refund, status: 'processed' });
    stand.setRefundStatus(orderId, 'refund_cf_0001', 'CANCELLED');
    expect((await gateway().fetchRefund(ids)).status).toBe('failed');
  });

  describe('webhooks', () => {
    it('accepts the signed body and names the order or the refund', async () => {
      const orderId = nextOrder();
      await gateway().createCheckout('cashfree', input(orderId));
      stand.pay(orderId);
      const { body, headers } = stand.webhook('PAYMENT_SUCCESS_WEBHOOK', { orderId });
      const event = gateway().verifyWebhook(body, headers);
      expect(event).toEqual({
        eventId: expect.stringMatching(/^[0-9a-f]{64}$/),
        kind: 'payment',
        gatewayOrderId: orderId,
        gatewayRefundId: null,
        refundId: null,
      });
      // A redelivery (same body, a new time stamp) is the same event: one change at most.
      const again = stand.redeliver(body, clock + 60_000);
      expect(again.headers['x-webhook-signature']).not.toBe(headers['x-webhook-signature']);
      expect(gateway().verifyWebhook(again.body, again.headers).eventId).toBe(event.eventId);

      await gateway().refund({
        gatewayOrderId: orderId,
        paymentId: 'p',
        amount: 100,
        currency: 'INR',
        refundId: 'refund_cf_hook',
        reason: 'r',
      });
      const refund = stand.webhook('REFUND_STATUS_WEBHOOK', {
        refund: { orderId, refundId: 'refund_cf_hook' },
      });
      expect(gateway().verifyWebhook(refund.body, refund.headers)).toMatchObject({
        kind: 'refund',
        gatewayOrderId: orderId,
        refundId: 'refund_cf_hook',
        gatewayRefundId: expect.any(String),
      });
    });

    it('refuses a tampered body, a wrong secret, a stale or future time stamp and missing headers', async () => {
      const orderId = nextOrder();
      await gateway().createCheckout('cashfree', input(orderId));
      stand.pay(orderId);
      const { body, headers } = stand.webhook('PAYMENT_SUCCESS_WEBHOOK', { orderId });
      expect(() => gateway().verifyWebhook(body, headers)).not.toThrow();

      const tampered = Buffer.from(body.toString().replace('"order_amount":1180', '"order_amount":1'));
      expect(tampered.equals(body)).toBe(false);
      expect(() => gateway().verifyWebhook(tampered, headers)).toThrow(WebhookSignatureError);
      // The time stamp is signed too: moving it breaks the signature.
      expect(() =>
        gateway().verifyWebhook(body, {
          ...headers,
          'x-webhook-timestamp': String(Number(headers['x-webhook-timestamp']) + 1000),
        }),
      ).toThrow(/mismatch/);
      const forged = stand.webhook('PAYMENT_SUCCESS_WEBHOOK', { orderId }, { secret: 'not-the-secret' });
      expect(() => gateway().verifyWebhook(forged.body, forged.headers)).toThrow(WebhookSignatureError);

      const stale = stand.webhook('PAYMENT_SUCCESS_WEBHOOK', { orderId }, { timestampMs: clock - 301_000 });
      expect(() => gateway().verifyWebhook(stale.body, stale.headers)).toThrow(/tolerance/);
      const nearlyStale = stand.webhook(
        'PAYMENT_SUCCESS_WEBHOOK',
        { orderId },
        { timestampMs: clock - 299_000 },
      );
      expect(gateway().verifyWebhook(nearlyStale.body, nearlyStale.headers).kind).toBe('payment');
      const future = stand.webhook('PAYMENT_SUCCESS_WEBHOOK', { orderId }, { timestampMs: clock + 301_000 });
      expect(() => gateway().verifyWebhook(future.body, future.headers)).toThrow(/tolerance/);

      const { 'x-webhook-signature': _s, ...noSignature } = headers;
      expect(() => gateway().verifyWebhook(body, noSignature)).toThrow(/no x-webhook-signature/);
      const { 'x-webhook-timestamp': _t, ...noTimestamp } = headers;
      expect(() => gateway().verifyWebhook(body, noTimestamp)).toThrow(/no x-webhook-timestamp/);
    });
  });
});
