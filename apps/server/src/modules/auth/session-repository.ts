import { and, eq, isNull } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert;

function lockedOps(tx: Orm) {
  return {
    async findByHashForUpdate(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
      return row;
    },
    async insert(token: NewRefreshToken): Promise<void> {
      await tx.insert(refreshTokens).values(token);
    },
    async markRotated(id: string, replacedBy: string, now: Date): Promise<void> {
      await tx.update(refreshTokens).set({ revokedAt: now, replacedBy }).where(eq(refreshTokens.id, id));
    },
    revokeFamily: (familyId: string, now: Date) => revokeFamily(tx, familyId, now),
  };
}
export type SessionLockedOps = ReturnType<typeof lockedOps>;

async function revokeFamily(orm: Orm, familyId: string, now: Date): Promise<void> {
  await orm
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export function createSessionRepository(orm: Orm) {
  return {
    transaction<T>(fn: (ops: SessionLockedOps) => Promise<T>): Promise<T> {
      return orm.transaction((tx) => fn(lockedOps(tx as unknown as Orm)));
    },
    async insert(token: NewRefreshToken): Promise<void> {
      await orm.insert(refreshTokens).values(token);
    },
    async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await orm.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },
    revokeFamily: (familyId: string, now: Date) => revokeFamily(orm, familyId, now),
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
