import { createHash, createHmac } from 'node:crypto';
import { CURRENCIES, type Currency, type PaymentProvider } from '@veridocs/shared';
import type { RazorpayConfig } from '../../config.js';
import {
  callGateway,
  header,
  isRecord,
  requireMinor,
  requireString,
  safeEqual,
  type GatewayHttpDeps,
} from './gateway-http.js';
import {
  GatewayError,
  WebhookSignatureError,
  type CheckoutInput,
  type CheckoutSession,
  type GatewayPayment,
  type GatewayRefund,
  type GatewayRefundStatus,
  type PaymentGateway,
  type RefundInput,
  type WebhookEvent,
} from './gateway.js';

/**
 * Razorpay (ADR 0024). Razorpay's standard checkout is a JS widget opened on an order; the browser reaches
 * a hosted page instead through the Payment Links API: one link per order (`reference_id` = our order id,
 * `callback_url` + `callback_method=get` back to /payment). The link's own order, payments and status are
 * what `fetchPayment` reads. Webhooks: `X-Razorpay-Signature` = hex HMAC-SHA256(raw body, webhook secret).
 * Plain fetch: the official SDK fixes its base URL to api.razorpay.com (no stand-in in tests) and brings axios.
 */

const NAME = 'razorpay';

interface RazorpayLink {
  id: string;
  status: string;
  amount: number;
  currency: Currency;
  shortUrl: string;
  payments: { paymentId: string; status: string }[];
}

export function createRazorpayGateway(config: RazorpayConfig, deps: GatewayHttpDeps = {}): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;

  const api = (method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}) =>
    callGateway(
      NAME,
      `${config.apiUrl}${path}`,
      {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...extra,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      { timeoutMs: config.timeoutMs, fetch: deps.fetch, describe: describeError },
    );

  async function createLink(input: CheckoutInput): Promise<RazorpayLink> {
    const customer: Record<string, string> = {};
    if (input.customer.name) customer.name = input.customer.name;
    if (input.customer.email) customer.email = input.customer.email;
    if (input.customer.phone) customer.contact = input.customer.phone;
    try {
      return readLink(
        await api('POST', '/v1/payment_links', {
          amount: input.amount,
          currency: input.currency,
          accept_partial: false,
          description: input.description.slice(0, 2048),
          reference_id: input.orderId,
          customer,
          // The product tells the candidate itself; Razorpay's SMS/e-mail would duplicate it.
          notify: { sms: false, email: false },
          reminder_enable: false,
          notes: { order_id: input.orderId },
          callback_url: input.returnUrl,
          callback_method: 'get',
        }),
      );
    } catch (error) {
      // A retry after a lost answer: reference_id is unique per account, so the first link exists.
      const existing = await findLinkByReference(input.orderId).catch(() => null);
      if (existing) return existing;
      throw error;
    }
  }

  async function findLinkByReference(orderId: string): Promise<RazorpayLink | null> {
    const body = await api('GET', `/v1/payment_links?reference_id=${encodeURIComponent(orderId)}`);
    const list = isRecord(body) && Array.isArray(body.payment_links) ? body.payment_links : [];
    const match = list.find((l) => isRecord(l) && l.reference_id === orderId);
    return match ? readLink(match) : null;
  }

  return {
    providers: ['razorpay'] satisfies PaymentProvider[],
    environment: config.environment,

    async createCheckout(provider, input): Promise<CheckoutSession> {
      if (provider !== 'razorpay') throw new GatewayError(`${NAME}: cannot serve ${provider}`, false);
      const link = await createLink(input);
      return { gatewayOrderId: link.id, redirectUrl: link.shortUrl, paymentSessionId: null };
    },

    async fetchPayment(gatewayOrderId): Promise<GatewayPayment> {
      const link = readLink(await api('GET', `/v1/payment_links/${encodeURIComponent(gatewayOrderId)}`));
      const captured = link.payments.find((p) => p.status === 'captured');
      const last = link.payments.at(-1);
      const base = { amount: link.amount, currency: link.currency };
      switch (link.status) {
        case 'paid':
          return { ...base, status: 'success', paymentId: captured?.paymentId ?? last?.paymentId ?? null };
        case 'cancelled':
          return { ...base, status: 'cancelled', paymentId: null };
        case 'expired':
          // Attempts that failed before the link expired make it a failure; no attempt, a cancellation.
          return last?.status === 'failed'
            ? { ...base, status: 'failed', paymentId: last.paymentId }
            : { ...base, status: 'cancelled', paymentId: null };
        default:
          // created / partially_paid: a failed attempt leaves the candidate on the page to try again.
          return { ...base, status: 'pending', paymentId: null };
      }
    },

    async refund(input: RefundInput): Promise<GatewayRefund> {
      const body = await api(
        'POST',
        `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
        {
          amount: input.amount,
          speed: 'normal',
          receipt: input.refundId,
          notes: { refund_id: input.refundId, reason: input.reason.slice(0, 255) },
        },
        // Documented idempotency for refunds: a retry with the same key and body refunds once.
        { 'x-refund-idempotency': input.refundId },
      );
      return readRefund(body);
    },

    async fetchRefund(input): Promise<GatewayRefund> {
      return readRefund(await api('GET', `/v1/refunds/${encodeURIComponent(input.gatewayRefundId)}`));
    },

    verifyWebhook(rawBody, headers): WebhookEvent {
      const signature = header(headers, 'x-razorpay-signature');
      if (!signature) throw new WebhookSignatureError('no X-Razorpay-Signature header');
      const expected = createHmac('sha256', config.webhookSecret).update(rawBody).digest('hex');
      if (!safeEqual(signature, expected)) throw new WebhookSignatureError('X-Razorpay-Signature mismatch');
      return readWebhook(rawBody);
    },
  };
}

function describeError(body: unknown): string | undefined {
  if (isRecord(body) && isRecord(body.error)) {
    const { code, description } = body.error;
    return [code, description].filter((v) => typeof v === 'string').join(': ') || undefined;
  }
  return undefined;
}

function readCurrency(value: unknown): Currency {
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  const found = CURRENCIES.find((c) => c === upper);
  if (!found) throw new GatewayError(`${NAME}: unexpected currency ${String(value)}`, false);
  return found;
}

function readLink(body: unknown): RazorpayLink {
  if (!isRecord(body)) throw new GatewayError(`${NAME}: the answer is not a payment link`, true);
  const payments = Array.isArray(body.payments) ? body.payments : [];
  return {
    id: requireString(NAME, body.id, 'payment link id'),
    status: requireString(NAME, body.status, 'payment link status'),
    amount: requireMinor(NAME, body.amount, 'amount'),
    currency: readCurrency(body.currency),
    shortUrl: typeof body.short_url === 'string' ? body.short_url : '',
    payments: payments
      .filter(isRecord)
      .filter((p) => typeof p.payment_id === 'string')
      .map((p) => ({ paymentId: p.payment_id as string, status: String(p.status) })),
  };
}

const REFUND_STATUS: Record<string, GatewayRefundStatus> = {
  pending: 'pending',
  processed: 'processed',
  failed: 'failed',
};

function readRefund(body: unknown): GatewayRefund {
  if (!isRecord(body)) throw new GatewayError(`${NAME}: the answer is not a refund`, true);
  const status = REFUND_STATUS[String(body.status)];
  if (!status) throw new GatewayError(`${NAME}: unexpected refund status ${String(body.status)}`, true);
  return { gatewayRefundId: requireString(NAME, body.id, 'refund id'), status };
}

/** The verified body, reduced: payment-link events name the link, refund events the refund and our receipt. */
function readWebhook(rawBody: Buffer): WebhookEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('the signed body is not JSON');
  }
  // The dedupe key is what the signature covers: x-razorpay-event-id is not signed, so a captured body
  // re-sent with a fresh one would pass as a new event (and cost a gateway look-up each time). Razorpay's
  // own retries repeat the body byte for byte; two real events differ (created_at, ids).
  const eventId = createHash('sha256').update(rawBody).digest('hex');
  const none = { eventId, gatewayOrderId: null, gatewayRefundId: null, refundId: null };
  if (!isRecord(body) || typeof body.event !== 'string' || !isRecord(body.payload))
    return { ...none, kind: 'ignored' };
  const entity = (name: string) => {
    const holder = (body as { payload: Record<string, unknown> }).payload[name];
    return isRecord(holder) && isRecord(holder.entity) ? holder.entity : null;
  };
  if (body.event.startsWith('payment_link.')) {
    const link = entity('payment_link');
    if (link && typeof link.id === 'string') return { ...none, kind: 'payment', gatewayOrderId: link.id };
  }
  if (body.event.startsWith('refund.')) {
    const refund = entity('refund');
    if (refund && typeof refund.id === 'string')
      return {
        ...none,
        kind: 'refund',
        gatewayRefundId: refund.id,
        refundId: typeof refund.receipt === 'string' ? refund.receipt : null,
      };
  }
  return { ...none, kind: 'ignored' };
}
