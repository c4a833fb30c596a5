import { inArray, isNotNull, and } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { reportDeliveryAttempts, verificationReports } from '../../db/schema/index.js';

/** The reports module's part of a candidate's erasure (ADR 0049): the reports' PDFs' keys, then rows. */
export function createReportsErasureRepository(orm: Orm) {
  return {
    async storageKeys(txnIds: string[]): Promise<string[]> {
      if (txnIds.length === 0) return [];
      const rows = await orm
        .select({ key: verificationReports.storageKey })
        .from(verificationReports)
        .where(and(inArray(verificationReports.txnId, txnIds), isNotNull(verificationReports.storageKey)));
      return rows.map((r) => r.key!);
    },
    async deleteRows(txnIds: string[]): Promise<void> {
      if (txnIds.length === 0) return;
      await orm.transaction(async (tx) => {
        const mine = tx
          .select({ id: verificationReports.id })
          .from(verificationReports)
          .where(inArray(verificationReports.txnId, txnIds));
        await tx.delete(reportDeliveryAttempts).where(inArray(reportDeliveryAttempts.reportId, mine));
        await tx.delete(verificationReports).where(inArray(verificationReports.txnId, txnIds));
      });
    },
  };
}
