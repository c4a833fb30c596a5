import { createHmac } from 'node:crypto';
import { basicAuth, gatewayId, startStandIn, type StandInAnswer } from './stand-in-server.js';

/**
 * A local Razorpay for tests: the Payment Links and Refunds APIs as documented (basic auth with
 * key_id:key_secret, `{ error: { code, description, field } }` on a bad request, amounts in paise), a
 * hosted page the "browser" pays on (`POST /i/{id}/pay` → 302 to callback_url with Razorpay's query), and
 * webhooks signed as Razorpay signs them: X-Razorpay-Signature = hex HMAC-SHA256(body, webhook secret).
 */

export const RAZORPAY_KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
export const RAZORPAY_KEY_SECRET = 'thisisasecret';
export const RAZORPAY_WEBHOOK_SECRET = 'whsecret-razorpay';

interface Link {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  description: string;
  reference_id: string;
  status: 'created' | 'partially_paid' | 'paid' | 'cancelled' | 'expired';
  short_url: string;
  callback_url: string | null;
  order_id: string;
  payments: { payment_id: string; amount: number; status: 'captured' | 'failed'; method: string }[];
  notes: Record<string, string>;
  created_at: number;
}

interface Refund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
  speed_requested: string;
  created_at: number;
}

const badRequest = (description: string, field?: string): StandInAnswer => ({
  status: 400,
  body: {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field,
    },
  },
});

export async function startRazorpayStandIn() {
  const links = new Map<string, Link>();
  const refunds = new Map<string, Refund>();
  const idempotency = new Map<string, { raw: string; refundId: string }>();
  const now = () => Math.floor(Date.now() / 1000);
  let baseUrl = '';

  const server = await startStandIn((req) => {
    // The hosted page: what the candidate's browser does there.
    const page = /^\/i\/([^/]+)\/(pay|fail)$/.exec(req.path);
    if (page && req.method === 'POST') {
      const link = [...links.values()].find((l) => l.short_url.endsWith(`/i/${page[1]}`));
      if (!link) return { status: 404, body: 'not found' };
      if (page[2] === 'fail') {
        link.payments.push({
          payment_id: gatewayId('pay_'),
          amount: link.amount,
          status: 'failed',
          method: 'card',
        });
        return { status: 200, body: '<html>Payment failed. Retry</html>' };
      }
      const payment = {
        payment_id: gatewayId('pay_'),
        amount: link.amount,
        status: 'captured' as const,
        method: 'upi',
      };
      link.payments.push(payment);
      link.status = 'paid';
      link.amount_paid = link.amount;
      if (!link.callback_url) return { status: 200, body: '<html>Paid</html>' };
      const query = new URLSearchParams({
        razorpay_payment_id: payment.payment_id,
        razorpay_payment_link_id: link.id,
        razorpay_payment_link_reference_id: link.reference_id,
        razorpay_payment_link_status: link.status,
      });
      const signed = [link.id, link.reference_id, link.status, payment.payment_id].join('|');
      query.set('razorpay_signature', createHmac('sha256', RAZORPAY_KEY_SECRET).update(signed).digest('hex'));
      const target = new URL(link.callback_url);
      query.forEach((v, k) => target.searchParams.set(k, v));
      return { status: 302, headers: { location: target.toString() } };
    }

    const auth = basicAuth(req.headers);
    if (!auth || auth[0] !== RAZORPAY_KEY_ID || auth[1] !== RAZORPAY_KEY_SECRET)
      return {
        status: 401,
        body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } },
      };
    const body = req.raw ? (JSON.parse(req.raw) as Record<string, unknown>) : {};

    if (req.method === 'POST' && req.path === '/v1/payment_links') {
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount))
        return badRequest('The amount must be an integer.', 'amount');
      if (amount < 100) return badRequest('The amount must be atleast INR 1.00', 'amount');
      if (body.currency !== 'INR' && body.currency !== 'USD')
        return badRequest('The currency is invalid.', 'currency');
      if (body.callback_url && body.callback_method !== 'get')
        return badRequest('callback_method should be get when callback_url is provided', 'callback_method');
      const reference = String(body.reference_id ?? '');
      if ([...links.values()].some((l) => l.reference_id === reference))
        return badRequest(`Payment Link with reference id ${reference} already exists`, 'reference_id');
      const id = gatewayId('plink_');
      const link: Link = {
        id,
        amount,
        amount_paid: 0,
        currency: body.currency,
        description: String(body.description ?? ''),
        reference_id: reference,
        status: 'created',
        short_url: `${baseUrl}/i/${id.slice(6, 14)}`,
        callback_url: typeof body.callback_url === 'string' ? body.callback_url : null,
        order_id: gatewayId('order_'),
        payments: [],
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: now(),
      };
      links.set(id, link);
      return { status: 200, body: linkEntity(link) };
    }
    if (req.method === 'GET' && req.path === '/v1/payment_links') {
      const reference = req.query.get('reference_id');
      const list = [...links.values()].filter((l) => !reference || l.reference_id === reference);
      return { status: 200, body: { payment_links: list.map(linkEntity) } };
    }
    const linkPath = /^\/v1\/payment_links\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && linkPath) {
      const link = links.get(linkPath[1]!);
      if (!link) return badRequest('The id provided does not exist', 'id');
      return { status: 200, body: linkEntity(link) };
    }
    const refundPath = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.path);
    if (req.method === 'POST' && refundPath) {
      const key = req.headers['x-refund-idempotency'];
      if (typeof key === 'string') {
        const seen = idempotency.get(key);
        if (seen && seen.raw !== req.raw)
          return badRequest('Different request body sent for the same idempotency key');
        if (seen) return { status: 200, body: refunds.get(seen.refundId) };
      }
      const paymentId = refundPath[1]!;
      const link = [...links.values()].find((l) =>
        l.payments.some((p) => p.payment_id === paymentId && p.status === 'captured'),
      );
      if (!link) return badRequest('The id provided does not exist', 'id');
      const already = [...refunds.values()]
        .filter((r) => r.payment_id === paymentId)
        .reduce((s, r) => s + r.amount, 0);
      const amount = typeof body.amount === 'number' ? body.amount : link.amount - already;
      if (amount + already > link.amount)
        return badRequest('The refund amount provided is greater than amount captured', 'amount');
      const refund: Refund = {
        id: gatewayId('rfnd_'),
        entity: 'refund',
        amount,
        currency: link.currency,
        payment_id: paymentId,
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        notes: (body.notes as Record<string, string>) ?? {},
        status: 'pending',
        speed_requested: String(body.speed ?? 'normal'),
        created_at: now(),
      };
      refunds.set(refund.id, refund);
      if (typeof key === 'string') idempotency.set(key, { raw: req.raw, refundId: refund.id });
      return { status: 200, body: refund };
    }
    const refundGet = /^\/v1\/refunds\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && refundGet) {
      const refund = refunds.get(refundGet[1]!);
      if (!refund) return badRequest('The id provided does not exist', 'id');
      return { status: 200, body: refund };
    }
    return {
      status: 404,
      body: {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
      },
    };
  });
  baseUrl = server.url;

  function linkEntity(l: Link) {
    return {
      accept_partial: false,
      amount: l.amount,
      amount_paid: l.amount_paid,
      callback_method: l.callback_url ? 'get' : '',
      callback_url: l.callback_url ?? '',
      cancelled_at: 0,
      created_at: l.created_at,
      currency: l.currency,
      customer: {},
      description: l.description,
      expire_by: 0,
      expired_at: 0,
      first_min_partial_amount: 0,
      id: l.id,
      notes: l.notes,
      notify: { email: false, sms: false },
      order_id: l.order_id,
      payments:
        l.payments.length === 0
          ? null
          : l.payments.map((p) => ({ ...p, plink_id: l.id, created_at: l.created_at })),
      reference_id: l.reference_id,
      reminder_enable: false,
      reminders: [],
      short_url: l.short_url,
      status: l.status,
      updated_at: now(),
      upi_link: false,
      user_id: '',
    };
  }

  /** A webhook as Razorpay delivers it: the JSON body and its headers, signed with `secret`. */
  function webhook(
    event: string,
    ids: { linkId?: string; refundId?: string },
    secret = RAZORPAY_WEBHOOK_SECRET,
  ) {
    const payload: Record<string, unknown> = {};
    const link = ids.linkId ? links.get(ids.linkId) : undefined;
    if (link) {
      payload.payment_link = { entity: linkEntity(link) };
      const paid = link.payments.at(-1);
      if (paid)
        payload.payment = {
          entity: { id: paid.payment_id, entity: 'payment', amount: paid.amount, status: paid.status },
        };
    }
    const refund = ids.refundId ? refunds.get(ids.refundId) : undefined;
    if (refund) payload.refund = { entity: refund };
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_BFQ7uQEaa7j2z7',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    return {
      body: Buffer.from(body),
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
        'x-razorpay-event-id': gatewayId('evt_'),
      } as Record<string, string>,
    };
  }

  return {
    server,
    links,
    refunds,
    webhook,
    /** The hosted page's code in a link's short_url. */
    pageCode: (shortUrl: string) => shortUrl.slice(shortUrl.lastIndexOf('/') + 1),
    setLinkStatus: (id: string, status: Link['status']) => void (links.get(id)!.status = status),
    setRefundStatus: (id: string, status: Refund['status']) => void (refunds.get(id)!.status = status),
  };
}
