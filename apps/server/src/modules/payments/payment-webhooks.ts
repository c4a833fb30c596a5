import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { GatewayError, WebhookSignatureError } from '../../providers/payments/gateway.js';
import type { PaymentSettlement, PaymentsServiceDeps } from './payment-settlement.js';
import { UNPAID_ORDER_STATUSES } from './payments-repository.js';

/** The gateways' webhooks (ADR 0024): verified, deduplicated, confirmed with the gateway, applied once. */
export function createPaymentWebhooks(
  {
    repo,
    gateways,
    log,
    onOtherPayment,
  }: Pick<PaymentsServiceDeps, 'repo' | 'gateways' | 'log' | 'onOtherPayment'>,
  settlement: PaymentSettlement,
) {
  const { applyPayment, applyRefund, spend } = settlement;

  return {
    /**
     * A gateway's webhook: verified on the raw body, deduplicated by event id, confirmed with the
     * gateway's API, applied with a compare-and-set. Unknown provider 101; bad signature 194 (nothing read).
     */
    async webhook(
      name: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ applied: boolean }> {
      const gateway = gateways.forWebhook(name);
      if (!gateway) throw new AppError('NOT_FOUND');
      let event;
      try {
        event = gateway.verifyWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          log.warn({ provider: name, reason: error.message }, 'webhook refused');
          throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        }
        throw error;
      }
      if (event.kind === 'ignored' || (await repo.eventSeen(name, event.eventId))) return { applied: false };
      const mark = { provider: name, eventId: event.eventId };
      const actor = `webhook:${name}`;
      try {
        if (event.kind === 'payment') {
          const order = event.gatewayOrderId
            ? await repo.orderByGateway(gateway.providers, event.gatewayOrderId)
            : undefined;
          if (!order && event.gatewayOrderId && onOtherPayment) {
            const applied = await onOtherPayment(gateway.providers, event.gatewayOrderId);
            if (applied !== undefined) return { applied };
          }
          if (!order) {
            log.warn(
              { provider: name, gatewayOrderId: event.gatewayOrderId },
              'webhook for an order we do not know',
            );
            return { applied: false };
          }
          if (!UNPAID_ORDER_STATUSES.includes(order.status)) return { applied: false };
          const { changed } = await applyPayment(
            order,
            await gateway.fetchPayment(order.gatewayOrderId!),
            actor,
            mark,
          );
          if (!changed) await spend(mark);
          return { applied: changed };
        }
        const refund =
          (event.gatewayRefundId ? await repo.refundByGateway(event.gatewayRefundId) : undefined) ??
          (event.refundId && isUuid(event.refundId) ? await repo.refund(event.refundId) : undefined);
        // Not ours yet (the refund call's answer is still being written): 503, the gateway retries.
        if (!refund) throw new AppError('SERVICE_UNAVAILABLE', 'Unknown refund; retry later');
        if (refund.status !== 'pending') return { applied: false };
        const order = await repo.order(refund.orderId);
        if (!order?.gatewayOrderId || !order.paymentId || !refund.gatewayRefundId)
          throw new AppError('SERVICE_UNAVAILABLE');
        const answer = await gateway.fetchRefund({
          gatewayOrderId: order.gatewayOrderId,
          paymentId: order.paymentId,
          gatewayRefundId: refund.gatewayRefundId,
          refundId: refund.id,
        });
        const applied = await applyRefund(refund, answer.status, actor, mark);
        if (!applied) await spend(mark);
        return { applied };
      } catch (error) {
        if (error instanceof GatewayError) {
          log.warn({ err: error, provider: name }, 'gateway did not confirm a webhook: it will be retried');
          throw new AppError('SERVICE_UNAVAILABLE');
        }
        throw error;
      }
    },
  };
}
