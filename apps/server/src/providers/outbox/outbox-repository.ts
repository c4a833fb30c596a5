import { desc, eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';

export type OutboxChannel = 'sms' | 'whatsapp' | 'email' | 'sandbox';

export interface OutboxEntry {
  channel: OutboxChannel;
  to: string;
  body: string;
  otp: string | null;
  createdAt: Date;
}

/** The dev outbox: where the embedded message providers put what they would have sent. */
export function createOutboxRepository(orm: Orm) {
  return {
    async add(entry: OutboxEntry): Promise<void> {
      await orm.insert(outbox).values(entry);
    },
    /** Drops every stored message (left over from a dev-tools run, OTPs in clear text). */
    async clear(): Promise<void> {
      await orm.delete(outbox);
    },
    /**
     * Drops the messages to an address (a candidate's erasure, ADR 0049: after its confirmation was
     * delivered; the dev outbox is where "delivered" messages stay).
     */
    async deleteTo(to: string): Promise<void> {
      await orm.delete(outbox).where(eq(outbox.to, to));
    },
    /** Newest first. */
    async list(filter: { to?: string | undefined; limit: number }): Promise<OutboxEntry[]> {
      const rows = await orm
        .select({
          channel: outbox.channel,
          to: outbox.to,
          body: outbox.body,
          otp: outbox.otp,
          createdAt: outbox.createdAt,
        })
        .from(outbox)
        .where(filter.to ? eq(outbox.to, filter.to) : undefined)
        .orderBy(desc(outbox.id))
        .limit(filter.limit);
      return rows.map((r) => ({ ...r, channel: r.channel as OutboxChannel }));
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
