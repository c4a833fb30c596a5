import { eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import {
  contactConsents,
  insufficiencyAnswers,
  insufficiencyRequests,
  transactionAnswers,
  transactions,
  verificationRecords,
} from '../../db/schema/index.js';

/**
 * The transactions module's part of a candidate's erasure (ADR 0049): answers, the verifications' data
 * and insufficiency rounds go; the transaction rows and their states stay (payments and turnaround join
 * them; their search columns follow the profile's placeholder by trigger).
 */
export function createTransactionsErasureRepository(orm: Orm) {
  return {
    async transactionIds(profileId: string): Promise<string[]> {
      const rows = await orm
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.profileId, profileId));
      return rows.map((r) => r.id);
    },
    async eraseCandidate(txnIds: string[]): Promise<void> {
      if (txnIds.length === 0) return;
      await orm.transaction(async (tx) => {
        await tx.delete(transactionAnswers).where(inArray(transactionAnswers.txnId, txnIds));
        const rounds = tx
          .select({ id: insufficiencyRequests.id })
          .from(insufficiencyRequests)
          .where(inArray(insufficiencyRequests.txnId, txnIds));
        await tx.delete(insufficiencyAnswers).where(inArray(insufficiencyAnswers.requestId, rounds));
        await tx.delete(insufficiencyRequests).where(inArray(insufficiencyRequests.txnId, txnIds));
        await tx.delete(contactConsents).where(inArray(contactConsents.txnId, txnIds));
        await tx
          .update(verificationRecords)
          .set({ data: {}, insufficiency: null })
          .where(inArray(verificationRecords.txnId, txnIds));
      });
    },
  };
}
