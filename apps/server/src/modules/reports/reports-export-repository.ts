import type { ExportReport } from '@veridocs/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { verificationReports } from '../../db/schema/index.js';

/** A report as the export reads it: its record, and where its PDF is in the store (if made yet). */
export type StoredExportReport = Omit<ExportReport, 'path'> & { storageKey: string | null };

/** The reports module's part of a candidate's data export (ADR 0049 "Export"): their requests' reports. */
export function createReportsExportRepository(orm: Orm) {
  return {
    async reports(txnIds: string[]): Promise<StoredExportReport[]> {
      if (txnIds.length === 0) return [];
      const rows = await orm
        .select()
        .from(verificationReports)
        .where(inArray(verificationReports.txnId, txnIds))
        .orderBy(asc(verificationReports.createdAt), asc(verificationReports.id));
      return rows.map((r) => ({
        txnId: r.txnId,
        code: r.code,
        status: r.status,
        generatedAt: r.generatedAt?.toISOString() ?? null,
        sentAt: r.sentAt?.toISOString() ?? null,
        storageKey: r.storageKey,
      }));
    },
  };
}
