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
 * Ends a wallet's `link` families and spends its unused links, adding `token` (the proven session's
 * first) in the same statement when given. Answers whether a concurrent write raced it: a row seen
 * but skipped (changed and committed by another transaction meanwhile, ADR 0004 "Sign-in races").
 */
async function endLinkSessionsIn(
  orm: Orm,
  liveFamilies: ReadCache<string, boolean>,
  profileId: string,
  now: Date,
  token?: NewRefreshToken,
): Promise<boolean> {
  const at = now.toISOString();
  const linkTokens = sql`${refreshTokens.profileId} = ${profileId} and ${refreshTokens.origin} = 'link'
    and ${refreshTokens.revokedAt} is null`;
  const unusedLinks = sql`${signInLinks.profileId} = ${profileId} and ${signInLinks.usedAt} is null`;
  const added = token
    ? sql`, added as (
        insert into ${refreshTokens} (id, profile_id, family_id, token_hash, expires_at, origin, created_at)
        values (${token.id}, ${token.profileId}, ${token.familyId}, ${token.tokenHash},
          ${token.expiresAt.toISOString()}::timestamptz, 'otp', ${(token.createdAt ?? now).toISOString()}::timestamptz))`
    : sql``;
  const result = (await orm.execute(sql`with seen as (
      select (select count(*) from ${refreshTokens} where ${linkTokens}) as tokens,
        (select count(*) from ${signInLinks} where ${unusedLinks}) as links),
    revoked as (
      update ${refreshTokens} set revoked_at = ${at}::timestamptz where ${linkTokens}
      returning ${refreshTokens.familyId} as family_id),
    notified as (
      select family_id, pg_notify(${SESSIONS_CHANNEL}, family_id::text)
      from (select distinct family_id from revoked) families),
    spent as (
      update ${signInLinks} set used_at = ${at}::timestamptz where ${unusedLinks}
      returning 1)${added}
    select coalesce((select array_agg(family_id::text) from notified), '{}') as families,
      (select count(*) from revoked) <> (select tokens from seen)
        or (select count(*) from spent) <> (select links from seen) as raced`)) as {
    rows: { families: string[]; raced: boolean }[];
  };
  const [row] = result.rows;
  for (const familyId of row?.families ?? []) liveFamilies.invalidate(familyId);
  return row?.raced === true;
}

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
  const endLinkSessions = (profileId: string, now: Date, token?: NewRefreshToken) =>
    endLinkSessionsIn(orm, liveFamilies, profileId, now, token);
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
     *
     * A link exchange or rotation committed while it ran is not in its snapshot, so its new token
     * would stay live (issue: sign-in races). Every such write first changes a row this statement
     * also changes (the link it spends, the token it rotates), and PostgreSQL skips a row changed
     * meanwhile: fewer rows written than seen means one raced, and the link sessions are ended again
     * by a later statement, which sees it. No lock, so the sign-in stays one statement.
     */
    async startProvenSession(token: NewRefreshToken & { origin: 'otp' }, now: Date): Promise<void> {
      let raced = await endLinkSessions(token.profileId, now, token);
      // A rotation in flight during the repeat races it in turn; once this commit is seen, link
      // sessions refuse to rotate (rotate), so this ends within a round or two.
      for (let round = 0; raced && round < 5; round += 1) raced = await endLinkSessions(token.profileId, now);
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
