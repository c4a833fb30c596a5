import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
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
    /** The retention purge (ADR 0049): up to `limit` messages stored before `cutoff`; answers how many. */
    async purgeBefore(cutoff: Date, limit: number): Promise<number> {
      const doomed = orm
        .select({ id: outbox.id })
        .from(outbox)
        .where(lt(outbox.createdAt, cutoff))
        .orderBy(asc(outbox.id))
        .limit(limit);
      const gone = await orm.delete(outbox).where(inArray(outbox.id, doomed)).returning({ id: outbox.id });
      return gone.length;
    },
    /**
     * Drops the messages to an address (a candidate's erasure, ADR 0049: after its confirmation was
     * delivered; the dev outbox is where "delivered" messages stay).
     */
    async deleteTo(to: string): Promise<void> {
      await orm.delete(outbox).where(eq(outbox.to, to));
    },
    /** Drops the copies of one message as it was stored (an erased candidate's name in a mail to others). */
    async deleteMessage(to: string, body: string): Promise<void> {
      await orm.delete(outbox).where(and(eq(outbox.to, to.toLowerCase()), eq(outbox.body, body)));
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
