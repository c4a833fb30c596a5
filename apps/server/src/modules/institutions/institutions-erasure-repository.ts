import { inArray } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { institutionAnswers, institutionRequests } from '../../db/schema/index.js';

/**
 * The institutions module's part of a candidate's erasure and of the results purge (ADR 0049): the
 * requests keep their timing (the institutions' turnaround) but lose the claims and the consent's copy;
 * the answers go. `scope` is the caller's database transaction when it has one.
 */
export function createInstitutionsErasureRepository(orm: Orm) {
  return {
    async eraseCandidate(txnIds: readonly string[], scope: DbScope = orm): Promise<void> {
      if (txnIds.length === 0) return;
      const ids = [...txnIds];
      await scope.transaction(async (tx) => {
        await tx.delete(institutionAnswers).where(inArray(institutionAnswers.txnId, ids));
        await tx
          .update(institutionRequests)
          .set({ claims: [], consent: { givenAt: '', text: '' } })
          .where(inArray(institutionRequests.txnId, ids));
      });
    },
  };
}
