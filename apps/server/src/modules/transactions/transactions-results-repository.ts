import { asc, eq, inArray, isNull, and, notExists } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  contactConsents,
  insufficiencyAnswers,
  insufficiencyRequests,
  legalHolds,
  transactionAnswers,
  transactions,
  verificationRecords,
} from '../../db/schema/index.js';
import { closedBeforeCondition } from './transactions-repository.js';

/**
 * A request's results as the transactions module keeps them (ADR 0049): answers, the verifications'
 * data and insufficiency rounds. A candidate's erasure deletes them; the retention purge deletes them
 * `RETENTION_RESULTS_DAYS` after the request closes and marks the request (`results_purged_at`). The
 * transaction rows and their states stay (payments and turnaround join them; their search columns
 * follow the profile's placeholder by trigger).
 */
export function createTransactionResultsRepository(orm: Orm) {
  async function deleteResults(scope: DbScope, txnIds: readonly string[]): Promise<void> {
    const ids = [...txnIds];
    await scope.delete(transactionAnswers).where(inArray(transactionAnswers.txnId, ids));
    const rounds = scope
      .select({ id: insufficiencyRequests.id })
      .from(insufficiencyRequests)
      .where(inArray(insufficiencyRequests.txnId, ids));
    await scope.delete(insufficiencyAnswers).where(inArray(insufficiencyAnswers.requestId, rounds));
    await scope.delete(insufficiencyRequests).where(inArray(insufficiencyRequests.txnId, ids));
    await scope.delete(contactConsents).where(inArray(contactConsents.txnId, ids));
    await scope
      .update(verificationRecords)
      .set({ data: {}, insufficiency: null })
      .where(inArray(verificationRecords.txnId, ids));
  }

  return {
    async transactionIds(profileId: string): Promise<string[]> {
      const rows = await orm
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.profileId, profileId));
      return rows.map((r) => r.id);
    },

    /** The erasure's step: every result of the candidate's requests, in one database transaction. */
    async eraseCandidate(txnIds: string[]): Promise<void> {
      if (txnIds.length === 0) return;
      await orm.transaction((tx) => deleteResults(tx, txnIds));
    },

    /**
     * One batch of the results purge, in one database transaction: claims up to `limit` requests closed
     * before `cutoff` whose results are still kept and whose candidate has no legal hold (in id order,
     * SKIP LOCKED), lets `others` delete what
     * the other modules keep of them in the same transaction (stored objects before rows: a failure
     * rolls every row back for the next run), deletes their answers and verification data, and marks
     * them `results_purged_at`. Answers the ids purged: fewer than `limit` means none is left.
     */
    purgeClosedBefore(
      cutoff: Date,
      limit: number,
      at: Date,
      others: (scope: DbScope, txnIds: string[]) => Promise<void>,
    ): Promise<string[]> {
      return orm.transaction(async (tx) => {
        const due = await tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(
            and(
              isNull(transactions.resultsPurgedAt),
              closedBeforeCondition(cutoff),
              // A legal hold (a claim on the report, ADR 0049) keeps the candidate's results past it.
              notExists(
                tx
                  .select({ one: legalHolds.profileId })
                  .from(legalHolds)
                  .where(eq(legalHolds.profileId, transactions.profileId)),
              ),
            ),
          )
          .orderBy(asc(transactions.id))
          .limit(limit)
          // Not a key update: rows that reference the request (disclosures, notifications) still insert.
          .for('no key update', { skipLocked: true });
        const txnIds = due.map((d) => d.id);
        if (txnIds.length === 0) return [];
        await others(tx, txnIds);
        await deleteResults(tx, txnIds);
        // updated_at stays: it is part of the close, which the other classes count from.
        await tx.update(transactions).set({ resultsPurgedAt: at }).where(inArray(transactions.id, txnIds));
        return txnIds;
      });
    },
  };
}
export type TransactionResultsRepository = ReturnType<typeof createTransactionResultsRepository>;
