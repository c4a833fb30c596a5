import type { ExportDocument } from '@veridocs/shared';
import { asc, eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { files } from '../../db/schema/index.js';

/** A document as the export reads it: its record, and where its bytes are in the store. */
export type StoredExportDocument = Omit<ExportDocument, 'path'> & { storageKey: string };

/**
 * The files module's part of a candidate's data export (ADR 0049 "Export"): every file they own (their
 * uploads and the issuers' copies pulled for them), oldest first, with its storage key for the bytes.
 */
export function createFilesExportRepository(orm: Orm) {
  return {
    async documents(profileId: string): Promise<StoredExportDocument[]> {
      const rows = await orm
        .select()
        .from(files)
        .where(eq(files.ownerProfileId, profileId))
        .orderBy(asc(files.createdAt), asc(files.id));
      return rows.map((f) => ({
        id: f.id,
        name: f.originalName,
        mimeType: f.mimeType,
        size: f.size,
        sha256: f.sha256,
        state: f.state,
        issues: f.issues,
        pageCount: f.pageCount,
        txnId: f.txnId,
        category: f.fileCategory,
        uploadedAt: f.createdAt.toISOString(),
        storageKey: f.storageKey,
      }));
    },
  };
}
