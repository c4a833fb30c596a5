import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import { disabledReadCache, type ReadCache } from '../../lib/read-cache.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert;

/** `revoked` collects the families this transaction revoked, to drop them from the cache after it. */
function lockedOps(tx: Orm, revoked: string[]) {
  return {
    async findByHashForUpdate(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('update');
      return row;
    },
    async insert(token: NewRefreshToken): Promise<void> {
      await tx.insert(refreshTokens).values(token);
    },
    async markRotated(id: string, replacedBy: string, now: Date): Promise<void> {
      await tx.update(refreshTokens).set({ revokedAt: now, replacedBy }).where(eq(refreshTokens.id, id));
    },
    async revokeFamily(familyId: string, now: Date): Promise<void> {
      revoked.push(familyId);
      await revokeFamily(tx, familyId, now);
    },
  };
}
export type SessionLockedOps = ReturnType<typeof lockedOps>;

/**
 * The NOTIFY channel a revoked family's id travels on (ADR 0004): every instance closes the live
 * notification streams opened for it (ADR 0030).
 */
export const SESSIONS_CHANNEL = 'veridocs_sessions';

/** Revokes the family and announces it; inside a database transaction the message leaves at commit. */
async function revokeFamily(orm: Orm, familyId: string, now: Date): Promise<void> {
  await orm
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await orm.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${familyId})`);
}

/**
 * Refresh tokens, and whether a session (family) is still live. That question is asked on every
 * authenticated request, so its answer goes through a read cache (ADR 0005) that every revocation
 * here invalidates, on PostgreSQL across instances.
 */
export function createSessionRepository(
  orm: Orm,
  liveFamilies: ReadCache<string, boolean> = disabledReadCache(),
) {
  return {
    async transaction<T>(fn: (ops: SessionLockedOps) => Promise<T>): Promise<T> {
      const revoked: string[] = [];
      try {
        return await orm.transaction((tx) => fn(lockedOps(tx as unknown as Orm, revoked)));
      } finally {
        // After the commit (or a failure that may have committed), like invalidateAfter.
        for (const familyId of revoked) liveFamilies.invalidate(familyId);
      }
    },
    async insert(token: NewRefreshToken): Promise<void> {
      await orm.insert(refreshTokens).values(token);
    },
    async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await orm.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },
    revokeFamily: (familyId: string, now: Date) =>
      liveFamilies.invalidateAfter(familyId, () =>
        // One database transaction: the revocation and its announcement commit together.
        orm.transaction((tx) => revokeFamily(tx as unknown as Orm, familyId, now)),
      ),
    /**
     * A family is live while one of its tokens is unrevoked (rotation swaps the live token in one
     * transaction). Revocation is final, so a "no" may stay cached as long as a "yes".
     */
    async isFamilyLive(familyId: string): Promise<boolean> {
      const live = await liveFamilies.get(familyId, async () => {
        const [row] = await orm
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
          .limit(1);
        return row !== undefined;
      });
      return live === true;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
