import { and, eq, isNull } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { sandboxDigilockerGrants } from '../../db/schema/index.js';

export type SandboxGrantRow = typeof sandboxDigilockerGrants.$inferSelect;

/**
 * The DigiLocker sandbox's own books (its authorisation codes and the tokens they become, each kept
 * only as a SHA-256 hash). It is "another company": it reads and writes only its own table.
 */
export function createDigiLockerSandboxRepository(orm: Orm) {
  return {
    async createGrant(row: {
      accountId: string;
      codeHash: string;
      codeChallenge: string;
      redirectUri: string;
      codeExpiresAt: Date;
      createdAt: Date;
    }): Promise<void> {
      await orm.insert(sandboxDigilockerGrants).values(row);
    },

    /**
     * Marks the code used, once: the row when this call used it, undefined when no unused code has
     * that hash (then `byCode` tells an unknown code from a used one).
     */
    async useCode(codeHash: string, at: Date): Promise<SandboxGrantRow | undefined> {
      const [row] = await orm
        .update(sandboxDigilockerGrants)
        .set({ codeUsedAt: at })
        .where(
          and(eq(sandboxDigilockerGrants.codeHash, codeHash), isNull(sandboxDigilockerGrants.codeUsedAt)),
        )
        .returning();
      return row;
    },

    async byCode(codeHash: string): Promise<SandboxGrantRow | undefined> {
      const [row] = await orm
        .select()
        .from(sandboxDigilockerGrants)
        .where(eq(sandboxDigilockerGrants.codeHash, codeHash));
      return row;
    },

    async byToken(tokenHash: string): Promise<SandboxGrantRow | undefined> {
      const [row] = await orm
        .select()
        .from(sandboxDigilockerGrants)
        .where(eq(sandboxDigilockerGrants.tokenHash, tokenHash));
      return row;
    },

    async issueToken(id: string, tokenHash: string, tokenExpiresAt: Date): Promise<void> {
      await orm
        .update(sandboxDigilockerGrants)
        .set({ tokenHash, tokenExpiresAt })
        .where(eq(sandboxDigilockerGrants.id, id));
    },

    /** Revokes the grant (its token, and its code if still unused); revoking twice changes nothing. */
    async revoke(id: string, at: Date): Promise<void> {
      await orm
        .update(sandboxDigilockerGrants)
        .set({ revokedAt: at })
        .where(and(eq(sandboxDigilockerGrants.id, id), isNull(sandboxDigilockerGrants.revokedAt)));
    },
  };
}

export type DigiLockerSandboxRepository = ReturnType<typeof createDigiLockerSandboxRepository>;
