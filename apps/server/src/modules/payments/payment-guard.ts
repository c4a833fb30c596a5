import { AppError } from '../../errors.js';
import type { PaymentGuard } from '../transactions/transactions-service.js';
import { covers, currentQuoteOf } from './payments-fns.js';
import type { PaymentsServiceDeps } from './payment-settlement.js';
import { OPEN_ORDER_STATUSES } from './payments-repository.js';

/** The checks the payments module runs on the transactions module's locked row (ADR 0023). */
export function createPaymentGuard({ repo, now }: Pick<PaymentsServiceDeps, 'repo' | 'now'>): PaymentGuard {
  return {
    openOrderStatuses: OPEN_ORDER_STATUSES,
    async afterCandidateWrite(scope, txn, records) {
      const [open] = await repo.lockOrdersOf(scope, txn.id, OPEN_ORDER_STATUSES);
      if (!open) return;
      const form = await repo.formPricing(scope, txn.formId);
      if (covers(open, currentQuoteOf(open, form, await records()))) return;
      // Superseded before it was paid: the gateway completing it now cannot submit anything.
      await repo.transitionOrder(
        scope,
        open.id,
        OPEN_ORDER_STATUSES,
        'cancelled',
        {},
        `candidate:${txn.profileId}`,
        now(),
      );
    },
    async assertPaidFor(scope, { txn, records }) {
      const [paid] = await repo.lockOrdersOf(scope, txn.id, ['success']);
      if (!paid) throw new AppError('PAYMENT_REQUIRED');
      const quote = currentQuoteOf(paid, await repo.formPricing(scope, txn.formId), records);
      if (!quote) throw new AppError('PAYMENT_NOT_CONFIGURED');
      if (!covers(paid, quote))
        throw new AppError('PAYMENT_SUPERSEDED', undefined, { toPay: quote.toPay, currency: quote.currency });
    },
  };
}
