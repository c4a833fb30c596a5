import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { otpThrottles, otpTransactions, refreshTokens, signInLinks } from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/read-cache.js';
import { SESSIONS_CHANNEL } from './session-repository.js';

/**
 * The auth module's part of a candidate's erasure (ADR 0049): sessions (refresh tokens), sign-in links,
 * OTP rows and counters. Each session family is announced on the sessions channel (open streams close)
 * and forgotten by the live-session cache (`liveFamilies`, the session repository's).
 */
export function createAuthErasureRepository(orm: Orm, liveFamilies: ReadCache<string, boolean>) {
  return {
    async eraseCandidate(profileId: string, mobile: string): Promise<void> {
      const families = new Set<string>();
      try {
        await orm.transaction(async (tx) => {
          const rows = await tx
            .delete(refreshTokens)
            .where(eq(refreshTokens.profileId, profileId))
            .returning({ familyId: refreshTokens.familyId });
          for (const { familyId } of rows) families.add(familyId);
          for (const familyId of families)
            await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${familyId})`);
          await tx.delete(signInLinks).where(eq(signInLinks.profileId, profileId));
          await tx.delete(otpTransactions).where(eq(otpTransactions.mobile, mobile));
          await tx.delete(otpThrottles).where(eq(otpThrottles.mobile, mobile));
        });
      } finally {
        for (const familyId of families) liveFamilies.invalidate(familyId);
      }
    },
  };
}
