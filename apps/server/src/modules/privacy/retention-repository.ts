import { and, eq, lte, ne } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { purgeRuns, type PurgeCount } from '../../db/schema/index.js';

export type PurgeRunRow = typeof purgeRuns.$inferSelect;

/** Each day's purge report (ADR 0049 "Retention schedule"). */
export function createRetentionRepository(orm: Orm) {
  return {
    /**
     * Claims the day's run: a new row, or the day's row again when it is not done and its lease has
     * lapsed (a crashed or failed run). Null while another instance holds it or once the day is done.
     */
    async claimDay(day: string, at: Date, leaseUntil: Date): Promise<number | null> {
      const [row] = await orm
        .insert(purgeRuns)
        .values({ day, status: 'running', startedAt: at, leaseUntil })
        .onConflictDoUpdate({
          target: purgeRuns.day,
          set: { status: 'running', startedAt: at, leaseUntil, error: null },
          setWhere: and(ne(purgeRuns.status, 'done'), lte(purgeRuns.leaseUntil, at)),
        })
        .returning({ id: purgeRuns.id });
      return row?.id ?? null;
    },

    async finish(
      id: number,
      report: {
        status: 'done' | 'failed';
        finishedAt: Date;
        counts: Record<string, PurgeCount>;
        ledgerHeadHash: string | null;
        ledgerOk: boolean | null;
        error: string | null;
      },
    ): Promise<void> {
      // A failed run's lease lapses at once: the next pass takes the day again.
      await orm
        .update(purgeRuns)
        .set({ ...report, ...(report.status === 'failed' ? { leaseUntil: report.finishedAt } : {}) })
        .where(eq(purgeRuns.id, id));
    },

    async byDay(day: string): Promise<PurgeRunRow | undefined> {
      const [row] = await orm.select().from(purgeRuns).where(eq(purgeRuns.day, day));
      return row;
    },
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
