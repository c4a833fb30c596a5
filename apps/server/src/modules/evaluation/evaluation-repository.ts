import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { evaluationOtps, otpThrottles } from '../../db/schema/index.js';

export type EvaluationOtp = typeof evaluationOtps.$inferSelect;
export type NewEvaluationOtp = typeof evaluationOtps.$inferInsert;
export type Throttle = typeof otpThrottles.$inferSelect;
type ThrottlePatch = Partial<Omit<Throttle, 'mobile'>>;

/**
 * The candidate's counters live in otp_throttles (the table of the mobile OTP's limits, ADR 0002),
 * in a row keyed `eval:<profileId>`: the same columns mean the same things.
 */
export const throttleKey = (profileId: string) => `eval:${profileId}`;

/** Operations inside one database transaction that holds the candidate's throttle row lock. */
function lockedOps(tx: Orm) {
  return {
    async lockThrottle(key: string): Promise<Throttle> {
      await tx
        .insert(otpThrottles)
        .values({ mobile: key })
        .onConflictDoNothing({ target: otpThrottles.mobile });
      const [row] = await tx.select().from(otpThrottles).where(eq(otpThrottles.mobile, key)).for('update');
      if (!row) throw new Error('otp_throttles row missing after upsert');
      return row;
    },
    async updateThrottle(key: string, patch: ThrottlePatch): Promise<void> {
      await tx.update(otpThrottles).set(patch).where(eq(otpThrottles.mobile, key));
    },
    /** Retires every unused code of the candidate (only the latest works). */
    async supersedeOpen(profileId: string, now: Date): Promise<void> {
      await tx
        .update(evaluationOtps)
        .set({ supersededAt: now })
        .where(
          and(
            eq(evaluationOtps.profileId, profileId),
            isNull(evaluationOtps.consumedAt),
            isNull(evaluationOtps.supersededAt),
          ),
        );
    },
    /** Whether the candidate asked for a code after this one (a newer pair may have been stored). */
    async hasNewer(otp: EvaluationOtp): Promise<boolean> {
      const [row] = await tx
        .select({ id: evaluationOtps.id })
        .from(evaluationOtps)
        .where(and(eq(evaluationOtps.profileId, otp.profileId), gt(evaluationOtps.createdAt, otp.createdAt)))
        .limit(1);
      return row !== undefined;
    },
    async insert(otp: NewEvaluationOtp): Promise<void> {
      await tx.insert(evaluationOtps).values(otp);
    },
    async findForUpdate(id: string): Promise<EvaluationOtp | undefined> {
      const [row] = await tx.select().from(evaluationOtps).where(eq(evaluationOtps.id, id)).for('update');
      return row;
    },
    async update(id: string, patch: Partial<Pick<EvaluationOtp, 'consumedAt' | 'failedAttempts'>>) {
      await tx.update(evaluationOtps).set(patch).where(eq(evaluationOtps.id, id));
    },
  };
}
export type EvaluationLockedOps = ReturnType<typeof lockedOps>;

export function createEvaluationRepository(orm: Orm) {
  return {
    /** Runs `fn` in one transaction. Lock order: the throttle row first, then OTP rows (as ADR 0002). */
    transaction<T>(fn: (ops: EvaluationLockedOps) => Promise<T>): Promise<T> {
      return orm.transaction((tx) => fn(lockedOps(tx as unknown as Orm)));
    },
    /** The candidate's counters, read without a lock (undefined: never asked for a code). */
    async findThrottle(key: string): Promise<Throttle | undefined> {
      const [row] = await orm.select().from(otpThrottles).where(eq(otpThrottles.mobile, key));
      return row;
    },
    /** The candidate's newest code: only the latest works, so no older one can be open. */
    async latest(profileId: string): Promise<EvaluationOtp | undefined> {
      const [row] = await orm
        .select()
        .from(evaluationOtps)
        .where(eq(evaluationOtps.profileId, profileId))
        .orderBy(desc(evaluationOtps.createdAt))
        .limit(1);
      return row;
    },
    async find(id: string): Promise<EvaluationOtp | undefined> {
      const [row] = await orm.select().from(evaluationOtps).where(eq(evaluationOtps.id, id));
      return row;
    },
  };
}
export type EvaluationRepository = ReturnType<typeof createEvaluationRepository>;
