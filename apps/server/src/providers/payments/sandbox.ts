import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  GATEWAY_PATHS,
  sandboxWebhookSchema,
  type PaymentProvider,
  type SandboxWebhook,
} from '@veridocs/shared';
import type { Clock } from '../../lib/clock.js';
import {
  GatewayError,
  WebhookSignatureError,
  type CheckoutInput,
  type CheckoutSession,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
  type RefundInput,
  type WebhookEvent,
} from './gateway.js';
import type { SandboxOutcome, SandboxRepository, SandboxSessionRow } from './sandbox-repository.js';

/** The header the sandbox signs its webhooks in (README "Sandbox webhook"). */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** `sha256=<hex HMAC-SHA256 of the raw body>`, keyed with SANDBOX_GATEWAY_SECRET. */
export function signSandboxBody(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface SandboxGateway extends PaymentGateway {
  /** The hosted checkout page's data (null: no such session). */
  session(id: string): Promise<SandboxSessionRow | undefined>;
  /**
   * The candidate's choice on the checkout page: the session ends (once) and the browser goes back to
   * the merchant; pay and fail store their signed webhook, delivered by `deliverOnce`.
   */
  complete(id: string, outcome: 'pay' | 'fail' | 'cancel'): Promise<{ redirectUrl: string } | null>;
  /** Delivers one due webhook; false when none was due. */
  deliverOnce(): Promise<boolean>;
}

/** Backoff before attempt n+1 after n failed ones: 5 s, 20 s, 80 s … at most an hour. */
export const sandboxRetryMs = (attempts: number) => Math.min(3_600_000, 5_000 * 4 ** (attempts - 1));

/**
 * The embedded sandbox gateway (ADR 0023): the default for both regions, working with nothing
 * configured. It behaves as a hosted-checkout gateway does: its own checkout page (served by the
 * product under /api/payments/sandbox), a redirect back with our order id, then a signed webhook,
 * stored with the change and delivered by a job until the merchant answers 2xx. Its state is its own
 * tables; `post` delivers a webhook to the merchant (the app posts it to its own webhook route).
 */
export function createSandboxGateway(deps: {
  repo: SandboxRepository;
  secret: string;
  publicUrl: string;
  now: Clock;
  post: (rawBody: string, headers: Record<string, string>) => Promise<number>;
  /** A webhook was stored: wake the delivery job. */
  onQueued?: () => void;
}): SandboxGateway {
  const { repo, secret, now } = deps;

  const event = (type: SandboxWebhook['type'], s: SandboxSessionRow, extra: Partial<SandboxWebhook> = {}) => {
    const body: SandboxWebhook = {
      id: newId('evt'),
      type,
      orderId: s.id,
      paymentId: s.paymentId ?? '',
      amount: s.amount,
      currency: s.currency,
      createdAt: now().toISOString(),
      ...extra,
    };
    return { id: body.id, body: JSON.stringify(body) };
  };

  const toPayment = (s: SandboxSessionRow): GatewayPayment => ({
    status: s.status,
    paymentId: s.paymentId,
    amount: s.amount,
    currency: s.currency,
  });

  return {
    providers: ['sandbox', 'sandbox-sdk'] satisfies PaymentProvider[],
    environment: 'sandbox',

    async createCheckout(provider: PaymentProvider, input: CheckoutInput): Promise<CheckoutSession> {
      const id = newId('sbx_order');
      const at = now();
      await repo.createSession({
        id,
        merchantReference: input.orderId,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        status: 'pending',
        createdAt: at,
        updatedAt: at,
      });
      const redirectUrl = `${deps.publicUrl}${GATEWAY_PATHS.sandboxCheckout(id)}`;
      // The card-SDK flavour: the product's /payment-redirect page opens the session by its id.
      return { gatewayOrderId: id, redirectUrl, paymentSessionId: provider === 'sandbox-sdk' ? id : null };
    },

    async fetchPayment(gatewayOrderId: string): Promise<GatewayPayment> {
      const s = await repo.session(gatewayOrderId);
      if (!s) throw new GatewayError(`sandbox: no order ${gatewayOrderId}`, false);
      return toPayment(s);
    },

    async refund(input: RefundInput): Promise<GatewayRefund> {
      // A retried call (same merchant refund id) answers the refund it made, as gateways' idempotency does.
      const made = await repo.findRefundByMerchantId(input.refundId);
      if (made) return { gatewayRefundId: made.id, status: 'pending' };
      const s = await repo.session(input.gatewayOrderId);
      if (!s || s.status !== 'success' || s.paymentId !== input.paymentId)
        throw new GatewayError('sandbox: the payment cannot be refunded', false);
      if (input.amount > s.amount - (await repo.refunded(s.id)))
        throw new GatewayError('sandbox: the refund exceeds what is left of the payment', false);
      const refund = await repo.refund(
        { id: newId('sbx_rfnd'), sessionId: s.id, merchantRefundId: input.refundId, amount: input.amount },
        (r) => event('refund.processed', s, { refundId: r.id, amount: r.amount }),
        now(),
      );
      deps.onQueued?.();
      // Accepted; processed as the webhook (or a fetchRefund) tells, as real gateways answer.
      return { gatewayRefundId: refund.id, status: 'pending' };
    },

    async fetchRefund(input): Promise<GatewayRefund> {
      const r = await repo.findRefund(input.gatewayRefundId);
      if (!r) throw new GatewayError(`sandbox: no refund ${input.gatewayRefundId}`, false);
      return { gatewayRefundId: r.id, status: r.status };
    },

    verifyWebhook(rawBody, headers): WebhookEvent {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof header !== 'string')
        throw new WebhookSignatureError(`no ${SANDBOX_SIGNATURE_HEADER} header`);
      const expected = Buffer.from(signSandboxBody(secret, rawBody));
      const given = Buffer.from(header.trim());
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new WebhookSignatureError('the signature does not match the body');
      let parsed: SandboxWebhook;
      try {
        parsed = sandboxWebhookSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new WebhookSignatureError('signed, but not a sandbox event');
      }
      const refund = parsed.type === 'refund.processed';
      return {
        eventId: parsed.id,
        kind: refund ? 'refund' : 'payment',
        gatewayOrderId: parsed.orderId,
        gatewayRefundId: refund ? (parsed.refundId ?? null) : null,
        refundId: null,
      };
    },

    session: (id) => repo.session(id),

    async complete(id, choice) {
      const outcome: SandboxOutcome =
        choice === 'pay' ? 'success' : choice === 'fail' ? 'failed' : 'cancelled';
      const s = await repo.complete(
        id,
        outcome,
        newId('sbx_pay'),
        // A cancelled checkout has no payment: no webhook (the status poll and reconciliation ask).
        outcome === 'cancelled'
          ? null
          : (changed) => event(outcome === 'success' ? 'payment.succeeded' : 'payment.failed', changed),
        now(),
      );
      if (!s) return null;
      if (outcome !== 'cancelled') deps.onQueued?.();
      return { redirectUrl: s.status === 'cancelled' ? s.cancelUrl : s.returnUrl };
    },

    async deliverOnce(): Promise<boolean> {
      const hook = await repo.claimWebhook(now());
      if (!hook) return false;
      let failure: string;
      try {
        const status = await deps.post(hook.body, {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, hook.body),
        });
        if (status >= 200 && status < 300) {
          await repo.delivered(hook.id, now());
          return true;
        }
        failure = `HTTP ${status}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      await repo.retryLater(hook.id, failure, new Date(now().getTime() + sandboxRetryMs(hook.attempts)));
      return true;
    },
  };
}
