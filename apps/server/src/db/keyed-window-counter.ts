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
      if (max <= 0) return false;
      // One statement (issue 31 §4): the upsert locks the row, and its WHERE refuses a spent window
      // (no row returned). A window that has ended starts again at `at`.
      const when = sql`${at.toISOString()}::timestamptz`;
      const ended = sql`(${otpThrottles.windowStartedAt} is null
        or ${otpThrottles.windowStartedAt} + make_interval(secs => ${windowSeconds}) <= ${when})`;
      const rows = await orm
        .insert(otpThrottles)
        .values({ mobile: key, windowStartedAt: at, requests: 1, lastRequestedAt: at })
        .onConflictDoUpdate({
          target: otpThrottles.mobile,
          set: {
            windowStartedAt: sql`case when ${ended} then ${when} else ${otpThrottles.windowStartedAt} end`,
            requests: sql`case when ${ended} then 1 else ${otpThrottles.requests} + 1 end`,
            lastRequestedAt: at,
          },
          setWhere: sql`${ended} or ${otpThrottles.requests} < ${max}`,
        })
        .returning({ key: otpThrottles.mobile });
      return rows.length > 0;
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
