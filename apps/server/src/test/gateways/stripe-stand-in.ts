import { createHmac } from 'node:crypto';
import { gatewayId, startStandIn, type StandInAnswer, type StandInRequest } from './stand-in-server.js';

/**
 * A local Stripe for tests: Checkout Sessions and Refunds as the API documents them (Bearer secret key,
 * form-encoded bodies with bracketed keys, `{ error: { type, code, message, param } }`, Idempotency-Key
 * replays and `idempotency_error` on a changed body, amounts in the smallest unit), a hosted page the test
 * pays or cancels on (303 to success_url / cancel_url) and events signed as Stripe signs them:
 * `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body" with the whsec_ secret>`.
 */

export const STRIPE_SECRET_KEY = 'sk_test_51VeridocsStandIn000000000000';
export const STRIPE_WEBHOOK_SECRET = 'whsec_standin0123456789abcdef';

interface Session {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  payment_intent: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  created: number;
  livemode: false;
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'succeeded' | 'requires_payment_method' | 'processing' | 'canceled';
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  created: number;
}

/** `a[b][0][c]=1` → { a: { b: [ { c: '1' } ] } }, as Stripe reads form bodies. */
export function parseStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (last) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const entries = Object.entries(v).map(([k, x]) => [k, arrays(x)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, x]) => x)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

const stripeError = (status: number, error: Record<string, string>): StandInAnswer => ({
  status,
  body: { error: { type: 'invalid_request_error', ...error } },
  headers: { 'request-id': gatewayId('req_') },
});

export async function startStripeStandIn() {
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Intent>();
  const refunds = new Map<string, Refund>();
  const replays = new Map<string, { raw: string; answer: StandInAnswer }>();
  const now = () => Math.floor(Date.now() / 1000);
  let baseUrl = '';

  const missing = (param: string) =>
    stripeError(400, { code: 'parameter_missing', param, message: `Missing required param: ${param}.` });

  function route(req: StandInRequest, form: Record<string, unknown>): StandInAnswer {
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const items = form.line_items as
        { quantity?: string; price_data?: Record<string, unknown> }[] | undefined;
      if (form.mode !== 'payment') return missing('mode');
      if (!items?.[0]) return missing('line_items');
      const price = items[0].price_data;
      if (!price?.currency) return missing('line_items[0][price_data][currency]');
      const unit = Number(price.unit_amount);
      if (!Number.isInteger(unit))
        return stripeError(400, {
          code: 'parameter_invalid_integer',
          param: 'line_items[0][price_data][unit_amount]',
          message: 'Invalid integer: ' + String(price.unit_amount),
        });
      if (typeof form.success_url !== 'string') return missing('success_url');
      const id = `cs_test_${gatewayId('')}`;
      const session: Session = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: unit * Number(items[0].quantity ?? 1),
        currency: String(price.currency),
        client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
        success_url: form.success_url,
        cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
        url: `${baseUrl}/c/pay/${id}`,
        payment_intent: null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
        created: now(),
        livemode: false,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    const sessionGet = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && sessionGet) {
      const session = sessions.get(sessionGet[1]!);
      if (!session)
        return stripeError(404, {
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${sessionGet[1]}'`,
        });
      const expand = [...req.query.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
      return {
        status: 200,
        body: {
          ...session,
          payment_intent: expand.includes('payment_intent') && intent ? intent : session.payment_intent,
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/refunds') {
      const intent = intents.get(String(form.payment_intent ?? ''));
      if (!intent)
        return stripeError(400, {
          code: 'resource_missing',
          param: 'payment_intent',
          message: `No such payment_intent: '${String(form.payment_intent)}'`,
        });
      const amount = form.amount === undefined ? intent.amount : Number(form.amount);
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === intent.id)
        .reduce((s, r) => s + r.amount, 0);
      if (refunded + amount > intent.amount)
        return stripeError(400, {
          code: 'amount_too_large',
          param: 'amount',
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`,
        });
      const refund: Refund = {
        id: `re_${gatewayId('')}`,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        metadata: (form.metadata as Record<string, string>) ?? {},
        status: 'pending',
        created: now(),
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    const refundGet = /^\/v1\/refunds\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && refundGet) {
      const refund = refunds.get(refundGet[1]!);
      if (!refund)
        return stripeError(404, {
          code: 'resource_missing',
          param: 'id',
          message: `No such refund: '${refundGet[1]}'`,
        });
      return { status: 200, body: refund };
    }
    return stripeError(404, { message: `Unrecognized request URL (${req.method}: ${req.path}).` });
  }

  const server = await startStandIn((req) => {
    // Stripe's hosted page: the candidate pays, declines, or goes back.
    const page = /^\/c\/pay\/([^/]+)\/(pay|decline|cancel)$/.exec(req.path);
    if (page && req.method === 'POST') {
      const session = sessions.get(page[1]!);
      if (!session) return { status: 404, body: 'not found' };
      if (page[2] === 'cancel') return { status: 303, headers: { location: session.cancel_url ?? baseUrl } };
      const intent: Intent = {
        id: session.payment_intent ?? `pi_${gatewayId('')}`,
        object: 'payment_intent',
        amount: session.amount_total,
        currency: session.currency,
        status: page[2] === 'pay' ? 'succeeded' : 'requires_payment_method',
      };
      intents.set(intent.id, intent);
      session.payment_intent = intent.id;
      if (page[2] === 'decline') return { status: 200, body: '<html>Your card was declined.</html>' };
      session.status = 'complete';
      session.payment_status = 'paid';
      session.url = null;
      return {
        status: 303,
        headers: { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) },
      };
    }
    if (req.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`)
      return stripeError(401, { message: 'Invalid API Key provided: sk_test_****' });
    const form = parseStripeForm(req.method === 'GET' ? '' : req.raw);
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string') {
      const seen = replays.get(key);
      if (seen && seen.raw !== req.raw)
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      if (seen) return { ...seen.answer, headers: { ...seen.answer.headers, 'idempotent-replayed': 'true' } };
      const answer = route(req, form);
      replays.set(key, { raw: req.raw, answer: structuredClone(answer) });
      return answer;
    }
    return route(req, form);
  });
  baseUrl = server.url;

  /** An event as Stripe delivers it, signed with `secret` at `timestamp` (seconds). */
  function webhook(type: string, object: object, options: { secret?: string; timestamp?: number } = {}) {
    const body = JSON.stringify({
      id: `evt_${gatewayId('')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const t = options.timestamp ?? now();
    const v1 = createHmac('sha256', options.secret ?? STRIPE_WEBHOOK_SECRET)
      .update(`${t}.${body}`)
      .digest('hex');
    return {
      body: Buffer.from(body),
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` } as Record<
        string,
        string
      >,
    };
  }

  return {
    server,
    sessions,
    intents,
    refunds,
    webhook,
    setSession: (id: string, patch: Partial<Session>) => Object.assign(sessions.get(id)!, patch),
    setIntentStatus: (id: string, status: Intent['status']) => void (intents.get(id)!.status = status),
    setRefundStatus: (id: string, status: Refund['status']) => void (refunds.get(id)!.status = status),
  };
}
