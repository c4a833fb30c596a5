import { and, eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { paymentOrders, paymentRefunds } from '../../db/schema/index.js';

/**
 * The payments module's part of a candidate's erasure (ADR 0049): nothing is erased (amounts and gateway
 * references are kept 8 years, no name or mobile is stored here); a refund in progress is a live dispute.
 */
export function createPaymentsErasureRepository(orm: Orm) {
  return {
    async hasOpenRefund(profileId: string): Promise<boolean> {
      const [row] = await orm
        .select({ id: paymentRefunds.id })
        .from(paymentRefunds)
        .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.orderId))
        .where(and(eq(paymentOrders.profileId, profileId), eq(paymentRefunds.status, 'pending')))
        .limit(1);
      return row !== undefined;
    },
  };
}
