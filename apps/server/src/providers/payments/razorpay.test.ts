import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RazorpayConfig } from '../../config.js';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  startRazorpayStandIn,
} from '../../test/gateways/razorpay-stand-in.js';
import { GatewayError, WebhookSignatureError, type CheckoutInput } from './gateway.js';
import { createRazorpayGateway } from './razorpay.js';

const input = (orderId: string, amount = 118_000): CheckoutInput => ({
  orderId,
  amount,
  currency: 'INR',
  description: 'Veridocs verification fee',
  customer: { id: 'cand-1', phone: '+919876543210', email: 'asha@example.com', name: 'Asha Rao' },
  returnUrl: `https://veridocs.example/payment?order_id=${orderId}`,
  cancelUrl: `https://veridocs.example/payment?order_id=${orderId}&cancelled=true`,
});

describe('the Razorpay adapter, against a local Razorpay', () => {
  let stand: Awaited<ReturnType<typeof startRazorpayStandIn>>;
  let config: RazorpayConfig;
  let n = 0;
  const nextOrder = () => `ord_rzp_${Date.now()}_${++n}`;
  beforeAll(async () => {
    stand = await startRazorpayStandIn();
    config = {
      keyId: RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_WEBHOOK_SECRET,
      apiUrl: stand.server.url,
      environment: 'sandbox',
      timeoutMs: 500,
    };
  });
  afterAll(() => stand.server.close());
  beforeEach(() => {
    stand.server.mode = 'ok';
  });
  const gateway = (over: Partial<RazorpayConfig> = {}) => createRazorpayGateway({ ...config, ...over });

  it('creates a payment link, is paid on the hosted page, and reports success with the payment id', async () => {
    const orderId = nextOrder();
    const session = await gateway().createCheckout('razorpay', input(orderId));
    expect(session.gatewayOrderId).toMatch(/^plink_/);
    expect(session.paymentSessionId).toBeNull();
    expect(session.redirectUrl).toBe(stand.links.get(session.gatewayOrderId)!.short_url);

    const sent = stand.server.received.at(-1)!;
    expect(sent.headers.authorization).toBe(
      `Basic ${Buffer.from(`${RAZORPAY_KEY_ID}:${RAZORPAY_KEY_SECRET}`).toString('base64')}`,
    );
    expect(JSON.parse(sent.raw)).toMatchObject({
      amount: 118_000,
      currency: 'INR',
      reference_id: orderId,
      callback_url: `https://veridocs.example/payment?order_id=${orderId}`,
      callback_method: 'get',
      customer: { contact: '+919876543210', email: 'asha@example.com', name: 'Asha Rao' },
    });

    expect(await gateway().fetchPayment(session.gatewayOrderId)).toEqual({
      status: 'pending',
      paymentId: null,
      amount: 118_000,
      currency: 'INR',
    });

    const paid = await fetch(`${session.redirectUrl!}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get('location')!);
    expect(back.searchParams.get('order_id')).toBe(orderId);
    const paymentId = back.searchParams.get('razorpay_payment_id');

    const payment = await gateway().fetchPayment(session.gatewayOrderId);
    expect(payment).toEqual({ status: 'success', paymentId, amount: 118_000, currency: 'INR' });
    expect(Number.isInteger(payment.amount)).toBe(true);
  });

  it('keeps a failed attempt pending (the candidate may retry) and maps expiry and cancellation', async () => {
    const failed = await gateway().createCheckout('razorpay', input(nextOrder()));
    await fetch(`${failed.redirectUrl!}/fail`, { method: 'POST' });
    expect((await gateway().fetchPayment(failed.gatewayOrderId)).status).toBe('pending');
    stand.setLinkStatus(failed.gatewayOrderId, 'expired');
    const afterExpiry = await gateway().fetchPayment(failed.gatewayOrderId);
    expect(afterExpiry.status).toBe('failed');
    expect(afterExpiry.paymentId).toMatch(/^pay_/);

    const untouched = await gateway().createCheckout('razorpay', input(nextOrder()));
    stand.setLinkStatus(untouched.gatewayOrderId, 'expired');
    expect((await gateway().fetchPayment(untouched.gatewayOrderId)).status).toBe('cancelled');

    const cancelled = await gateway().createCheckout('razorpay', input(nextOrder()));
    stand.setLinkStatus(cancelled.gatewayOrderId, 'cancelled');
    expect((await gateway().fetchPayment(cancelled.gatewayOrderId)).status).toBe('cancelled');
  });

  it('a retried create returns the first link (reference_id = our order id)', async () => {
    const orderId = nextOrder();
    const first = await gateway().createCheckout('razorpay', input(orderId));
    const again = await gateway().createCheckout('razorpay', input(orderId));
    expect(again).toEqual(first);
    expect([...stand.links.values()].filter((l) => l.reference_id === orderId)).toHaveLength(1);
  });

  it("surfaces Razorpay's validation error, not retryable, and refuses other providers", async () => {
    const error = await gateway()
      .createCheckout('razorpay', input(nextOrder(), 99))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).retryable).toBe(false);
    expect((error as Error).message).toContain('The amount must be atleast INR 1.00');
    await expect(gateway().createCheckout('stripe', input(nextOrder()))).rejects.toMatchObject({
      retryable: false,
    });
    const badKey = await gateway({ keySecret: 'wrong' })
      .fetchPayment('plink_x')
      .catch((e: unknown) => e);
    expect(badKey).toMatchObject({ name: 'GatewayError', retryable: false });
    expect((badKey as Error).message).toContain('Authentication failed');
  });

  it('is retryable on a 5xx, a time-out, an unreadable answer and no server', async () => {
    stand.server.mode = 'down';
    await expect(gateway().fetchPayment('plink_x')).rejects.toMatchObject({
      name: 'GatewayError',
      retryable: true,
    });
    stand.server.mode = 'slow';
    await expect(gateway({ timeoutMs: 100 }).fetchPayment('plink_x')).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining('timed out'),
    });
    stand.server.mode = 'garbage';
    await expect(gateway().fetchPayment('plink_x')).rejects.toMatchObject({ retryable: true });
    await expect(gateway({ apiUrl: 'http://127.0.0.1:9' }).fetchPayment('plink_x')).rejects.toMatchObject({
      retryable: true,
    });
  });

  it('refunds once per refund id and reads the refund back', async () => {
    const session = await gateway().createCheckout('razorpay', input(nextOrder()));
    await fetch(`${session.redirectUrl!}/pay`, { method: 'POST', redirect: 'manual' });
    const { paymentId } = await gateway().fetchPayment(session.gatewayOrderId);
    const request = {
      gatewayOrderId: session.gatewayOrderId,
      paymentId: paymentId!,
      amount: 50_000,
      currency: 'INR' as const,
      refundId: 'refund_0001_abcdef',
      reason: 'Duplicate verification',
    };
    const refund = await gateway().refund(request);
    expect(refund).toEqual({ gatewayRefundId: expect.stringMatching(/^rfnd_/), status: 'pending' });
    const sent = stand.server.received.at(-1)!;
    expect(sent.headers['x-refund-idempotency']).toBe('refund_0001_abcdef');
    expect(JSON.parse(sent.raw)).toMatchObject({ amount: 50_000, receipt: 'refund_0001_abcdef' });

    // The same refund sent again (a lost answer) is the same refund at Razorpay.
    expect(await gateway().refund(request)).toEqual(refund);
    expect([...stand.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);

    stand.setRefundStatus(refund.gatewayRefundId, 'processed');
    const ids = { ...request, gatewayRefundId: refund.gatewayRefundId };
    expect(await gateway().fetchRefund(ids)).toEqual({ ...refund, status: 'processed' });
  });

  /** Pays a link and refunds it with our refund id `refund_webhook_0001`; the gateway's refund id. */
  async function paidRefund(linkId: string) {
    await fetch(`${stand.links.get(linkId)!.short_url}/pay`, { method: 'POST', redirect: 'manual' });
    const { paymentId } = await gateway().fetchPayment(linkId);
    const refund = await gateway().refund({
      gatewayOrderId: linkId,
      paymentId: paymentId!,
      amount: 118_000,
      currency: 'INR',
      refundId: 'refund_webhook_0001',
      reason: 'Withdrawn',
    });
    return refund.gatewayRefundId;
  }

  describe('webhooks', () => {
    it('accepts the signed body and names the link or the refund', async () => {
      const session = await gateway().createCheckout('razorpay', input(nextOrder()));
      const { body, headers } = stand.webhook('payment_link.paid', { linkId: session.gatewayOrderId });
      expect(gateway().verifyWebhook(body, headers)).toEqual({
        // The hash of the signed body: the x-razorpay-event-id header is not signed (ADR 0024).
        eventId: createHash('sha256').update(body).digest('hex'),
        kind: 'payment',
        gatewayOrderId: session.gatewayOrderId,
        gatewayRefundId: null,
        refundId: null,
      });
      const refundEvent = stand.webhook('refund.processed', {
        refundId: await paidRefund(session.gatewayOrderId),
      });
      expect(gateway().verifyWebhook(refundEvent.body, refundEvent.headers)).toMatchObject({
        kind: 'refund',
        gatewayRefundId: expect.stringMatching(/^rfnd_/),
        refundId: 'refund_webhook_0001',
      });
      const fresh = { ...headers, 'x-razorpay-event-id': 'evt_chosen_by_whoever_replays' };
      expect(gateway().verifyWebhook(body, fresh).eventId).toBe(
        gateway().verifyWebhook(body, headers).eventId,
      );
      const other = stand.webhook('payment.authorized', { linkId: session.gatewayOrderId });
      expect(gateway().verifyWebhook(other.body, other.headers).kind).toBe('ignored');
    });

    it('refuses a tampered body, a wrong secret and a missing header', async () => {
      const session = await gateway().createCheckout('razorpay', input(nextOrder()));
      const { body, headers } = stand.webhook('payment_link.paid', { linkId: session.gatewayOrderId });
      const tampered = Buffer.from(body.toString().replace('"amount":118000', '"amount":100'));
      expect(tampered.equals(body)).toBe(false);
      expect(() => gateway().verifyWebhook(tampered, headers)).toThrow(WebhookSignatureError);
      const wrong = stand.webhook('payment_link.paid', { linkId: session.gatewayOrderId }, 'not-the-secret');
      expect(() => gateway().verifyWebhook(wrong.body, wrong.headers)).toThrow(WebhookSignatureError);
      const { 'x-razorpay-signature': _dropped, ...unsigned } = headers;
      expect(() => gateway().verifyWebhook(body, unsigned)).toThrow(/no X-Razorpay-Signature/);
      // Upper-case header names (a proxy) still verify.
      expect(
        gateway().verifyWebhook(body, { 'X-Razorpay-Signature': headers['x-razorpay-signature'] }).kind,
      ).toBe('payment');
    });
  });
});
