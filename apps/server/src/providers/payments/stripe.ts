import Stripe from 'stripe';
import { CURRENCIES, type Currency, type PaymentProvider } from '@veridocs/shared';
import type { StripeConfig } from '../../config.js';
import { header } from './gateway-http.js';
import {
  GatewayError,
  WebhookSignatureError,
  type CheckoutSession,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayRefundStatus,
  type PaymentGateway,
  type WebhookEvent,
} from './gateway.js';
import { tracedFetch } from '../../lib/outgoing-trace.js';

/**
 * Stripe Checkout (ADR 0024) through the official SDK (`stripe`: Node ≥ 20, no dependencies, its API
 * version pinned by the package version, host/port/protocol settable so tests reach a local stand-in).
 * One Checkout Session per order (client_reference_id = ours, Idempotency-Key `checkout-<order>`), the
 * PaymentIntent's id is the payment id, refunds carry our refund id as Idempotency-Key, and webhooks go
 * through `stripe.webhooks.constructEvent`: `Stripe-Signature: t=…,v1=…` = hex HMAC-SHA256 of
 * `${t}.${rawBody}` with the endpoint's whsec_ secret, compared in constant time, at most 300 s old.
 */

const NAME = 'stripe';

export interface StripeDeps {
  /** The SDK's own retries of a connection error, 409 or 5xx (with the same idempotency key). */
  maxNetworkRetries?: number;
  /** Milliseconds since the epoch (webhook age); tests move it. */
  now?: () => number;
}

export function createStripeGateway(config: StripeConfig, deps: StripeDeps = {}): PaymentGateway {
  const api = new URL(config.apiUrl);
  const stripe = new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    timeout: config.timeoutMs,
    maxNetworkRetries: deps.maxNetworkRetries ?? 2,
    telemetry: false,
    appInfo: { name: 'veridocs' },
    // The SDK over fetch, so its calls carry traceparent as client spans (issue 30 §2).
    httpClient: Stripe.createFetchHttpClient(tracedFetch('Payments')),
  });

  return {
    providers: ['stripe'] satisfies PaymentProvider[],
    environment: config.environment,

    async createCheckout(provider, input): Promise<CheckoutSession> {
      if (provider !== 'stripe') throw new GatewayError(`${NAME}: cannot serve ${provider}`, false);
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: input.orderId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amount,
                  product_data: { name: input.description.slice(0, 250) },
                },
              },
            ],
            success_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            ...(input.customer.email ? { customer_email: input.customer.email } : {}),
            metadata: { order_id: input.orderId },
            payment_intent_data: { metadata: { order_id: input.orderId } },
          },
          // A retried create (a lost answer) is the same session, not a second one.
          { idempotencyKey: `checkout-${input.orderId}` },
        ),
      );
      if (!session.url) throw new GatewayError(`${NAME}: the session has no url`, true);
      return { gatewayOrderId: session.id, redirectUrl: session.url, paymentSessionId: null };
    },

    async fetchPayment(gatewayOrderId): Promise<GatewayPayment> {
      const session = await call(() =>
        stripe.checkout.sessions.retrieve(gatewayOrderId, { expand: ['payment_intent'] }),
      );
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const intentId =
        typeof session.payment_intent === 'string' ? session.payment_intent : (intent?.id ?? null);
      const base = { amount: requireAmount(session.amount_total), currency: readCurrency(session.currency) };
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
        return { ...base, status: 'success', paymentId: intentId };
      if (session.status === 'expired') return { ...base, status: 'cancelled', paymentId: null };
      // Completed but unpaid: a delayed method (a bank debit) still settling, or one that failed.
      if (
        session.status === 'complete' &&
        intent &&
        ['canceled', 'requires_payment_method'].includes(intent.status)
      )
        return { ...base, status: 'failed', paymentId: intentId };
      // Open: a declined card leaves the candidate on Stripe's page to try again.
      return { ...base, status: 'pending', paymentId: null };
    },

    async refund(input): Promise<GatewayRefund> {
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentId,
            amount: input.amount,
            metadata: { refund_id: input.refundId, reason: input.reason.slice(0, 500) },
          },
          { idempotencyKey: input.refundId },
        ),
      );
      return readRefund(refund);
    },

    async fetchRefund(input): Promise<GatewayRefund> {
      return readRefund(await call(() => stripe.refunds.retrieve(input.gatewayRefundId)));
    },

    verifyWebhook(rawBody, headers): WebhookEvent {
      const signature = header(headers, 'stripe-signature');
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          config.webhookToleranceSeconds,
          undefined,
          deps.now?.(),
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Stripe-Signature refused');
      }
      return readEvent(event);
    },
  };
}

/** SDK errors → GatewayError: no answer, time-out, rate limit, 409 and 5xx are worth retrying later. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const status = error.statusCode;
    const retryable =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      status === undefined ||
      status === 409 ||
      status === 429 ||
      status >= 500;
    const what = [error.code, error.message].filter(Boolean).join(': ');
    throw new GatewayError(`${NAME}: ${status ? `HTTP ${status}: ` : ''}${what}`, retryable);
  }
}

function requireAmount(value: number | null): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw new GatewayError(`${NAME}: the session has no integer amount_total`, true);
}

function readCurrency(value: string | null): Currency {
  const found = CURRENCIES.find((c) => c === value?.toUpperCase());
  if (!found) throw new GatewayError(`${NAME}: unexpected currency ${String(value)}`, false);
  return found;
}

const REFUND_STATUS: Record<string, GatewayRefundStatus> = {
  pending: 'pending',
  requires_action: 'pending',
  succeeded: 'processed',
  failed: 'failed',
  canceled: 'failed',
};

function readRefund(refund: Stripe.Refund): GatewayRefund {
  const status = REFUND_STATUS[refund.status ?? ''];
  if (!status) throw new GatewayError(`${NAME}: unexpected refund status ${String(refund.status)}`, true);
  return { gatewayRefundId: refund.id, status };
}

function readEvent(event: Stripe.Event): WebhookEvent {
  const none = { eventId: event.id, gatewayOrderId: null, gatewayRefundId: null, refundId: null };
  const object = event.data.object as unknown as {
    object?: string;
    id?: string;
    metadata?: Record<string, string>;
  };
  if (event.type.startsWith('checkout.session.') && object.object === 'checkout.session' && object.id)
    return { ...none, kind: 'payment', gatewayOrderId: object.id };
  if (event.type.startsWith('refund.') && object.object === 'refund' && object.id)
    return {
      ...none,
      kind: 'refund',
      gatewayRefundId: object.id,
      refundId: object.metadata?.refund_id ?? null,
    };
  return { ...none, kind: 'ignored' };
}
