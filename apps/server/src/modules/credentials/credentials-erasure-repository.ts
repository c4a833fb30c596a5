import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { credentials, receivedCredentials } from '../../db/schema/index.js';

/** What a deleted credential keeps: its status list index and revocation, nothing of its content. */
const NO_CONTENT = {
  credentialAttributes: {},
  jwt: null,
  documents: [],
  evidence: null,
  verificationName: null,
  txnId: null,
};

/**
 * The wallet's deletes of ADR 0049: a candidate's erasure (by profile) and the results purge (by the
 * requests that issued them). Every credential is revoked in the status list first (a verifier then
 * sees "revoked"), then its content deleted. The row stays as the status list's tombstone (its index
 * and revocation, no attribute, JWT or document), as deleting it would clear its bit.
 */
export function createCredentialsErasureRepository(orm: Orm) {
  const revoke = (scope: DbScope, which: SQL, at: Date, reason: string) =>
    scope
      .update(credentials)
      .set({ revokedAt: at, revokedReason: reason })
      .where(and(which, isNull(credentials.revokedAt)));

  return {
    async revokeAll(profileId: string, at: Date): Promise<void> {
      await revoke(orm, eq(credentials.profileId, profileId), at, 'erased');
    },
    async deleteContent(profileId: string): Promise<void> {
      await orm.transaction(async (tx) => {
        await tx.update(credentials).set(NO_CONTENT).where(eq(credentials.profileId, profileId));
        await tx.delete(receivedCredentials).where(eq(receivedCredentials.profileId, profileId));
      });
    },

    /**
     * The results purge's part, in the caller's database transaction: the credentials issued from
     * `txnIds` revoked with `reason` (one already revoked keeps its own), then their content deleted
     * and their link to the request dropped, and they leave every wallet that received them. Answers
     * how many.
     */
    async purgeOfTransactions(
      scope: DbScope,
      txnIds: readonly string[],
      at: Date,
      reason: string,
    ): Promise<number> {
      if (txnIds.length === 0) return 0;
      const issued = inArray(credentials.txnId, [...txnIds]);
      await revoke(scope, issued, at, reason);
      const purged = await scope
        .update(credentials)
        .set(NO_CONTENT)
        .where(issued)
        .returning({ id: credentials.id });
      const ids = purged.map((p) => p.id);
      if (ids.length > 0)
        await scope.delete(receivedCredentials).where(inArray(receivedCredentials.credentialId, ids));
      return ids.length;
    },
  };
}
