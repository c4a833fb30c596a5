import { and, asc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import {
  sandboxGatewayRefunds,
  sandboxGatewaySessions,
  sandboxGatewayWebhooks,
} from '../../db/schema/index.js';

export type SandboxSessionRow = typeof sandboxGatewaySessions.$inferSelect;
export type SandboxRefundRow = typeof sandboxGatewayRefunds.$inferSelect;
export type SandboxOutcome = 'success' | 'failed' | 'cancelled';
export interface SandboxWebhookRow {
  id: string;
  body: string;
  attempts: number;
}

/** A delivery in hand is leased this long: a crashed instance's delivery is taken over after it. */
const DELIVERY_LEASE_MS = 60_000;

/**
 * The sandbox gateway's own books (its sessions, refunds and outgoing webhooks). It is "another
 * company": it reads and writes only its own tables.
 */
export function createSandboxRepository(orm: Orm) {
  return {
    async createSession(row: typeof sandboxGatewaySessions.$inferInsert): Promise<void> {
      await orm.insert(sandboxGatewaySessions).values(row);
    },

    async session(id: string): Promise<SandboxSessionRow | undefined> {
      const [row] = await orm.select().from(sandboxGatewaySessions).where(eq(sandboxGatewaySessions.id, id));
      return row;
    },

    /**
     * Ends a pending session with the candidate's choice and stores the webhook telling of it, in one
     * database transaction (the webhook cannot be lost once the payment is). A session already ended
     * answers as it is (a second click changes nothing).
     */
    async complete(
      id: string,
      outcome: SandboxOutcome,
      paymentId: string,
      webhook: ((session: SandboxSessionRow) => { id: string; body: string }) | null,
      at: Date,
    ): Promise<SandboxSessionRow | undefined> {
      return orm.transaction(async (tx) => {
        const [changed] = await tx
          .update(sandboxGatewaySessions)
          .set({ status: outcome, paymentId, updatedAt: at })
          .where(and(eq(sandboxGatewaySessions.id, id), eq(sandboxGatewaySessions.status, 'pending')))
          .returning();
        if (!changed) {
          const [row] = await tx
            .select()
            .from(sandboxGatewaySessions)
            .where(eq(sandboxGatewaySessions.id, id));
          return row;
        }
        if (webhook) {
          const event = webhook(changed);
          await tx
            .insert(sandboxGatewayWebhooks)
            .values({ id: event.id, body: event.body, nextAt: at, createdAt: at });
        }
        return changed;
      });
    },

    /** Refunded so far (every refund not failed). */
    async refunded(sessionId: string): Promise<number> {
      const [row] = await orm
        .select({ sum: sql<string | null>`sum(${sandboxGatewayRefunds.amount})` })
        .from(sandboxGatewayRefunds)
        .where(
          and(eq(sandboxGatewayRefunds.sessionId, sessionId), ne(sandboxGatewayRefunds.status, 'failed')),
        );
      return Number(row?.sum ?? 0);
    },

    /**
     * A refund, processed at once, with its refund.processed webhook; idempotent by the merchant's refund
     * id (a retried call answers the refund it made).
     */
    async refund(
      row: { id: string; sessionId: string; merchantRefundId: string; amount: number },
      webhook: (refund: SandboxRefundRow) => { id: string; body: string },
      at: Date,
    ): Promise<SandboxRefundRow> {
      return orm.transaction(async (tx) => {
        const [created] = await tx
          .insert(sandboxGatewayRefunds)
          .values({ ...row, status: 'processed', createdAt: at })
          .onConflictDoNothing({ target: sandboxGatewayRefunds.merchantRefundId })
          .returning();
        if (created) {
          const event = webhook(created);
          await tx
            .insert(sandboxGatewayWebhooks)
            .values({ id: event.id, body: event.body, nextAt: at, createdAt: at });
          return created;
        }
        const [existing] = await tx
          .select()
          .from(sandboxGatewayRefunds)
          .where(eq(sandboxGatewayRefunds.merchantRefundId, row.merchantRefundId));
        if (!existing) throw new Error('sandbox refund missing after a conflicting insert');
        return existing;
      });
    },

    async findRefundByMerchantId(merchantRefundId: string): Promise<SandboxRefundRow | undefined> {
      const [row] = await orm
        .select()
        .from(sandboxGatewayRefunds)
        .where(eq(sandboxGatewayRefunds.merchantRefundId, merchantRefundId));
      return row;
    },

    async findRefund(id: string): Promise<SandboxRefundRow | undefined> {
      const [row] = await orm.select().from(sandboxGatewayRefunds).where(eq(sandboxGatewayRefunds.id, id));
      return row;
    },

    /** Claims one due webhook (SKIP LOCKED: instances share the queue), leased while it is delivered. */
    async claimWebhook(now: Date): Promise<SandboxWebhookRow | null> {
      return orm.transaction(async (tx) => {
        const [next] = await tx
          .select({ id: sandboxGatewayWebhooks.id })
          .from(sandboxGatewayWebhooks)
          .where(and(isNull(sandboxGatewayWebhooks.deliveredAt), lte(sandboxGatewayWebhooks.nextAt, now)))
          .orderBy(asc(sandboxGatewayWebhooks.nextAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!next) return null;
        const [row] = await tx
          .update(sandboxGatewayWebhooks)
          .set({
            attempts: sql`${sandboxGatewayWebhooks.attempts} + 1`,
            nextAt: new Date(now.getTime() + DELIVERY_LEASE_MS),
          })
          .where(eq(sandboxGatewayWebhooks.id, next.id))
          .returning({
            id: sandboxGatewayWebhooks.id,
            body: sandboxGatewayWebhooks.body,
            attempts: sandboxGatewayWebhooks.attempts,
          });
        return row ?? null;
      });
    },

    async delivered(id: string, at: Date): Promise<void> {
      await orm
        .update(sandboxGatewayWebhooks)
        .set({ deliveredAt: at, lastError: null })
        .where(eq(sandboxGatewayWebhooks.id, id));
    },

    async retryLater(id: string, error: string, nextAt: Date): Promise<void> {
      await orm
        .update(sandboxGatewayWebhooks)
        .set({ lastError: error.slice(0, 500), nextAt })
        .where(eq(sandboxGatewayWebhooks.id, id));
    },
  };
}
export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
