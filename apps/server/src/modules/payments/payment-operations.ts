import { randomUUID } from 'node:crypto';
import type { AdminOrder, PaymentInfo, RefundCreateRequest } from '@veridocs/shared';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { GatewayError } from '../../providers/payments/gateway.js';
import type { OpsOrigin, OpsUser } from '../ops-auth/ops-auth-service.js';
import { adminOrderOf, refundDetailOf } from './payments-fns.js';
import type { PaymentSettlement, PaymentsServiceDeps } from './payment-settlement.js';
import { PAID_ORDER_STATUSES } from './payments-repository.js';

/** The team's side of payments (ADR 0023): the admin's orders and refunds, and the reconciliation job. */
export function createPaymentOperations(
  deps: Pick<PaymentsServiceDeps, 'repo' | 'audit' | 'now' | 'log'>,
  settlement: PaymentSettlement,
) {
  const { repo, now, log } = deps;
  const { gatewayOf, applyRefund, sendRefund, syncOrder } = settlement;

  /** The transaction's paid orders, their refunds, and what each order still holds. */
  async function refundable(txnId: string) {
    const orders = (await repo.ordersFor({ txnId })).filter((o) => PAID_ORDER_STATUSES.includes(o.status));
    const refunds = await repo.refundsOf(orders.map((o) => o.id));
    const leftOf = (order: (typeof orders)[number]) =>
      order.amount -
      refunds
        .filter((r) => r.orderId === order.id && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
    return { orders, refunds, leftOf };
  }

  return {
    /** GET /api/ops/admin/orders (admin): orders with their refunds and what is left to refund. */
    async opsOrders(filter: { orderId?: string; txnId?: string }): Promise<AdminOrder[]> {
      const orders = await repo.ordersFor({
        ...(filter.orderId ? { orderId: filter.orderId.toLowerCase() } : {}),
        ...(filter.txnId ? { txnId: filter.txnId.toLowerCase() } : {}),
      });
      const refunds = await repo.refundsOf(orders.map((o) => o.id));
      return orders.map((o) => adminOrderOf(o, refunds));
    },

    /** POST /api/ops/orders/{orderId}/refunds (admin): within what is left, sent to the gateway, audited twice. */
    async createRefund(
      staff: OpsUser,
      orderId: string,
      key: string,
      body: RefundCreateRequest,
      origin: OpsOrigin,
    ): Promise<PaymentInfo['refundDetails'][number]> {
      const existing = await repo.refundByKey(key);
      if (existing) {
        if (existing.orderId !== orderId.toLowerCase()) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return refundDetailOf(existing);
      }
      const order = isUuid(orderId) ? await repo.order(orderId.toLowerCase()) : undefined;
      if (!order) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      const at = now();
      const actor = `staff:${staff.staffId}`;
      const created = await repo.insertRefund(
        {
          id: randomUUID(),
          orderId: order.id,
          amount: body.amount,
          reason: body.reason,
          status: 'pending',
          createdBy: staff.staffId,
          idempotencyKey: key,
          createdAt: at,
          updatedAt: at,
        },
        actor,
        at,
        (scope: DbScope, refund) =>
          deps.audit.audit(
            {
              staffId: staff.staffId,
              action: 'refund.create',
              targetType: 'order',
              targetId: order.id,
              detail: { refundId: refund.id, amount: refund.amount, reason: refund.reason },
              ip: origin.ip,
            },
            scope,
          ),
      );
      if (created === 'not-paid') throw new AppError('REFUND_NOT_ALLOWED');
      if (created === 'too-large') throw new AppError('REFUND_TOO_LARGE');
      if (created === 'duplicate') {
        const again = await repo.refundByKey(key);
        if (!again) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return refundDetailOf(again);
      }
      try {
        await sendRefund(created, order, actor);
      } catch (error) {
        // Stays pending: the reconciliation job sends it again (idempotent at the gateway by our id).
        if (!(error instanceof GatewayError)) throw error;
        log.warn({ err: error, refundId: created.id }, 'refund not accepted by the gateway yet');
      }
      return refundDetailOf((await repo.refund(created.id)) ?? created);
    },

    /**
     * Every order that took money for a transaction refunded in full of what is left (ADR 0049 "Minors":
     * a request refused because the candidate is under 18). One refund per order at a time, keyed by the
     * order and how many such refunds failed before, so a repeat (or a concurrent call) makes none while
     * one is pending or done, and a failed one is made again; sent to the gateway, or left pending for
     * the reconciliation job. Answers how many refunds this call made.
     */
    async refundTransactionInFull(txnId: string, reason: string, actor: string): Promise<number> {
      const { orders, refunds, leftOf } = await refundable(txnId);
      let made = 0;
      for (const order of orders) {
        const left = leftOf(order);
        if (left <= 0) continue;
        const base = `full:${order.id}`;
        const failed = refunds.filter(
          (r) =>
            r.orderId === order.id &&
            r.status === 'failed' &&
            (r.idempotencyKey === base || r.idempotencyKey.startsWith(`${base}:`)),
        ).length;
        const at = now();
        const created = await repo.insertRefund(
          {
            orderId: order.id,
            amount: left,
            reason,
            status: 'pending',
            createdBy: null,
            idempotencyKey: failed === 0 ? base : `${base}:${failed}`,
            createdAt: at,
            updatedAt: at,
          },
          actor,
          at,
          async () => {},
        );
        if (typeof created === 'string') continue;
        made++;
        try {
          await sendRefund(created, order, actor);
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          log.warn({ err: error, refundId: created.id }, 'full refund not accepted by the gateway yet');
        }
      }
      return made;
    },

    /**
     * What the transaction's paid orders still hold after their refunds done or in progress (a failed
     * refund gives nothing back): a minor's erasure waits while it is more than 0 (ADR 0049 "Minors").
     */
    async leftToRefund(txnId: string): Promise<number> {
      const { orders, leftOf } = await refundable(txnId);
      return orders.reduce((sum, order) => sum + Math.max(0, leftOf(order)), 0);
    },

    /**
     * One reconciliation pass (jobs/payment-reconcile.ts): orders open longer than `staleMs` and pending
     * refunds are asked about at their gateway. An order that never reached its gateway is cancelled.
     * Answers how many rows it looked at.
     */
    async reconcileOnce(staleMs: number, limit = 20): Promise<number> {
      const at = now();
      const staleBefore = new Date(at.getTime() - staleMs);
      const orders = await repo.claimStaleOrders(staleBefore, at, limit);
      for (const order of orders) {
        try {
          if (!order.gatewayOrderId) {
            await repo.transaction((scope) =>
              repo.transitionOrder(scope, order.id, ['created'], 'cancelled', {}, 'reconcile', now()),
            );
          } else {
            await syncOrder(order, 'reconcile');
          }
        } catch (error) {
          log.warn({ err: error, orderId: order.id }, 'reconciliation could not settle an order; next pass');
        }
      }
      const refunds = await repo.claimStaleRefunds(staleBefore, at, limit);
      for (const refund of refunds) {
        try {
          const { order } = refund;
          if (!refund.gatewayRefundId) {
            await sendRefund(refund, order, 'reconcile');
          } else if (order.gatewayOrderId && order.paymentId) {
            const answer = await gatewayOf(order.provider).fetchRefund({
              gatewayOrderId: order.gatewayOrderId,
              paymentId: order.paymentId,
              gatewayRefundId: refund.gatewayRefundId,
              refundId: refund.id,
            });
            await applyRefund(refund, answer.status, 'reconcile');
          }
        } catch (error) {
          log.warn(
            { err: error, refundId: refund.id },
            'reconciliation could not settle a refund; next pass',
          );
        }
      }
      return orders.length + refunds.length;
    },
  };
}
