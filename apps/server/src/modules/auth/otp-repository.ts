import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { otpThrottles, otpTransactions } from '../../db/schema/index.js';

export type OtpTransaction = typeof otpTransactions.$inferSelect;
export type NewOtpTransaction = typeof otpTransactions.$inferInsert;
export type OtpThrottle = typeof otpThrottles.$inferSelect;
type ThrottlePatch = Partial<Omit<OtpThrottle, 'mobile'>>;
type TransactionPatch = Partial<Pick<OtpTransaction, 'consumedAt' | 'verifiedAt' | 'failedAttempts'>>;

/** Operations inside one database transaction that holds the number's throttle row lock. */
function lockedOps(tx: Orm) {
  /**
   * Locks several throttle rows in one statement, creating them if needed (the `budget:` keys of a
   * send): an upsert that updates nothing still locks the rows it returns (issue 31 §4). Rows are
   * locked in the order given: every caller gives the same order.
   */
  async function lockThrottles(keys: readonly string[]): Promise<Map<string, OtpThrottle>> {
    const rows = await tx
      .insert(otpThrottles)
      .values(keys.map((mobile) => ({ mobile })))
      .onConflictDoUpdate({ target: otpThrottles.mobile, set: { mobile: sql`excluded.mobile` } })
      .returning();
    return new Map(rows.map((row) => [row.mobile, row]));
  }

  return {
    /** Creates the throttle row of a number (or a `budget:` key) if needed and locks it until the transaction ends. */
    async lockThrottle(mobile: string): Promise<OtpThrottle> {
      const row = (await lockThrottles([mobile])).get(mobile);
      if (!row) throw new Error('otp_throttles row missing after upsert');
      return row;
    },
    lockThrottles,
    /** Moves several locked rows' request windows in one statement (a send counts on each). */
    async countRequests(
      rows: readonly { key: string; windowStartedAt: Date; requests: number; lastRequestedAt?: Date }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map(
          (r) =>
            sql`(${r.key}, ${r.windowStartedAt.toISOString()}::timestamptz, ${r.requests}::int, ${
              r.lastRequestedAt?.toISOString() ?? null
            }::timestamptz)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`update ${otpThrottles} set window_started_at = v.started, requests = v.requests,
          last_requested_at = coalesce(v.last_requested, ${otpThrottles.lastRequestedAt})
        from (values ${values}) as v(key, started, requests, last_requested)
        where ${otpThrottles.mobile} = v.key`);
    },
    async updateThrottle(mobile: string, patch: ThrottlePatch): Promise<void> {
      await tx.update(otpThrottles).set(patch).where(eq(otpThrottles.mobile, mobile));
    },
    /** Retires every code of the number that has not been used yet (only the latest works). */
    async supersedeOpen(mobile: string, now: Date): Promise<void> {
      await tx
        .update(otpTransactions)
        .set({ supersededAt: now })
        .where(
          and(
            eq(otpTransactions.mobile, mobile),
            isNull(otpTransactions.consumedAt),
            isNull(otpTransactions.verifiedAt),
            isNull(otpTransactions.supersededAt),
          ),
        );
    },
    async insert(txn: NewOtpTransaction): Promise<void> {
      await tx.insert(otpTransactions).values(txn);
    },
    async findForUpdate(id: string): Promise<OtpTransaction | undefined> {
      const [row] = await tx.select().from(otpTransactions).where(eq(otpTransactions.id, id)).for('update');
      return row;
    },
    async updateTransaction(id: string, patch: TransactionPatch): Promise<void> {
      await tx.update(otpTransactions).set(patch).where(eq(otpTransactions.id, id));
    },
  };
}
export type OtpLockedOps = ReturnType<typeof lockedOps>;

export function createOtpRepository(orm: Orm) {
  return {
    /** Runs `fn` in one transaction. Lock order everywhere: the throttle row first, then OTP rows. */
    transaction<T>(fn: (ops: OtpLockedOps) => Promise<T>): Promise<T> {
      return orm.transaction((tx) => fn(lockedOps(tx as unknown as Orm)));
    },
    async find(id: string): Promise<OtpTransaction | undefined> {
      const [row] = await orm.select().from(otpTransactions).where(eq(otpTransactions.id, id));
      return row;
    },
    /**
     * Uses a verified signup OTP once: succeeds for exactly one caller, and only while the signup
     * window (verified after `verifiedAfter`) is open.
     */
    async claimSignup(id: string, mobile: string, verifiedAfter: Date, now: Date): Promise<boolean> {
      const rows = await orm
        .update(otpTransactions)
        .set({ consumedAt: now })
        .where(
          and(
            eq(otpTransactions.id, id),
            eq(otpTransactions.mobile, mobile),
            isNull(otpTransactions.consumedAt),
            isNotNull(otpTransactions.verifiedAt),
            gt(otpTransactions.verifiedAt, verifiedAfter),
          ),
        )
        .returning({ id: otpTransactions.id });
      return rows.length === 1;
    },
  };
}
export type OtpRepository = ReturnType<typeof createOtpRepository>;
