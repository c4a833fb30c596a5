import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { aadhaarRequests } from '../../db/schema/index.js';

export type AadhaarRequest = typeof aadhaarRequests.$inferSelect;
type Stage = AadhaarRequest['stage'];

export function createAadhaarRepository(orm: Orm) {
  return {
    /** Checks started by the profile since `since` (the per-hour budget). */
    async startedSince(profileId: string, since: Date): Promise<number> {
      const [row] = await orm
        .select({ n: count() })
        .from(aadhaarRequests)
        .where(and(eq(aadhaarRequests.profileId, profileId), gt(aadhaarRequests.createdAt, since)));
      return row?.n ?? 0;
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
    ): Promise<boolean> {
      const rows = await orm
        .update(aadhaarRequests)
        .set(patch)
        .where(and(eq(aadhaarRequests.id, id), eq(aadhaarRequests.stage, from)))
        .returning({ id: aadhaarRequests.id });
      return rows.length === 1;
    },
  };
}
export type AadhaarRepository = ReturnType<typeof createAadhaarRepository>;
