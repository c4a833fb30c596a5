import { and, eq, isNull } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { credentials, receivedCredentials } from '../../db/schema/index.js';

/**
 * The wallet's part of a candidate's erasure (ADR 0049): every credential revoked in the status list
 * first (a verifier then sees "revoked"), then its content deleted. The row stays as the status list's
 * tombstone (its index and revocation, no attribute, JWT or document), as deleting it would clear its bit.
 */
export function createCredentialsErasureRepository(orm: Orm) {
  return {
    async revokeAll(profileId: string, at: Date): Promise<void> {
      await orm
        .update(credentials)
        .set({ revokedAt: at, revokedReason: 'erased' })
        .where(and(eq(credentials.profileId, profileId), isNull(credentials.revokedAt)));
    },
    async deleteContent(profileId: string): Promise<void> {
      await orm.transaction(async (tx) => {
        await tx
          .update(credentials)
          .set({
            credentialAttributes: {},
            jwt: null,
            documents: [],
            evidence: null,
            verificationName: null,
            txnId: null,
          })
          .where(eq(credentials.profileId, profileId));
        await tx.delete(receivedCredentials).where(eq(receivedCredentials.profileId, profileId));
      });
    },
  };
}
