import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { GatewayPayment, PaymentGateway } from '../../providers/payments/gateway.js';
import { GatewayError } from '../../providers/payments/gateway.js';
import type { PaymentGateways } from '../../providers/payments/index.js';
import type { OpsAuthService } from '../ops-auth/ops-auth-service.js';
import type { ProfileService } from '../profile/profile-service.js';
import type { TransactionsService } from '../transactions/transactions-service.js';
import { SUPERSEDED_REFUND_REASON, covers, currentQuoteOf } from './payments-fns.js';
import {
  OPEN_ORDER_STATUSES,
  UNPAID_ORDER_STATUSES,
  type OrderRow,
  type PaymentsRepository,
  type RefundRow,
} from './payments-repository.js';

export interface PaymentsServiceDeps {
  repo: PaymentsRepository;
  gateways: PaymentGateways;
  transactions: Pick<
    TransactionsService,
    'paymentContext' | 'assertSubmittable' | 'settlePayment' | 'withPaymentLock'
  >;
  profiles: Pick<ProfileService, 'get'>;
  audit: Pick<OpsAuthService, 'audit'>;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
  /**
   * Told of a payment's success or failure and of a refund's outcome, inside the database transaction
   * that records it (app.ts passes the notifications module's; ADR 0030).
   */
  /**
   * A verified payment webhook for a gateway order that is none of ours: the organisations' credits
   * orders (ADR 0047) are confirmed and applied there. Undefined when it does not know it either.
   */
  onOtherPayment?: (providers: readonly string[], gatewayOrderId: string) => Promise<boolean | undefined>;
  onPaymentEvent?: (
    scope: DbScope,
    event: {
      kind: 'payment.success' | 'payment.failed' | 'refund.processed' | 'refund.failed';
      orderId: string;
      amount: number;
    },
    at: Date,
  ) => Promise<void>;
}

/** A webhook's event, recorded with the change it causes so that a redelivery changes nothing. */
export interface WebhookMark {
  provider: string;
  eventId: string;
}

/**
 * What the gateways say, applied to orders and refunds (ADR 0023/0024): every change a compare-and-set
 * in one database transaction with its payment_audit row; a payment's success submits the transaction
 * in that same database transaction (through the transactions module's lock).
 */
export function createPaymentSettlement(deps: PaymentsServiceDeps) {
  const { repo, gateways, transactions, now, log } = deps;

  function gatewayOf(provider: string): PaymentGateway {
    const gateway = gateways.forProvider(provider);
    if (!gateway)
      throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', `No gateway is configured for ${provider}`);
    return gateway;
  }

  async function applyRefund(
    refund: RefundRow,
    status: 'pending' | 'processed' | 'failed',
    actor: string,
    event?: WebhookMark,
  ): Promise<boolean> {
    if (status === 'pending') return false;
    const at = now();
    return repo.transaction(async (scope) => {
      if (event && !(await repo.recordEvent(scope, event.provider, event.eventId, at))) return false;
      const moved = await repo.transitionRefund(scope, refund.id, ['pending'], status, actor, at);
      if (moved)
        await deps.onPaymentEvent?.(
          scope,
          {
            kind: status === 'processed' ? 'refund.processed' : 'refund.failed',
            orderId: refund.orderId,
            amount: refund.amount,
          },
          at,
        );
      return Boolean(moved);
    });
  }

  /** Sends a refund to its gateway (idempotent there by our refund id) and applies the answer. */
  async function sendRefund(refund: RefundRow, order: OrderRow, actor: string): Promise<void> {
    if (!order.gatewayOrderId || !order.paymentId) return;
    const answer = await gatewayOf(order.provider).refund({
      gatewayOrderId: order.gatewayOrderId,
      paymentId: order.paymentId,
      amount: refund.amount,
      currency: order.currency,
      refundId: refund.id,
      reason: refund.reason,
    });
    await repo.setGatewayRefundId(refund.id, answer.gatewayRefundId, now());
    await applyRefund(refund, answer.status, actor);
  }

  /** Sends a superseded order's refund; a gateway that does not answer leaves it to reconciliation. */
  async function sendRefundSoon(refund: RefundRow, order: OrderRow, actor: string): Promise<void> {
    try {
      await sendRefund(refund, order, actor);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn({ err: error, refundId: refund.id }, 'refund of a superseded order not accepted yet');
    }
  }

  /**
   * A successful order that no longer pays for the transaction's quote (a priced change after it was
   * paid, the transaction not submitted): superseded and refunded in full, so that the candidate pays
   * the new quote. Checked again with the transaction row locked.
   */
  async function supersedePaid(paid: OrderRow, actor: string): Promise<void> {
    const at = now();
    let moved: OrderRow | undefined;
    let refund: RefundRow | undefined;
    await transactions.withPaymentLock(paid.txnId, async (scope, locked) => {
      const current = await repo.lockOrder(scope, paid.id);
      if (current?.status !== 'success' || locked.txn.state !== 'DATA_SAVED') return;
      const form = await repo.formPricing(scope, locked.txn.formId);
      if (covers(current, currentQuoteOf(current, form, locked.records))) return;
      moved = await repo.transitionOrder(scope, current.id, ['success'], 'superseded', {}, actor, at);
      if (moved)
        refund = await repo.insertSupersededRefund(scope, moved, SUPERSEDED_REFUND_REASON, actor, at);
    });
    if (moved && refund) await sendRefundSoon(refund, moved, actor);
  }

  /** A gateway's success: the order paid and the transaction submitted, or superseded and refunded. */
  async function applySuccess(
    order: OrderRow,
    payment: GatewayPayment,
    actor: string,
    at: Date,
    event?: WebhookMark,
  ): Promise<{ order: OrderRow; changed: boolean }> {
    let changed: OrderRow | undefined;
    let paid = false;
    let refund: RefundRow | undefined;
    await transactions.settlePayment(order.txnId, async (scope, locked) => {
      if (event && !(await repo.recordEvent(scope, event.provider, event.eventId, at))) return false;
      // An order we ended may still be paid at its gateway (ADR 0024): the money is recorded either way.
      const current = await repo.lockOrder(scope, order.id);
      if (!current || !UNPAID_ORDER_STATUSES.includes(current.status)) return false;
      const paidBefore = (await repo.lockOrdersOf(scope, order.txnId, ['success'])).length > 0;
      const form = await repo.formPricing(scope, locked.txn.formId);
      if (!paidBefore && covers(current, currentQuoteOf(current, form, locked.records))) {
        changed = await repo.transitionOrder(
          scope,
          order.id,
          UNPAID_ORDER_STATUSES,
          'success',
          { paymentId: payment.paymentId },
          actor,
          at,
        );
        if (!changed) return false;
        // Another open order of the transaction (another region, or opened after this one ended) is not needed.
        for (const other of await repo.lockOrdersOf(scope, order.txnId, OPEN_ORDER_STATUSES))
          if (other.id !== changed.id)
            await repo.transitionOrder(scope, other.id, OPEN_ORDER_STATUSES, 'cancelled', {}, actor, at);
        await deps.onPaymentEvent?.(
          scope,
          { kind: 'payment.success', orderId: changed.id, amount: changed.amount },
          at,
        );
        paid = true;
        return true;
      }
      // Paid for what the transaction no longer is (or paid twice): never submitted, refunded in full.
      changed = await repo.transitionOrder(
        scope,
        order.id,
        UNPAID_ORDER_STATUSES,
        'superseded',
        { paymentId: payment.paymentId },
        actor,
        at,
      );
      if (changed)
        refund = await repo.insertSupersededRefund(scope, changed, SUPERSEDED_REFUND_REASON, actor, at);
      return false;
    });
    if (changed && !paid)
      log.warn({ orderId: order.id }, 'a payment no longer covers its transaction: superseded and refunded');
    if (changed && refund) await sendRefundSoon(refund, changed, actor);
    if (changed) return { order: changed, changed: true };
    // Read after the database transaction (the embedded database has one connection).
    return { order: (await repo.order(order.id)) ?? order, changed: false };
  }

  /**
   * Applies what the gateway says of an order's payment: success submits the transaction in the same
   * database transaction; failed and cancelled end the order; pending changes nothing. `event` (a
   * webhook's) is recorded in that transaction: a redelivery finds it and changes nothing. Terminal
   * orders never move (a failure after a success is ignored). Answers the order as it is after.
   */
  async function applyPayment(
    order: OrderRow,
    payment: GatewayPayment,
    actor: string,
    event?: WebhookMark,
  ): Promise<{ order: OrderRow; changed: boolean }> {
    const at = now();
    if (payment.status === 'pending') return { order, changed: false };
    if (
      payment.status === 'success' &&
      (payment.amount !== order.amount || payment.currency !== order.currency)
    ) {
      // Never mark paid what was not paid in full: left open, for a person to look at.
      log.error(
        { orderId: order.id, paid: payment.amount, currency: payment.currency, expected: order.amount },
        'payment amount differs from the order: not applied',
      );
      return { order, changed: false };
    }
    if (payment.status === 'success') return applySuccess(order, payment, actor, at, event);
    const to = payment.status;
    const changed = await repo.transaction(async (scope) => {
      if (event && !(await repo.recordEvent(scope, event.provider, event.eventId, at))) return undefined;
      const moved = await repo.transitionOrder(
        scope,
        order.id,
        OPEN_ORDER_STATUSES,
        to,
        { paymentId: payment.paymentId },
        actor,
        at,
      );
      // A cancelled order (never paid, or given up) is no news; a failed payment is.
      if (moved && to === 'failed')
        await deps.onPaymentEvent?.(
          scope,
          { kind: 'payment.failed', orderId: moved.id, amount: moved.amount },
          at,
        );
      return moved;
    });
    if (changed) return { order: changed, changed: true };
    return { order: (await repo.order(order.id)) ?? order, changed: false };
  }

  /**
   * Records an event the gateway was asked about and that changed nothing (ADR 0024): a replay of the
   * same signed body is then dropped before any look-up (Razorpay signs no timestamp: replays never expire).
   */
  async function spend(event: WebhookMark): Promise<void> {
    await repo.transaction((scope) => repo.recordEvent(scope, event.provider, event.eventId, now()));
  }

  /**
   * Asks the gateway about an open order (with `ended`, also one we ended unpaid: its gateway may still
   * have taken the money) and applies the answer.
   */
  async function syncOrder(order: OrderRow, actor: string, ended = false): Promise<OrderRow> {
    const asked = ended ? UNPAID_ORDER_STATUSES : OPEN_ORDER_STATUSES;
    if (!asked.includes(order.status) || !order.gatewayOrderId) return order;
    const payment = await gatewayOf(order.provider).fetchPayment(order.gatewayOrderId);
    return (await applyPayment(order, payment, actor)).order;
  }

  return { gatewayOf, applyPayment, applyRefund, sendRefund, supersedePaid, spend, syncOrder };
}
export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
