import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  ekycForms,
  organisations,
  orgApiKeys,
  orgApiRequests,
  orgWebhookAttempts,
  orgWebhookDeliveries,
  orgWebhookEndpoints,
  orgWebhookSequences,
  transactions,
  verificationRecords,
} from '../../db/schema/index.js';

export type ApiKeyRow = typeof orgApiKeys.$inferSelect;
export type EndpointRow = typeof orgWebhookEndpoints.$inferSelect;
export type DeliveryRow = typeof orgWebhookDeliveries.$inferSelect;
export type AttemptRow = typeof orgWebhookAttempts.$inferSelect;

/** API keys, webhook endpoints, deliveries and their attempts (ADR 0025). */
export function createIntegrationRepository(orm: Orm) {
  return {
    async orgExists(orgId: string): Promise<boolean> {
      const [row] = await orm
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, orgId));
      return Boolean(row);
    },
    async formOfOrg(orgId: string, formId: string): Promise<boolean> {
      const [row] = await orm
        .select({ id: ekycForms.id })
        .from(ekycForms)
        .where(and(eq(ekycForms.id, formId), eq(ekycForms.orgId, orgId)));
      return Boolean(row);
    },

    async insertKey(row: typeof orgApiKeys.$inferInsert): Promise<ApiKeyRow> {
      const [created] = await orm.insert(orgApiKeys).values(row).returning();
      return created!;
    },
    async listKeys(orgId: string): Promise<ApiKeyRow[]> {
      return orm
        .select()
        .from(orgApiKeys)
        .where(eq(orgApiKeys.orgId, orgId))
        .orderBy(desc(orgApiKeys.createdAt));
    },
    /** A live (not revoked) key by its hash, its last use stamped. */
    async useKey(keyHash: string, at: Date): Promise<ApiKeyRow | undefined> {
      const [row] = await orm
        .update(orgApiKeys)
        .set({ lastUsedAt: at })
        .where(and(eq(orgApiKeys.keyHash, keyHash), isNull(orgApiKeys.revokedAt)))
        .returning();
      return row;
    },
    async revokeKey(orgId: string, keyId: string, at: Date): Promise<ApiKeyRow | undefined> {
      await orm
        .update(orgApiKeys)
        .set({ revokedAt: at })
        .where(and(eq(orgApiKeys.id, keyId), eq(orgApiKeys.orgId, orgId), isNull(orgApiKeys.revokedAt)));
      const [row] = await orm
        .select()
        .from(orgApiKeys)
        .where(and(eq(orgApiKeys.id, keyId), eq(orgApiKeys.orgId, orgId)));
      return row;
    },

    async findRequest(orgId: string, key: string) {
      const [row] = await orm
        .select()
        .from(orgApiRequests)
        .where(and(eq(orgApiRequests.orgId, orgId), eq(orgApiRequests.idempotencyKey, key)));
      return row;
    },
    /** Keeps the first answer of a key; a concurrent twin's insert is a no-op. */
    async insertRequest(row: typeof orgApiRequests.$inferInsert): Promise<void> {
      await orm.insert(orgApiRequests).values(row).onConflictDoNothing();
    },

    /** The transaction and its verifications' states, only when it belongs to `orgId`. */
    async transactionOfOrg(orgId: string, txnId: string) {
      const [txn] = await orm
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, txnId), eq(transactions.orgId, orgId)));
      if (!txn) return undefined;
      const records = await orm
        .select({ name: verificationRecords.name, state: verificationRecords.state })
        .from(verificationRecords)
        .where(eq(verificationRecords.txnId, txnId))
        .orderBy(asc(verificationRecords.position));
      return { txn, records };
    },

    async insertEndpoint(row: typeof orgWebhookEndpoints.$inferInsert): Promise<EndpointRow> {
      const [created] = await orm.insert(orgWebhookEndpoints).values(row).returning();
      return created!;
    },
    async listEndpoints(orgId: string): Promise<EndpointRow[]> {
      return orm
        .select()
        .from(orgWebhookEndpoints)
        .where(eq(orgWebhookEndpoints.orgId, orgId))
        .orderBy(desc(orgWebhookEndpoints.createdAt));
    },
    async disableEndpoint(orgId: string, id: string): Promise<EndpointRow | undefined> {
      const [row] = await orm
        .update(orgWebhookEndpoints)
        .set({ active: false })
        .where(and(eq(orgWebhookEndpoints.id, id), eq(orgWebhookEndpoints.orgId, orgId)))
        .returning();
      return row;
    },

    /**
     * Replaces an endpoint's secret; the one it replaces keeps signing until `previousUntil` (one UPDATE:
     * the old values are read under the row's lock, so two rotations at once cannot lose one).
     */
    async rotateEndpointSecret(
      orgId: string,
      id: string,
      secretEnc: string,
      previousUntil: Date,
      at: Date,
    ): Promise<EndpointRow | undefined> {
      const e = orgWebhookEndpoints;
      // Secrets rotated out within the overlap stay too (a second rotation, a double click): the
      // three latest, space-separated, all until 24 hours after the last rotation.
      const kept = sql`case when ${e.previousSecretEnc} is not null and ${e.previousSecretExpiresAt} > ${at.toISOString()}::timestamptz
        then array_to_string((string_to_array(${e.secretEnc} || ' ' || ${e.previousSecretEnc}, ' '))[1:3], ' ')
        else ${e.secretEnc} end`;
      const [row] = await orm
        .update(orgWebhookEndpoints)
        .set({ secretEnc, previousSecretEnc: kept, previousSecretExpiresAt: previousUntil })
        .where(and(eq(orgWebhookEndpoints.id, id), eq(orgWebhookEndpoints.orgId, orgId)))
        .returning();
      return row;
    },

    /** The active endpoints of the organisations of these transactions, by transaction id. */
    async endpointsOfTransactions(scope: DbScope, txnIds: string[]) {
      if (txnIds.length === 0) return [];
      return scope
        .select({
          txnId: transactions.id,
          orgId: transactions.orgId,
          profileId: transactions.profileId,
          orgName: organisations.name,
          endpointId: orgWebhookEndpoints.id,
        })
        .from(transactions)
        .innerJoin(orgWebhookEndpoints, eq(orgWebhookEndpoints.orgId, transactions.orgId))
        .innerJoin(organisations, eq(organisations.id, transactions.orgId))
        .where(and(inArray(transactions.id, txnIds), eq(orgWebhookEndpoints.active, true)));
    },
    async insertDeliveries(
      scope: DbScope,
      rows: (typeof orgWebhookDeliveries.$inferInsert)[],
    ): Promise<void> {
      if (rows.length > 0) await scope.insert(orgWebhookDeliveries).values(rows);
    },
    /**
     * Takes the next `count` sequence numbers of a transaction's events and answers the last one. The
     * row's lock holds a concurrent change of the same transaction until this one commits.
     */
    async takeSequences(scope: DbScope, txnId: string, count: number): Promise<number> {
      const [row] = await scope
        .insert(orgWebhookSequences)
        .values({ transactionId: txnId, lastSequence: count })
        .onConflictDoUpdate({
          target: orgWebhookSequences.transactionId,
          set: { lastSequence: sql`${orgWebhookSequences.lastSequence} + ${count}` },
        })
        .returning({ last: orgWebhookSequences.lastSequence });
      return Number(row!.last);
    },

    /**
     * Claims up to `limit` due deliveries (SKIP LOCKED, so instances never share one) by moving their
     * time on by `leaseMs`: a crash mid-send leaves the row to be retried when the lease ends. A delivery
     * waits while an earlier event of its transaction is still pending for the same endpoint (in flight,
     * or waiting for its retry), so one transaction's events reach an endpoint one at a time, in order,
     * whichever instance claims them.
     */
    async claimDue(now: Date, leaseMs: number, limit: number) {
      const lease = new Date(now.getTime() + leaseMs);
      const d = orgWebhookDeliveries;
      return orm
        .update(d)
        .set({ nextAttemptAt: lease })
        .where(
          inArray(
            d.id,
            sql`(select c.id from ${d} c
                 where c.status = 'pending' and c.next_attempt_at <= ${now.toISOString()}
                   and not exists (select 1 from ${d} e
                     where e.endpoint_id = c.endpoint_id and e.transaction_id = c.transaction_id
                       and e.status = 'pending' and e.sequence < c.sequence)
                 order by c.next_attempt_at, c.sequence limit ${limit} for update skip locked)`,
          ),
        )
        .returning();
    },
    async endpoint(id: string): Promise<EndpointRow | undefined> {
      const [row] = await orm.select().from(orgWebhookEndpoints).where(eq(orgWebhookEndpoints.id, id));
      return row;
    },
    /** Records one attempt and the delivery's new status, in one database transaction. */
    async recordAttempt(
      deliveryId: string,
      attempt: { at: Date; statusCode: number | null; error: string | null; durationMs: number },
      next: Pick<DeliveryRow, 'status' | 'attempts' | 'nextAttemptAt' | 'deliveredAt'>,
    ): Promise<void> {
      await orm.transaction(async (tx) => {
        await tx.insert(orgWebhookAttempts).values({ deliveryId, ...attempt });
        await tx
          .update(orgWebhookDeliveries)
          .set({ ...next, lastStatusCode: attempt.statusCode, lastError: attempt.error })
          .where(eq(orgWebhookDeliveries.id, deliveryId));
      });
    },

    async listDeliveries(orgId: string, limit: number) {
      const rows = await orm
        .select({ delivery: orgWebhookDeliveries })
        .from(orgWebhookDeliveries)
        .innerJoin(orgWebhookEndpoints, eq(orgWebhookEndpoints.id, orgWebhookDeliveries.endpointId))
        .where(eq(orgWebhookEndpoints.orgId, orgId))
        .orderBy(desc(orgWebhookDeliveries.createdAt))
        .limit(limit);
      const ids = rows.map((r) => r.delivery.id);
      const attempts =
        ids.length === 0
          ? []
          : await orm
              .select()
              .from(orgWebhookAttempts)
              .where(inArray(orgWebhookAttempts.deliveryId, ids))
              .orderBy(asc(orgWebhookAttempts.id));
      return rows.map((r) => ({
        delivery: r.delivery,
        attempts: attempts.filter((a) => a.deliveryId === r.delivery.id),
      }));
    },
    /** Sends a delivery of `orgId` again now, with a fresh retry schedule (its attempts stay recorded). */
    async replay(orgId: string, deliveryId: string, now: Date): Promise<boolean> {
      const owned = orm
        .select({ id: orgWebhookEndpoints.id })
        .from(orgWebhookEndpoints)
        .where(eq(orgWebhookEndpoints.orgId, orgId));
      const rows = await orm
        .update(orgWebhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null })
        .where(and(eq(orgWebhookDeliveries.id, deliveryId), inArray(orgWebhookDeliveries.endpointId, owned)))
        .returning({ id: orgWebhookDeliveries.id });
      return rows.length > 0;
    },
  };
}
export type IntegrationRepository = ReturnType<typeof createIntegrationRepository>;
