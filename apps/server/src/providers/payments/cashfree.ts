import { createHash, createHmac } from 'node:crypto';
import { CURRENCIES, GATEWAY_PATHS, type Currency, type PaymentProvider } from '@veridocs/shared';
import type { CashfreeConfig } from '../../config.js';
import {
  callGateway,
  header,
  isRecord,
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
  type GatewayPaymentStatus,
  type GatewayRefund,
  type GatewayRefundStatus,
  type PaymentGateway,
  type RefundInput,
  type WebhookEvent,
} from './gateway.js';

/**
 * Cashfree PG, API version 2023-08-01 (ADR 0024), for `cashfree` and `cashfree-sdk`. One order per our
 * order (`order_id` = ours) gives a `payment_session_id`; Cashfree documents no checkout URL for it, only
 * cashfree.js `checkout({ paymentSessionId })`, which the product's /payment-redirect page runs. So both
 * providers answer the session id, and `cashfree` also the page's URL (the spec's redirectInfo.web).
 * Amounts: Cashfree takes and returns rupees as a decimal (`order_amount: 1180.00`); we keep paise and
 * convert through decimal text, never by multiplying a float. Plain fetch: the official SDK (cashfree-pg)
 * fixes its base URLs and initialises Sentry with Cashfree's DSN, and brings axios.
 */

const NAME = 'cashfree';
export const CASHFREE_API_VERSION = '2023-08-01';

export interface CashfreeDeps extends GatewayHttpDeps {
  /** The product's base URL: the `cashfree` flow's redirect goes to its /payment-redirect page. */
  publicUrl: string;
  /** Milliseconds since the epoch (webhook time stamps); tests move it. */
  now?: () => number;
}

/** 118000 paise → "1180.00": integer arithmetic only. */
export function minorToDecimal(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not an amount in paise: ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/**
 * 1180 / 1180.1 / "1180.00" → 118000 / 118010 / 118000. A JSON number reaches us as a double; its shortest
 * text form (`String`) is the decimal Cashfree wrote for any amount under 15 digits, so the digits are
 * split as text: 4.35 gives 435 where `4.35 * 100` gives 434.99999999999994.
 */
export function decimalToMinor(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new GatewayError(`${NAME}: not a decimal amount: ${String(value)}`, true);
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) throw new GatewayError(`${NAME}: amount out of range`, true);
  return minor;
}

/** JSON whose amount fields are written as exact decimal numbers (`"order_amount":1180.00`). */
function jsonWithDecimals(body: Record<string, unknown>, decimals: Record<string, string>): string {
  let json = JSON.stringify({
    ...body,
    ...Object.fromEntries(Object.keys(decimals).map((k) => [k, `@${k}@`])),
  });
  for (const [key, value] of Object.entries(decimals)) json = json.replace(`"@${key}@"`, value);
  return json;
}

interface CashfreeOrder {
  orderId: string;
  status: string;
  amount: number;
  currency: Currency;
  paymentSessionId: string | null;
}

export function createCashfreeGateway(config: CashfreeConfig, deps: CashfreeDeps): PaymentGateway {
  const now = deps.now ?? Date.now;
  const api = (method: 'GET' | 'POST', path: string, body?: string) =>
    callGateway(
      NAME,
      `${config.apiUrl}${path}`,
      {
        method,
        headers: {
          'x-client-id': config.clientId,
          'x-client-secret': config.clientSecret,
          'x-api-version': CASHFREE_API_VERSION,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body,
      },
      { timeoutMs: config.timeoutMs, fetch: deps.fetch, describe: describeError },
    );
  const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;
  // `cashfree-sdk` orders are this gateway's too: one webhook route serves both.
  const notifyUrl = new URL(GATEWAY_PATHS.webhook('cashfree'), deps.publicUrl).toString();

  async function createOrder(input: CheckoutInput): Promise<CashfreeOrder> {
    if (!input.customer.phone)
      throw new GatewayError(`${NAME}: Cashfree needs the customer's phone number`, false);
    const body = jsonWithDecimals(
      {
        order_id: input.orderId,
        order_currency: input.currency,
        customer_details: {
          customer_id: input.customer.id.replace(/[^A-Za-z0-9_-]/g, '_'),
          // An Indian number goes without +91 (Cashfree's examples); others keep their country code.
          customer_phone: input.customer.phone.replace(/^\+91(?=\d{10}$)/, ''),
          ...(input.customer.email ? { customer_email: input.customer.email } : {}),
          ...(input.customer.name ? { customer_name: input.customer.name } : {}),
        },
        order_meta: {
          return_url: input.returnUrl,
          // Webhooks for this order without a dashboard setting; Cashfree accepts only https here.
          ...(notifyUrl.startsWith('https://') ? { notify_url: notifyUrl } : {}),
        },
        order_note: input.description.slice(0, 200),
      },
      { order_amount: minorToDecimal(input.amount) },
    );
    try {
      return readOrder(await api('POST', '/orders', body));
    } catch (error) {
      // A retry after a lost answer: order_id is unique at Cashfree, so the first order is there.
      const existing = await api('GET', orderPath(input.orderId)).then(readOrder, () => null);
      if (existing?.status === 'ACTIVE' && existing.paymentSessionId) return existing;
      throw error;
    }
  }

  return {
    providers: ['cashfree', 'cashfree-sdk'] satisfies PaymentProvider[],
    environment: config.environment,

    async createCheckout(provider, input): Promise<CheckoutSession> {
      if (provider !== 'cashfree' && provider !== 'cashfree-sdk')
        throw new GatewayError(`${NAME}: cannot serve ${provider}`, false);
      const order = await createOrder(input);
      const sessionId = requireString(NAME, order.paymentSessionId, 'payment_session_id');
      const page = new URL('/payment-redirect', deps.publicUrl);
      page.searchParams.set('sdkProvider', 'cashfree');
      page.searchParams.set('paymentSessionId', sessionId);
      page.searchParams.set('environment', config.environment);
      return {
        gatewayOrderId: order.orderId,
        redirectUrl: provider === 'cashfree' ? page.toString() : null,
        paymentSessionId: sessionId,
      };
    },

    async fetchPayment(gatewayOrderId): Promise<GatewayPayment> {
      const order = readOrder(await api('GET', orderPath(gatewayOrderId)));
      const base = { amount: order.amount, currency: order.currency };
      // PAID is final; otherwise the newest attempt tells a failure or a drop from nothing yet.
      const attempts = readPayments(await api('GET', `${orderPath(gatewayOrderId)}/payments`));
      const succeeded = attempts.find((a) => a.status === 'SUCCESS');
      if (order.status === 'PAID' || succeeded)
        return {
          ...base,
          status: 'success',
          paymentId: succeeded?.paymentId ?? attempts.at(-1)?.paymentId ?? null,
        };
      const last = attempts.at(-1);
      const fromAttempt: GatewayPaymentStatus | undefined = last
        ? (
            {
              FAILED: 'failed',
              USER_DROPPED: 'cancelled',
              CANCELLED: 'cancelled',
              VOID: 'cancelled',
            } as const
          )[last.status as 'FAILED']
        : undefined;
      if (fromAttempt) return { ...base, status: fromAttempt, paymentId: last!.paymentId };
      if (order.status === 'EXPIRED' || order.status === 'TERMINATED')
        return { ...base, status: 'cancelled', paymentId: null };
      return { ...base, status: 'pending', paymentId: null };
    },

    async refund(input: RefundInput): Promise<GatewayRefund> {
      const body = jsonWithDecimals(
        { refund_id: input.refundId, refund_note: input.reason.slice(0, 100), refund_speed: 'STANDARD' },
        { refund_amount: minorToDecimal(input.amount) },
      );
      const path = `${orderPath(input.gatewayOrderId)}/refunds`;
      try {
        return readRefund(await api('POST', path, body));
      } catch (error) {
        // refund_id is ours and unique per order: a retried refund is the first one, never a second.
        const existing = await api('GET', `${path}/${encodeURIComponent(input.refundId)}`).then(
          readRefund,
          () => null,
        );
        if (existing) return existing;
        throw error;
      }
    },

    async fetchRefund(input): Promise<GatewayRefund> {
      return readRefund(
        await api('GET', `${orderPath(input.gatewayOrderId)}/refunds/${encodeURIComponent(input.refundId)}`),
      );
    },

    verifyWebhook(rawBody, headers): WebhookEvent {
      const signature = header(headers, 'x-webhook-signature');
      const timestamp = header(headers, 'x-webhook-timestamp');
      if (!signature) throw new WebhookSignatureError('no x-webhook-signature header');
      if (!timestamp || !/^\d{1,16}$/.test(timestamp))
        throw new WebhookSignatureError('no x-webhook-timestamp header');
      // Signed: base64 HMAC-SHA256 of the timestamp header followed by the raw body, keyed with the secret.
      const expected = createHmac('sha256', config.clientSecret)
        .update(timestamp)
        .update(rawBody)
        .digest('base64');
      if (!safeEqual(signature, expected)) throw new WebhookSignatureError('x-webhook-signature mismatch');
      // Cashfree sends milliseconds; a seconds value is accepted too. A replay outside the window is refused.
      const sentMs = timestamp.length <= 10 ? Number(timestamp) * 1000 : Number(timestamp);
      if (Math.abs(now() - sentMs) > config.webhookToleranceSeconds * 1000)
        throw new WebhookSignatureError('x-webhook-timestamp outside the tolerance');
      return readWebhook(rawBody);
    },
  };
}

function describeError(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  return [body.code, body.message].filter((v) => typeof v === 'string').join(': ') || undefined;
}

function readCurrency(value: unknown): Currency {
  const found = CURRENCIES.find((c) => c === value);
  if (!found) throw new GatewayError(`${NAME}: unexpected currency ${String(value)}`, false);
  return found;
}

function readOrder(body: unknown): CashfreeOrder {
  if (!isRecord(body)) throw new GatewayError(`${NAME}: the answer is not an order`, true);
  return {
    orderId: requireString(NAME, body.order_id, 'order_id'),
    status: requireString(NAME, body.order_status, 'order_status'),
    amount: decimalToMinor(body.order_amount),
    currency: readCurrency(body.order_currency),
    paymentSessionId: typeof body.payment_session_id === 'string' ? body.payment_session_id : null,
  };
}

/** The order's payment attempts, oldest first (Cashfree lists them without a guaranteed order). */
function readPayments(body: unknown): { paymentId: string; status: string; time: string }[] {
  if (!Array.isArray(body)) throw new GatewayError(`${NAME}: the answer is not a list of payments`, true);
  return body
    .filter(isRecord)
    .filter((p) => p.cf_payment_id !== undefined && p.cf_payment_id !== null)
    .map((p) => ({
      paymentId: String(p.cf_payment_id),
      status: String(p.payment_status),
      time: typeof p.payment_time === 'string' ? p.payment_time : '',
    }))
    .sort((a, b) => Date.parse(a.time || '0') - Date.parse(b.time || '0'));
}

const REFUND_STATUS: Record<string, GatewayRefundStatus> = {
  SUCCESS: 'processed',
  PENDING: 'pending',
  ONHOLD: 'pending',
  CANCELLED: 'failed',
  FAILED: 'failed',
};

function readRefund(body: unknown): GatewayRefund {
  if (!isRecord(body)) throw new GatewayError(`${NAME}: the answer is not a refund`, true);
  const status = REFUND_STATUS[String(body.refund_status)];
  if (!status)
    throw new GatewayError(`${NAME}: unexpected refund_status ${String(body.refund_status)}`, true);
  const id = body.cf_refund_id;
  return {
    gatewayRefundId: requireString(NAME, typeof id === 'number' ? String(id) : id, 'cf_refund_id'),
    status,
  };
}

function readWebhook(rawBody: Buffer): WebhookEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('the signed body is not JSON');
  }
  // No event id in Cashfree's webhooks; a redelivery carries the same body (a new time stamp header).
  const eventId = createHash('sha256').update(rawBody).digest('hex');
  const none = { eventId, gatewayOrderId: null, gatewayRefundId: null, refundId: null };
  if (!isRecord(body) || typeof body.type !== 'string' || !isRecord(body.data))
    return { ...none, kind: 'ignored' };
  const { data } = body;
  if (body.type.startsWith('PAYMENT_') && isRecord(data.order) && typeof data.order.order_id === 'string')
    return { ...none, kind: 'payment', gatewayOrderId: data.order.order_id };
  if (body.type.includes('REFUND') && isRecord(data.refund)) {
    const refund = data.refund;
    return {
      ...none,
      kind: 'refund',
      gatewayOrderId: typeof refund.order_id === 'string' ? refund.order_id : null,
      gatewayRefundId:
        typeof refund.cf_refund_id === 'string' || typeof refund.cf_refund_id === 'number'
          ? String(refund.cf_refund_id)
          : null,
      refundId: typeof refund.refund_id === 'string' ? refund.refund_id : null,
    };
  }
  return { ...none, kind: 'ignored' };
}
