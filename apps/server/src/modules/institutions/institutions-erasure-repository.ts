import { inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { institutionAnswers, institutionRequests } from '../../db/schema/index.js';

/**
 * The institutions module's part of a candidate's erasure (ADR 0049): the requests keep their timing
 * (the institutions' turnaround) but lose the claims and the consent's copy; the answers go.
 */
export function createInstitutionsErasureRepository(orm: Orm) {
  return {
    async eraseCandidate(txnIds: string[]): Promise<void> {
      if (txnIds.length === 0) return;
      await orm.transaction(async (tx) => {
        await tx.delete(institutionAnswers).where(inArray(institutionAnswers.txnId, txnIds));
        await tx
          .update(institutionRequests)
          .set({ claims: [], consent: { givenAt: '', text: '' } })
          .where(inArray(institutionRequests.txnId, txnIds));
      });
    },
  };
}
