import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Orm } from './client.js';
import { otpThrottles } from './schema/index.js';

/**
 * A budget per key in a fixed window, kept in an otp_throttles row (ADR 0002: the one table of counters;
 * each module writes only the rows of its own key prefix, eslint-rules/table-owners.js). The row is
 * locked while counted, so concurrent takers queue and never both get the last unit.
 */
export function createKeyedWindowCounter(orm: Orm) {
  return {
    /** Counts one use of `key` at `at`: at most `max` in a window of `windowSeconds`. False when spent. */
    async take(key: string, at: Date, windowSeconds: number, max: number): Promise<boolean> {
      return orm.transaction(async (tx) => {
        // One statement (issue 31 §4): an upsert that updates nothing still locks the row it returns.
        const [row] = await tx
          .insert(otpThrottles)
          .values({ mobile: key })
          .onConflictDoUpdate({ target: otpThrottles.mobile, set: { mobile: sql`excluded.mobile` } })
          .returning();
        if (!row) throw new Error('otp_throttles row missing after upsert');
        let windowStart = row.windowStartedAt;
        let requests = row.requests;
        if (!windowStart || windowStart.getTime() + windowSeconds * 1000 <= at.getTime()) {
          windowStart = at;
          requests = 0;
        }
        if (requests >= max) return false;
        await tx
          .update(otpThrottles)
          .set({ windowStartedAt: windowStart, requests: requests + 1, lastRequestedAt: at })
          .where(eq(otpThrottles.mobile, key));
        return true;
      });
    },

    /**
     * Gives back one use taken in the window that started at or before `takenAt` and is still open (a
     * use that failed on our side); a window that has since started again owes nothing.
     */
    async giveBack(key: string, takenAt: Date): Promise<void> {
      await orm
        .update(otpThrottles)
        .set({ requests: sql`${otpThrottles.requests} - 1` })
        .where(
          and(
            eq(otpThrottles.mobile, key),
            gt(otpThrottles.requests, 0),
            lte(otpThrottles.windowStartedAt, takenAt),
          ),
        );
    },
  };
}
