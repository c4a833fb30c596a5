import { and, asc, count, desc, eq, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  insufficiencyRequests,
  notificationDeliveries,
  notifications,
  organisations,
  paymentOrders,
  profiles,
  transactions,
  verificationConfigs,
} from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id'> & { id: string };
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type NewDelivery = Omit<typeof notificationDeliveries.$inferInsert, 'id'>;

/** The channel a committed notification is announced on (PostgreSQL NOTIFY; PGlite in-process). */
export const NOTIFICATIONS_CHANNEL = 'veridocs_notifications';

/** Notifications, their SMS / e-mail deliveries, and what their texts are built from (ADR 0030). */
export function createNotificationsRepository(orm: Orm) {
  return {
    /**
     * The retention purge (ADR 0049): up to `limit` notifications written before `cutoff` whose copies
     * were all sent or given up before it, with those copies (their bodies carry links and codes).
     * Answers the rows deleted (notifications and deliveries).
     */
    async purgeSentBefore(cutoff: Date, limit: number): Promise<number> {
      return orm.transaction(async (tx) => {
        const doomed = await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(
              lt(notifications.createdAt, cutoff),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(notificationDeliveries)
                  .where(
                    and(
                      eq(notificationDeliveries.notificationId, notifications.id),
                      or(
                        eq(notificationDeliveries.status, 'pending'),
                        sql`coalesce(${notificationDeliveries.sentAt}, ${notificationDeliveries.createdAt}) >= ${cutoff.toISOString()}::timestamptz`,
                      ),
                    ),
                  ),
              ),
            ),
          )
          .orderBy(asc(notifications.createdAt), asc(notifications.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (doomed.length === 0) return 0;
        const ids = doomed.map((d) => d.id);
        const deliveries = await tx
          .delete(notificationDeliveries)
          .where(inArray(notificationDeliveries.notificationId, ids))
          .returning({ id: notificationDeliveries.id });
        const gone = await tx
          .delete(notifications)
          .where(inArray(notifications.id, ids))
          .returning({ id: notifications.id });
        return deliveries.length + gone.length;
      });
    },

    /**
     * Owner, mobile, organisation and form of each transaction (for a state change's notification: its
     * texts, and its link to the screen it tells of).
     */
    async transactionContexts(scope: DbScope, txnIds: readonly string[]) {
      if (txnIds.length === 0) return [];
      return scope
        .select({
          txnId: transactions.id,
          orgId: transactions.orgId,
          formId: transactions.formId,
          profileId: transactions.profileId,
          mobile: profiles.mobile,
          language: profiles.language,
          orgName: organisations.name,
        })
        .from(transactions)
        .innerJoin(profiles, eq(profiles.id, transactions.profileId))
        .innerJoin(organisations, eq(organisations.id, transactions.orgId))
        .where(inArray(transactions.id, [...txnIds]));
    },
    /**
     * The label of each verification type (the organisation's name for it, else the config's), as the
     * candidate's tiles and credentials show it; a type without a config is absent.
     */
    async verificationLabels(scope: DbScope, types: readonly string[]): Promise<Map<string, string>> {
      if (types.length === 0) return new Map();
      const rows = await scope
        .select({
          name: verificationConfigs.name,
          label: sql<
            string | null
          >`coalesce(${verificationConfigs.config} -> 'metadata' ->> 'orgSpecificName', ${verificationConfigs.config} -> 'metadata' ->> 'label')`,
        })
        .from(verificationConfigs)
        .where(inArray(verificationConfigs.name, [...types]));
      return new Map(rows.flatMap((r) => (r.label ? [[r.name, r.label] as const] : [])));
    },
    async profileContact(scope: DbScope, profileId: string) {
      const [row] = await scope
        .select({ mobile: profiles.mobile, language: profiles.language })
        .from(profiles)
        .where(eq(profiles.id, profileId));
      return row;
    },
    async orgName(scope: DbScope, orgId: string): Promise<string | undefined> {
      const [row] = await scope
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, orgId));
      return row?.name;
    },
    /** Owner, mobile, organisation and currency of a payment order. */
    async orderContext(scope: DbScope, orderId: string) {
      const [row] = await scope
        .select({
          profileId: paymentOrders.profileId,
          mobile: profiles.mobile,
          language: profiles.language,
          currency: paymentOrders.currency,
          orgName: organisations.name,
        })
        .from(paymentOrders)
        .innerJoin(profiles, eq(profiles.id, paymentOrders.profileId))
        .innerJoin(organisations, eq(organisations.id, paymentOrders.orgId))
        .where(eq(paymentOrders.id, orderId));
      return row;
    },
    /** The reason of a verification's open insufficiency round (ADR 0020), written before its state change. */
    async openInsufficiencyReason(scope: DbScope, txnId: string, name: string): Promise<string | undefined> {
      const [row] = await scope
        .select({ reason: insufficiencyRequests.reason })
        .from(insufficiencyRequests)
        .where(
          and(
            eq(insufficiencyRequests.txnId, txnId),
            eq(insufficiencyRequests.verificationName, name),
            isNull(insufficiencyRequests.answeredAt),
          ),
        );
      return row?.reason;
    },

    /**
     * Writes notifications and their deliveries in `scope`, and announces each on NOTIFICATIONS_CHANNEL
     * there: PostgreSQL sends a NOTIFY at commit only (and never after a rollback), to every instance.
     */
    async insert(scope: DbScope, rows: readonly NewNotification[], deliveries: readonly NewDelivery[]) {
      if (rows.length === 0) return;
      await scope.insert(notifications).values([...rows]);
      if (deliveries.length > 0) await scope.insert(notificationDeliveries).values([...deliveries]);
      for (const row of rows)
        await scope.execute(
          sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify({ p: row.profileId, id: row.id })})`,
        );
    },

    /** One page, newest first (index notifications_profile_newest_idx), and the total. */
    async page(profileId: string, seed: number, limit: number) {
      const [list, [total]] = await Promise.all([
        orm
          .select()
          .from(notifications)
          .where(eq(notifications.profileId, profileId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(limit)
          .offset(seed),
        orm.select({ n: count() }).from(notifications).where(eq(notifications.profileId, profileId)),
      ]);
      return { list, total: total?.n ?? 0 };
    },
    async one(id: string): Promise<NotificationRow | undefined> {
      const [row] = await orm.select().from(notifications).where(eq(notifications.id, id));
      return row;
    },

    /** Claims due deliveries (SKIP LOCKED: several instances run the loop), leased for `leaseMs`. */
    async claimDue(now: Date, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
      const lease = new Date(now.getTime() + leaseMs);
      return orm
        .update(notificationDeliveries)
        .set({ nextAttemptAt: lease, attempts: sql`${notificationDeliveries.attempts} + 1` })
        .where(
          inArray(
            notificationDeliveries.id,
            sql`(select ${notificationDeliveries.id} from ${notificationDeliveries}
                 where ${notificationDeliveries.status} = 'pending' and ${notificationDeliveries.nextAttemptAt} <= ${now.toISOString()}
                 order by ${notificationDeliveries.nextAttemptAt} limit ${limit} for update skip locked)`,
          ),
        )
        .returning();
    },
    async settle(
      id: string,
      patch: Pick<DeliveryRow, 'status' | 'nextAttemptAt' | 'lastError' | 'sentAt'>,
    ): Promise<void> {
      await orm.update(notificationDeliveries).set(patch).where(eq(notificationDeliveries.id, id));
    },
    async deliveriesOf(notificationId: string): Promise<DeliveryRow[]> {
      return orm
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, notificationId));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
