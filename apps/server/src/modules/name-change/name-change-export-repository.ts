import type { ExportNameChange } from '@veridocs/shared';
import { asc, eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { nameChangeRequests } from '../../db/schema/index.js';

/** The name-change module's part of a candidate's data export (ADR 0049 "Export"): their requests. */
export function createNameChangeExportRepository(orm: Orm) {
  return {
    async nameChanges(profileId: string): Promise<ExportNameChange[]> {
      const rows = await orm
        .select()
        .from(nameChangeRequests)
        .where(eq(nameChangeRequests.profileId, profileId))
        .orderBy(asc(nameChangeRequests.createdAt), asc(nameChangeRequests.id));
      return rows.map((r) => ({
        id: r.id,
        txnId: r.txnId,
        verificationName: r.verificationName,
        documentFileIds: r.documentList.map((d) => d.fileId),
        state: r.state,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
