import type { Currency, PaymentProvider } from '@veridocs/shared';

/**
 * One payment gateway (DESIGN.md §4, issue 13). The payments service talks to gateways only through
 * this interface: the embedded sandbox (default), Razorpay, Cashfree (and its `-sdk` card flow) and
 * Stripe each implement it. Amounts are integers in the currency's smallest unit.
 *
 * Rules every adapter keeps:
 * - `verifyWebhook` checks the signature exactly as the gateway documents it, on the raw body, in
 *   constant time, and throws `WebhookSignatureError` when it does not hold; nothing is trusted before.
 * - `fetchPayment` / `fetchRefund` ask the gateway's API: the service confirms every state with them
 *   before it changes an order (a webhook or a redirect only tells it to look).
 */

export type GatewayPaymentStatus = 'pending' | 'success' | 'failed' | 'cancelled';
export type GatewayRefundStatus = 'pending' | 'processed' | 'failed';

export interface CheckoutInput {
  /** Our order id: the gateway's receipt / reference / client_reference_id. */
  orderId: string;
  amount: number;
  currency: Currency;
  description: string;
  customer: { id: string; phone: string | null; email: string | null; name: string | null };
  /** Where the gateway sends the browser after paying (it carries `order_id`). */
  returnUrl: string;
  /** Where it sends the browser when the candidate cancels (`cancelled=true`). */
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The gateway's id for this order / session; stored on our order, used by fetchPayment. */
  gatewayOrderId: string;
  /** Hosted checkout page to send the browser to (redirect providers). */
  redirectUrl: string | null;
  /** Card-SDK providers: the session the product's /payment-redirect page hands to the SDK. */
  paymentSessionId: string | null;
}

export interface GatewayPayment {
  status: GatewayPaymentStatus;
  /** The gateway's payment id once a payment exists. */
  paymentId: string | null;
  amount: number;
  currency: Currency;
}

export interface RefundInput {
  gatewayOrderId: string;
  paymentId: string;
  amount: number;
  currency: Currency;
  /** Our refund id: the gateway's idempotency key / merchant refund id, so a retry refunds once. */
  refundId: string;
  reason: string;
}

export interface GatewayRefund {
  gatewayRefundId: string;
  status: GatewayRefundStatus;
}

/** A verified webhook, reduced to what the service needs; it then asks the gateway to confirm. */
export interface WebhookEvent {
  /** The gateway's event id (dedupe key with the provider). */
  eventId: string;
  kind: 'payment' | 'refund' | 'ignored';
  gatewayOrderId: string | null;
  gatewayRefundId: string | null;
  /** Our refund id when the gateway echoes it. */
  refundId: string | null;
}

export interface PaymentGateway {
  /** The provider identifiers this gateway answers to (e.g. cashfree and cashfree-sdk). */
  readonly providers: readonly PaymentProvider[];
  readonly environment: 'sandbox' | 'production';
  createCheckout(provider: PaymentProvider, input: CheckoutInput): Promise<CheckoutSession>;
  fetchPayment(gatewayOrderId: string): Promise<GatewayPayment>;
  refund(input: RefundInput): Promise<GatewayRefund>;
  fetchRefund(input: {
    gatewayOrderId: string;
    paymentId: string;
    gatewayRefundId: string;
    refundId: string;
  }): Promise<GatewayRefund>;
  /** Throws WebhookSignatureError when the signature does not hold. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}

export class WebhookSignatureError extends Error {
  constructor(reason: string) {
    super(`webhook signature refused: ${reason}`);
    this.name = 'WebhookSignatureError';
  }
}

/** A gateway's API answered with an error or not at all (the service retries later). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
