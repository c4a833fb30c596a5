import type { OrderStatus, RefundStatus } from '@veridocs/shared';
import { and, count, desc, eq, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  ekycForms,
  organisations,
  paymentAudit,
  paymentOrders,
  paymentRefunds,
  paymentWebhookEvents,
} from '../../db/schema/index.js';

export type OrderRow = typeof paymentOrders.$inferSelect;
export type NewOrder = typeof paymentOrders.$inferInsert;
export type RefundRow = typeof paymentRefunds.$inferSelect;

export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['created', 'pending'];
/** Orders the gateway may still report paid: open ones, and ones we ended before it said so (ADR 0024). */
export const UNPAID_ORDER_STATUSES: readonly OrderStatus[] = ['created', 'pending', 'failed', 'cancelled'];
/** Orders that took money: `success` pays for the transaction, `superseded` is refunded (ADR 0023). */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ['success', 'superseded'];

/** Orders and refunds, their audit and the webhook events applied (ADR 0023). */
export function createPaymentsRepository(orm: Orm) {
  async function audit(
    scope: DbScope,
    entity: 'order' | 'refund',
    entityId: string,
    from: string | null,
    to: string,
    actor: string,
    at: Date,
  ) {
    await scope.insert(paymentAudit).values({ entity, entityId, fromStatus: from, toStatus: to, actor, at });
  }

  /**
   * Compare-and-set: the order moves to `to` only from one of `from` (its row locked by the UPDATE);
   * audited in the same statement's transaction. Answers the changed row, or undefined when it was not
   * in one of `from` (another writer got there first: nothing changes).
   */
  async function transitionOrder(
    scope: DbScope,
    id: string,
    from: readonly OrderStatus[],
    to: OrderStatus,
    patch: Partial<Pick<OrderRow, 'paymentId' | 'gatewayOrderId' | 'checkoutUrl'>>,
    actor: string,
    at: Date,
  ): Promise<OrderRow | undefined> {
    const [before] = await scope
      .select({ status: paymentOrders.status })
      .from(paymentOrders)
      .where(eq(paymentOrders.id, id))
      .for('update');
    if (!before || !from.includes(before.status)) return undefined;
    const [row] = await scope
      .update(paymentOrders)
      .set({ ...patch, status: to, updatedAt: at })
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, before.status)))
      .returning();
    if (row) await audit(scope, 'order', id, before.status, to, actor, at);
    return row;
  }

  async function transitionRefund(
    scope: DbScope,
    id: string,
    from: readonly RefundStatus[],
    to: RefundStatus,
    actor: string,
    at: Date,
  ): Promise<RefundRow | undefined> {
    const [before] = await scope
      .select({ status: paymentRefunds.status })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.id, id))
      .for('update');
    if (!before || !from.includes(before.status)) return undefined;
    const [row] = await scope
      .update(paymentRefunds)
      .set({ status: to, updatedAt: at })
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, before.status)))
      .returning();
    if (row) await audit(scope, 'refund', id, before.status, to, actor, at);
    return row;
  }

  return {
    transitionOrder,
    transitionRefund,
    audit,
    transaction: <T>(fn: (scope: DbScope) => Promise<T>): Promise<T> =>
      orm.transaction((tx) => fn(tx as unknown as DbScope)),

    /**
     * A new order, audited, unless a unique index refuses it (the same Idempotency-Key, or an open order
     * of the transaction already): then undefined, and the caller reads the one that exists.
     */
    async insertOrder(row: NewOrder, actor: string, at: Date): Promise<OrderRow | undefined> {
      return orm.transaction(async (tx) => {
        const [created] = await tx.insert(paymentOrders).values(row).onConflictDoNothing().returning();
        if (created) await audit(tx, 'order', created.id, null, created.status, actor, at);
        return created;
      });
    },

    async order(id: string): Promise<OrderRow | undefined> {
      const [row] = await orm.select().from(paymentOrders).where(eq(paymentOrders.id, id));
      return row;
    },

    async orderByKey(key: string): Promise<OrderRow | undefined> {
      const [row] = await orm.select().from(paymentOrders).where(eq(paymentOrders.idempotencyKey, key));
      return row;
    },

    async openOrder(txnId: string): Promise<OrderRow | undefined> {
      const [row] = await orm
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.txnId, txnId), inArray(paymentOrders.status, [...OPEN_ORDER_STATUSES])));
      return row;
    },

    async latestOrder(txnId: string): Promise<OrderRow | undefined> {
      const [row] = await orm
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.txnId, txnId))
        .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
        .limit(1);
      return row;
    },

    async successfulOrder(txnId: string): Promise<OrderRow | undefined> {
      const [row] = await orm
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.txnId, txnId), eq(paymentOrders.status, 'success')));
      return row;
    },

    async orderByGateway(
      providers: readonly string[],
      gatewayOrderId: string,
    ): Promise<OrderRow | undefined> {
      const [row] = await orm
        .select()
        .from(paymentOrders)
        .where(
          and(
            inArray(paymentOrders.provider, [...providers] as OrderRow['provider'][]),
            eq(paymentOrders.gatewayOrderId, gatewayOrderId),
          ),
        );
      return row;
    },

    /** A candidate's orders, newest first, with the organisation shown on the receipt. */
    async history(
      profileId: string,
      filter: { orgId?: string; txnId?: string },
      seed: number,
      limit: number,
    ) {
      const where = and(
        eq(paymentOrders.profileId, profileId),
        filter.orgId ? eq(paymentOrders.orgId, filter.orgId) : undefined,
        filter.txnId ? eq(paymentOrders.txnId, filter.txnId) : undefined,
      );
      const rows = await orm
        .select({ order: paymentOrders, orgName: organisations.name, orgImage: organisations.imageUrl })
        .from(paymentOrders)
        .innerJoin(organisations, eq(organisations.id, paymentOrders.orgId))
        .where(where)
        .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
        .offset(seed)
        .limit(limit);
      const [total] = await orm.select({ n: count() }).from(paymentOrders).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** Ops (admin refunds): one order by id, or a transaction's orders, newest first. */
    async ordersFor(filter: { orderId?: string; txnId?: string }): Promise<OrderRow[]> {
      if (!filter.orderId && !filter.txnId) return [];
      return orm
        .select()
        .from(paymentOrders)
        .where(filter.orderId ? eq(paymentOrders.id, filter.orderId) : eq(paymentOrders.txnId, filter.txnId!))
        .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
        .limit(50);
    },

    async refundsOf(orderIds: readonly string[]): Promise<RefundRow[]> {
      if (orderIds.length === 0) return [];
      return orm
        .select()
        .from(paymentRefunds)
        .where(inArray(paymentRefunds.orderId, [...orderIds]))
        .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id));
    },

    async refundByKey(key: string): Promise<RefundRow | undefined> {
      const [row] = await orm.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      return row;
    },

    async refund(id: string): Promise<RefundRow | undefined> {
      const [row] = await orm.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
      return row;
    },

    async refundByGateway(gatewayRefundId: string): Promise<RefundRow | undefined> {
      const [row] = await orm
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.gatewayRefundId, gatewayRefundId));
      return row;
    },

    /**
     * A refund of a successful order, within what is left (paid − refunded, failed refunds not counted),
     * with the order row locked so two refunds cannot both pass the check. `extra` writes more in the
     * same transaction (the ops audit). Answers the refund, or why not.
     */
    async insertRefund(
      row: typeof paymentRefunds.$inferInsert & { orderId: string; amount: number },
      actor: string,
      at: Date,
      extra: (scope: DbScope, refund: RefundRow) => Promise<void>,
    ): Promise<RefundRow | 'not-paid' | 'too-large' | 'duplicate'> {
      return orm.transaction(async (t) => {
        const tx = t as unknown as DbScope;
        const [order] = await tx
          .select()
          .from(paymentOrders)
          .where(eq(paymentOrders.id, row.orderId))
          .for('update');
        if (!order || !PAID_ORDER_STATUSES.includes(order.status)) return 'not-paid';
        const [sum] = await tx
          .select({ refunded: sql<string | null>`sum(${paymentRefunds.amount})` })
          .from(paymentRefunds)
          .where(and(eq(paymentRefunds.orderId, order.id), ne(paymentRefunds.status, 'failed')));
        if (row.amount > order.amount - Number(sum?.refunded ?? 0)) return 'too-large';
        const [created] = await tx.insert(paymentRefunds).values(row).onConflictDoNothing().returning();
        if (!created) return 'duplicate';
        await audit(tx, 'refund', created.id, null, created.status, actor, at);
        await extra(tx, created);
        return created;
      });
    },

    /**
     * The full refund of a superseded order, written in the database transaction that supersedes it
     * (`scope`): its idempotency key is the order's, so it exists once. Answers it, or undefined if it did.
     */
    async insertSupersededRefund(
      scope: DbScope,
      order: OrderRow,
      reason: string,
      actor: string,
      at: Date,
    ): Promise<RefundRow | undefined> {
      const [created] = await scope
        .insert(paymentRefunds)
        .values({
          orderId: order.id,
          amount: order.amount,
          reason,
          status: 'pending',
          createdBy: null,
          idempotencyKey: `superseded:${order.id}`,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      if (created) await audit(scope, 'refund', created.id, null, created.status, actor, at);
      return created;
    },

    /** Inside a database transaction holding the transaction row: an order, locked. */
    async lockOrder(scope: DbScope, id: string): Promise<OrderRow | undefined> {
      const [row] = await scope.select().from(paymentOrders).where(eq(paymentOrders.id, id)).for('update');
      return row;
    },

    /** The same: the transaction's orders in the given statuses, locked. */
    async lockOrdersOf(scope: DbScope, txnId: string, statuses: readonly OrderStatus[]): Promise<OrderRow[]> {
      return scope
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.txnId, txnId), inArray(paymentOrders.status, [...statuses])))
        .for('update');
    },

    /** What a form's quote is computed from, read in `scope` (the embedded database has one connection). */
    async formPricing(
      scope: DbScope,
      formId: string,
    ): Promise<{ paymentConfig: unknown; expressAllowed: boolean; paymentRequired: boolean } | undefined> {
      const [row] = await scope
        .select({
          paymentConfig: ekycForms.paymentConfig,
          expressAllowed: ekycForms.expressAllowed,
          paymentRequired: ekycForms.paymentRequired,
        })
        .from(ekycForms)
        .where(eq(ekycForms.id, formId));
      return row;
    },

    async setGatewayRefundId(id: string, gatewayRefundId: string, at: Date): Promise<void> {
      await orm
        .update(paymentRefunds)
        .set({ gatewayRefundId, updatedAt: at })
        .where(and(eq(paymentRefunds.id, id), isNull(paymentRefunds.gatewayRefundId)));
    },

    /** Records a webhook event; false when it was recorded before (a redelivery: change nothing). */
    async recordEvent(scope: DbScope, provider: string, eventId: string, at: Date): Promise<boolean> {
      const [row] = await scope
        .insert(paymentWebhookEvents)
        .values({ provider, eventId, receivedAt: at })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      return Boolean(row);
    },

    async eventSeen(provider: string, eventId: string): Promise<boolean> {
      const [row] = await orm
        .select({ eventId: paymentWebhookEvents.eventId })
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId)));
      return Boolean(row);
    },

    /**
     * Claims up to `limit` orders open longer than `staleBefore` for reconciliation (SKIP LOCKED, so
     * instances share them): their updated_at moves to `now`, so the next look is one period later.
     */
    async claimStaleOrders(staleBefore: Date, now: Date, limit: number): Promise<OrderRow[]> {
      return orm.transaction(async (tx) => {
        const due = await tx
          .select({ id: paymentOrders.id })
          .from(paymentOrders)
          .where(
            and(
              inArray(paymentOrders.status, [...OPEN_ORDER_STATUSES]),
              lt(paymentOrders.updatedAt, staleBefore),
            ),
          )
          .orderBy(paymentOrders.updatedAt)
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(paymentOrders)
          .set({ updatedAt: now })
          .where(
            inArray(
              paymentOrders.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
    },

    /** The same for pending refunds. */
    async claimStaleRefunds(
      staleBefore: Date,
      now: Date,
      limit: number,
    ): Promise<(RefundRow & { order: OrderRow })[]> {
      const claimed = await orm.transaction(async (tx) => {
        const due = await tx
          .select({ id: paymentRefunds.id })
          .from(paymentRefunds)
          .where(and(eq(paymentRefunds.status, 'pending'), lte(paymentRefunds.updatedAt, staleBefore)))
          .orderBy(paymentRefunds.updatedAt)
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(paymentRefunds)
          .set({ updatedAt: now })
          .where(
            inArray(
              paymentRefunds.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
      if (claimed.length === 0) return [];
      const orders = await orm
        .select()
        .from(paymentOrders)
        .where(
          inArray(
            paymentOrders.id,
            claimed.map((r) => r.orderId),
          ),
        );
      const byId = new Map(orders.map((o) => [o.id, o]));
      return claimed.flatMap((r) => {
        const order = byId.get(r.orderId);
        return order ? [{ ...r, order }] : [];
      });
    },

    async auditCount(entityId: string): Promise<number> {
      const [row] = await orm
        .select({ n: count() })
        .from(paymentAudit)
        .where(eq(paymentAudit.entityId, entityId));
      return row?.n ?? 0;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
