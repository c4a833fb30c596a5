import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { createKeyedWindowCounter } from '../../db/keyed-window-counter.js';
import { aadhaarRequests } from '../../db/schema/index.js';

export type AadhaarRequest = typeof aadhaarRequests.$inferSelect;
type Stage = AadhaarRequest['stage'];

export function createAadhaarRepository(orm: Orm) {
  const counter = createKeyedWindowCounter(orm);
  return {
    /**
     * Counts one start attempt of the profile in its otp_throttles row (`aadhaar:<profileId>`, locked
     * first): a fixed window of `windowSeconds`, at most `max` starts in it. Counted before the
     * provider is called, so failed starts count and concurrent ones queue on the lock. Returns false
     * when the budget is spent.
     */
    countStart: (profileId: string, at: Date, windowSeconds: number, max: number): Promise<boolean> =>
      counter.take(`aadhaar:${profileId}`, at, windowSeconds, max),
    /**
     * Counts one answer (OTP or captcha) atomically before the provider sees it: the check must still
     * be in `stage` with fewer than `max` counted. Returns the count including this one, or undefined
     * when refused (ended, or every attempt used by answers sent at the same time).
     */
    async countAttempt(id: string, stage: Stage, max: number): Promise<number | undefined> {
      const [row] = await orm
        .update(aadhaarRequests)
        .set({ failedAttempts: sql`${aadhaarRequests.failedAttempts} + 1` })
        .where(
          and(
            eq(aadhaarRequests.id, id),
            eq(aadhaarRequests.stage, stage),
            lt(aadhaarRequests.failedAttempts, max),
          ),
        )
        .returning({ n: aadhaarRequests.failedAttempts });
      return row?.n;
    },
    /**
     * Serialises verifications of one number (its HMAC) until the database transaction ends, so the
     * "another account holds it" check cannot race another account's verification.
     */
    async lockNumber(hash: string, within: DbScope): Promise<void> {
      await within.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`aadhaar:${hash}`}, 0))`);
    },
    /** Gives back an attempt the provider never judged (it was down). */
    async refundAttempt(id: string, stage: Stage): Promise<void> {
      await orm
        .update(aadhaarRequests)
        .set({ failedAttempts: sql`greatest(${aadhaarRequests.failedAttempts} - 1, 0)` })
        .where(and(eq(aadhaarRequests.id, id), eq(aadhaarRequests.stage, stage)));
    },
    /** Only the latest check works: the profile's open ones are closed before a new one is stored. */
    async insertClosingOthers(values: typeof aadhaarRequests.$inferInsert): Promise<AadhaarRequest> {
      return orm.transaction(async (tx) => {
        await tx
          .update(aadhaarRequests)
          .set({ stage: 'closed' })
          .where(
            and(
              eq(aadhaarRequests.profileId, values.profileId),
              inArray(aadhaarRequests.stage, ['captcha', 'otp']),
            ),
          );
        const [row] = await tx.insert(aadhaarRequests).values(values).returning();
        if (!row) throw new Error('aadhaar_requests insert returned nothing');
        return row;
      });
    },
    async find(id: string): Promise<AadhaarRequest | undefined> {
      const [row] = await orm.select().from(aadhaarRequests).where(eq(aadhaarRequests.id, id));
      return row;
    },
    /** Moves a check on only from the stage it was read in (two concurrent answers: one wins). */
    async update(
      id: string,
      from: Stage,
      patch: Partial<Pick<AadhaarRequest, 'stage' | 'otpExpiresAt' | 'failedAttempts'>>,
      within: DbScope = orm,
    ): Promise<boolean> {
      const rows = await within
        .update(aadhaarRequests)
        .set(patch)
        .where(and(eq(aadhaarRequests.id, id), eq(aadhaarRequests.stage, from)))
        .returning({ id: aadhaarRequests.id });
      return rows.length === 1;
    },
  };
}
export type AadhaarRepository = ReturnType<typeof createAadhaarRepository>;
