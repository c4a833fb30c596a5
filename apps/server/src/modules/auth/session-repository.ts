import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { refreshTokens, signInLinks } from '../../db/schema/index.js';
import { disabledReadCache, type ReadCache } from '../../lib/read-cache.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert;
export type SignInLinkRow = typeof signInLinks.$inferSelect;
export type NewSignInLink = typeof signInLinks.$inferInsert;

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
    async findLinkByHashForUpdate(tokenHash: string): Promise<SignInLinkRow | undefined> {
      const [row] = await tx
        .select()
        .from(signInLinks)
        .where(eq(signInLinks.tokenHash, tokenHash))
        .for('update');
      return row;
    },
    /** Marks every unused sign-in link of a wallet used: one sign-in spends them all. */
    async spendLinks(profileId: string, now: Date): Promise<void> {
      await tx
        .update(signInLinks)
        .set({ usedAt: now })
        .where(and(eq(signInLinks.profileId, profileId), isNull(signInLinks.usedAt)));
    },
    hasProvenSession: (profileId: string) => hasProvenSession(tx, profileId),
  };
}

/** Whether the wallet's owner ever signed in by proving the mobile (an `otp` session, even ended). */
async function hasProvenSession(orm: Orm, profileId: string): Promise<boolean> {
  const [row] = await orm
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.profileId, profileId), eq(refreshTokens.origin, 'otp')))
    .limit(1);
  return row !== undefined;
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
    /**
     * A session that proved the mobile (ADR 0004), in one statement (issue 31 §4): ends the wallet's
     * `link` families (announced on SESSIONS_CHANNEL like any revocation), spends its unused sign-in
     * links and adds the new family's first token. One statement commits all or nothing.
     */
    async startProvenSession(token: NewRefreshToken & { origin: 'otp' }, now: Date): Promise<void> {
      const at = now.toISOString();
      const result = (await orm.execute(sql`with revoked as (
          update ${refreshTokens} set revoked_at = ${at}::timestamptz
          where ${refreshTokens.profileId} = ${token.profileId} and ${refreshTokens.origin} = 'link'
            and ${refreshTokens.revokedAt} is null
          returning ${refreshTokens.familyId} as family_id),
        families as (select distinct family_id from revoked),
        spent as (
          update ${signInLinks} set used_at = ${at}::timestamptz
          where ${signInLinks.profileId} = ${token.profileId} and ${signInLinks.usedAt} is null),
        added as (
          insert into ${refreshTokens} (id, profile_id, family_id, token_hash, expires_at, origin, created_at)
          values (${token.id}, ${token.profileId}, ${token.familyId}, ${token.tokenHash},
            ${token.expiresAt.toISOString()}::timestamptz, 'otp', ${(token.createdAt ?? now).toISOString()}::timestamptz))
        select family_id, pg_notify(${SESSIONS_CHANNEL}, family_id::text) from families`)) as {
        rows: { family_id: string }[];
      };
      for (const row of result.rows) liveFamilies.invalidate(row.family_id);
    },
    async findLinkByHash(tokenHash: string): Promise<SignInLinkRow | undefined> {
      const [row] = await orm.select().from(signInLinks).where(eq(signInLinks.tokenHash, tokenHash));
      return row;
    },
    async insertLink(link: NewSignInLink): Promise<void> {
      await orm.insert(signInLinks).values(link);
    },
    hasProvenSession: (profileId: string) => hasProvenSession(orm, profileId),
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
    /** Whether the family is live, when the cache knows without a query (`isFamilyLive` otherwise). */
    isFamilyLiveKnown(familyId: string): boolean | undefined {
      return liveFamilies.peek(familyId);
    },
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
