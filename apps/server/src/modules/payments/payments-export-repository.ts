import type { ExportPayment } from '@veridocs/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { paymentOrders, paymentRefunds } from '../../db/schema/index.js';

/**
 * The payments module's part of a candidate's data export (ADR 0049 "Export"): their orders (amounts,
 * status, dates) with each one's refunds. Gateway internals (checkout URLs, idempotency keys) stay out.
 */
export function createPaymentsExportRepository(orm: Orm) {
  return {
    async payments(profileId: string): Promise<ExportPayment[]> {
      const orders = await orm
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.profileId, profileId))
        .orderBy(asc(paymentOrders.createdAt), asc(paymentOrders.id));
      if (orders.length === 0) return [];
      const refunds = await orm
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.orderId,
            orders.map((o) => o.id),
          ),
        )
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
      return orders.map((o) => ({
        id: o.id,
        txnId: o.txnId,
        orgId: o.orgId,
        amount: o.amount,
        currency: o.currency,
        provider: o.provider,
        status: o.status,
        express: o.express,
        paymentId: o.paymentId,
        createdAt: o.createdAt.toISOString(),
        updatedAt: o.updatedAt.toISOString(),
        refunds: refunds
          .filter((r) => r.orderId === o.id)
          .map((r) => ({
            id: r.id,
            amount: r.amount,
            reason: r.reason,
            status: r.status,
            createdAt: r.createdAt.toISOString(),
            updatedAt: r.updatedAt.toISOString(),
          })),
      }));
    },
  };
}
