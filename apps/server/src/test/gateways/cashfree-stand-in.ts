import { createHmac } from 'node:crypto';
import { gatewayId, startStandIn, type StandInAnswer } from './stand-in-server.js';

/**
 * A local Cashfree PG (API 2023-08-01) for tests: /pg/orders, /payments and /refunds as documented
 * (x-client-id, x-client-secret and x-api-version headers; `{ message, code, type }` errors; amounts as
 * decimal rupees), a checkout the test drives (`pay(orderId, outcome)` returns Cashfree's redirect to
 * return_url) and webhooks signed as Cashfree signs them: x-webhook-signature = base64 HMAC-SHA256 of
 * (x-webhook-timestamp + raw body) with the client secret.
 */

export const CASHFREE_CLIENT_ID = 'TEST10234567890abcdef';
export const CASHFREE_CLIENT_SECRET = 'cfsk_ma_test_0123456789abcdef';

type OrderStatus = 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED';
type PaymentStatus = 'SUCCESS' | 'FAILED' | 'USER_DROPPED' | 'PENDING' | 'NOT_ATTEMPTED';

interface Order {
  cf_order_id: string;
  order_id: string;
  /** Kept in paise: the stand-in itself never does rupee arithmetic in floating point. */
  paise: number;
  order_currency: string;
  order_status: OrderStatus;
  payment_session_id: string;
  return_url: string;
  created_at: string;
  customer_details: Record<string, unknown>;
  payments: { cf_payment_id: string; payment_status: PaymentStatus; payment_time: string; paise: number }[];
}

interface Refund {
  cf_refund_id: string;
  refund_id: string;
  order_id: string;
  cf_payment_id: string;
  paise: number;
  refund_currency: string;
  refund_note: string;
  refund_status: 'PENDING' | 'SUCCESS' | 'CANCELLED' | 'ONHOLD';
  created_at: string;
}

const invalid = (status: number, code: string, message: string): StandInAnswer => ({
  status,
  body: { message, code, type: 'invalid_request_error' },
});

/** Rupees as written in the request's JSON text (`"order_amount":1180.00`) → paise, exactly. */
function paiseFromRaw(raw: string, field: string): number | null {
  const match = new RegExp(`"${field}"\\s*:\\s*(\\d+)(?:\\.(\\d{1,2}))?\\s*[,}]`).exec(raw);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const rupees = (paise: number) => paise / 100;

export async function startCashfreeStandIn() {
  const orders = new Map<string, Order>();
  const refunds = new Map<string, Refund>();
  const iso = () => new Date().toISOString();

  const server = await startStandIn((req) => {
    if (!req.path.startsWith('/pg/'))
      return invalid(404, 'request_invalid', 'bad URL, please check API documentation');
    if (
      req.headers['x-client-id'] !== CASHFREE_CLIENT_ID ||
      req.headers['x-client-secret'] !== CASHFREE_CLIENT_SECRET
    )
      return {
        status: 401,
        body: { message: 'authentication Failed', code: 'request_failed', type: 'authentication_error' },
      };
    if (req.headers['x-api-version'] !== '2023-08-01')
      return invalid(400, 'x-api-version_value_invalid', 'x-api-version : is invalid');
    const body = req.raw ? (JSON.parse(req.raw) as Record<string, unknown>) : {};

    if (req.method === 'POST' && req.path === '/pg/orders') {
      const paise = paiseFromRaw(req.raw, 'order_amount');
      if (paise === null) return invalid(400, 'order_amount_invalid', 'order_amount : is invalid');
      if (paise < 100)
        return invalid(400, 'order_amount_invalid', 'order_amount : should be greater than or equal to 1');
      const customer = body.customer_details as Record<string, unknown> | undefined;
      if (!customer?.customer_phone)
        return invalid(
          400,
          'customer_details.customer_phone_missing',
          'customer_details.customer_phone : is missing in the request',
        );
      const orderId = typeof body.order_id === 'string' ? body.order_id : gatewayId('order_');
      if (orders.has(orderId)) return invalid(409, 'order_already_exists', 'order with same order id exists');
      const meta = body.order_meta as Record<string, unknown> | undefined;
      const order: Order = {
        cf_order_id: String(2_149_460_000 + orders.size),
        order_id: orderId,
        paise,
        order_currency: String(body.order_currency ?? 'INR'),
        order_status: 'ACTIVE',
        payment_session_id: `session_${gatewayId('')}${'x'.repeat(40)}`,
        return_url: typeof meta?.return_url === 'string' ? meta.return_url : '',
        created_at: iso(),
        customer_details: customer,
        payments: [],
      };
      orders.set(orderId, order);
      return { status: 200, body: orderEntity(order) };
    }
    const orderMatch = /^\/pg\/orders\/([^/]+)(?:\/(payments|refunds)(?:\/([^/]+))?)?$/.exec(req.path);
    if (!orderMatch) return invalid(404, 'request_invalid', 'bad URL, please check API documentation');
    const order = orders.get(decodeURIComponent(orderMatch[1]!));
    if (!order) return invalid(404, 'order_not_found', 'order not found');
    const [, , sub, refundId] = orderMatch;
    if (req.method === 'GET' && !sub) return { status: 200, body: orderEntity(order) };
    if (req.method === 'GET' && sub === 'payments')
      return {
        status: 200,
        body: order.payments.map((p) => ({
          cf_payment_id: p.cf_payment_id,
          order_id: order.order_id,
          entity: 'payment',
          payment_amount: rupees(p.paise),
          payment_currency: order.order_currency,
          payment_status: p.payment_status,
          payment_time: p.payment_time,
          payment_group: 'upi',
          is_captured: p.payment_status === 'SUCCESS',
        })),
      };
    if (req.method === 'POST' && sub === 'refunds' && !refundId) {
      const paid = order.payments.find((p) => p.payment_status === 'SUCCESS');
      if (order.order_status !== 'PAID' || !paid) return invalid(400, 'refund_invalid', 'order is not paid');
      const paise = paiseFromRaw(req.raw, 'refund_amount');
      if (paise === null || paise <= 0)
        return invalid(400, 'refund_amount_invalid', 'refund_amount : is invalid');
      const id = String(body.refund_id ?? '');
      if ([...refunds.values()].some((r) => r.order_id === order.order_id && r.refund_id === id))
        return invalid(409, 'refund_already_exists', 'refund with same refund_id exists');
      const already = [...refunds.values()]
        .filter((r) => r.order_id === order.order_id)
        .reduce((s, r) => s + r.paise, 0);
      if (already + paise > order.paise)
        return invalid(
          400,
          'refund_amount_invalid',
          'refund_amount : should be less than or equal to the paid amount',
        );
      const refund: Refund = {
        cf_refund_id: String(1_000_000 + refunds.size),
        refund_id: id,
        order_id: order.order_id,
        cf_payment_id: paid.cf_payment_id,
        paise,
        refund_currency: order.order_currency,
        refund_note: String(body.refund_note ?? ''),
        refund_status: 'PENDING',
        created_at: iso(),
      };
      refunds.set(`${order.order_id}/${id}`, refund);
      return { status: 200, body: refundEntity(refund) };
    }
    if (req.method === 'GET' && sub === 'refunds' && refundId) {
      const refund = refunds.get(`${order.order_id}/${decodeURIComponent(refundId)}`);
      if (!refund) return invalid(404, 'refund_not_found', 'refund does not exist');
      return { status: 200, body: refundEntity(refund) };
    }
    return invalid(404, 'request_invalid', 'bad URL, please check API documentation');
  });

  function orderEntity(o: Order) {
    return {
      cf_order_id: o.cf_order_id,
      created_at: o.created_at,
      customer_details: o.customer_details,
      entity: 'order',
      order_amount: rupees(o.paise),
      order_currency: o.order_currency,
      order_expiry_time: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      order_id: o.order_id,
      order_meta: { return_url: o.return_url, notify_url: null, payment_methods: null },
      order_note: null,
      order_splits: [],
      order_status: o.order_status,
      order_tags: null,
      payment_session_id: o.payment_session_id,
      terminal_data: null,
    };
  }

  function refundEntity(r: Refund) {
    return {
      cf_payment_id: r.cf_payment_id,
      cf_refund_id: r.cf_refund_id,
      refund_id: r.refund_id,
      order_id: r.order_id,
      entity: 'refund',
      refund_amount: rupees(r.paise),
      refund_currency: r.refund_currency,
      refund_note: r.refund_note,
      refund_status: r.refund_status,
      refund_type: 'MERCHANT_INITIATED',
      refund_speed: { requested: 'STANDARD', accepted: 'STANDARD' },
      created_at: r.created_at,
    };
  }

  /** The candidate at Cashfree's checkout: one attempt, then Cashfree's redirect to return_url. */
  function pay(orderId: string, outcome: PaymentStatus = 'SUCCESS') {
    const order = orders.get(orderId)!;
    const payment = {
      cf_payment_id: String(5_114_910_000_000 + order.payments.length + orders.size * 10),
      payment_status: outcome,
      payment_time: new Date(Date.now() + order.payments.length).toISOString(),
      paise: order.paise,
    };
    order.payments.push(payment);
    if (outcome === 'SUCCESS') order.order_status = 'PAID';
    return { paymentId: payment.cf_payment_id, redirect: order.return_url.replace('{order_id}', orderId) };
  }

  /** A webhook as Cashfree delivers it; `secret` and `timestampMs` let a test forge or age it. */
  function webhook(
    type: string,
    ids: { orderId?: string; refund?: { orderId: string; refundId: string } },
    options: { secret?: string; timestampMs?: number } = {},
  ) {
    const data: Record<string, unknown> = {};
    const order = ids.orderId ? orders.get(ids.orderId) : undefined;
    if (order) {
      const payment = order.payments.at(-1);
      data.order = {
        order_id: order.order_id,
        order_amount: rupees(order.paise),
        order_currency: order.order_currency,
        order_tags: null,
      };
      if (payment)
        data.payment = {
          cf_payment_id: payment.cf_payment_id,
          payment_status: payment.payment_status,
          payment_amount: rupees(payment.paise),
          payment_currency: order.order_currency,
          payment_time: payment.payment_time,
        };
      data.customer_details = order.customer_details;
    }
    const refund = ids.refund ? refunds.get(`${ids.refund.orderId}/${ids.refund.refundId}`) : undefined;
    if (refund) data.refund = refundEntity(refund);
    const body = JSON.stringify({ data, event_time: new Date().toISOString(), type });
    const timestamp = String(options.timestampMs ?? Date.now());
    const signature = createHmac('sha256', options.secret ?? CASHFREE_CLIENT_SECRET)
      .update(timestamp + body)
      .digest('base64');
    return {
      body: Buffer.from(body),
      headers: {
        'content-type': 'application/json',
        'x-webhook-signature': signature,
        'x-webhook-timestamp': timestamp,
        'x-webhook-version': '2023-08-01',
      } as Record<string, string>,
    };
  }

  /** Cashfree's retry of a delivery: the same body, signed again with a new time stamp. */
  function redeliver(body: Buffer, timestampMs: number, secret = CASHFREE_CLIENT_SECRET) {
    const timestamp = String(timestampMs);
    const signature = createHmac('sha256', secret)
      .update(timestamp + body.toString('utf8'))
      .digest('base64');
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-webhook-signature': signature,
        'x-webhook-timestamp': timestamp,
      } as Record<string, string>,
    };
  }

  return {
    server,
    orders,
    pay,
    webhook,
    redeliver,
    setOrderStatus: (orderId: string, status: OrderStatus) =>
      void (orders.get(orderId)!.order_status = status),
    setRefundStatus: (orderId: string, refundId: string, status: Refund['refund_status']) =>
      void (refunds.get(`${orderId}/${refundId}`)!.refund_status = status),
  };
}
