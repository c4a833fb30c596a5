import { inArray, isNotNull, and } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { reportDeliveryAttempts, verificationReports } from '../../db/schema/index.js';

/**
 * The reports of requests that a candidate's erasure or the results purge (ADR 0049) deletes: the
 * PDFs' storage keys (the caller deletes the objects first), then the rows. `scope` is the caller's
 * database transaction when it has one.
 */
export function createReportsErasureRepository(orm: Orm) {
  return {
    async storageKeys(txnIds: readonly string[], scope: DbScope = orm): Promise<string[]> {
      if (txnIds.length === 0) return [];
      const rows = await scope
        .select({ key: verificationReports.storageKey })
        .from(verificationReports)
        .where(
          and(inArray(verificationReports.txnId, [...txnIds]), isNotNull(verificationReports.storageKey)),
        );
      return rows.map((r) => r.key!);
    },
    /** Deletes the rows, with their delivery attempts. */
    async deleteRows(txnIds: readonly string[], scope: DbScope = orm): Promise<void> {
      if (txnIds.length === 0) return;
      await scope.transaction(async (tx) => {
        const mine = tx
          .select({ id: verificationReports.id })
          .from(verificationReports)
          .where(inArray(verificationReports.txnId, [...txnIds]));
        await tx.delete(reportDeliveryAttempts).where(inArray(reportDeliveryAttempts.reportId, mine));
        await tx.delete(verificationReports).where(inArray(verificationReports.txnId, [...txnIds]));
      });
    },
  };
}
