import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { files, finishedUploads } from '../../db/schema/index.js';

/** The files module's part of a candidate's erasure (ADR 0049): their uploads' keys, then the rows. */
export function createFilesErasureRepository(orm: Orm) {
  return {
    async storageKeys(profileId: string): Promise<string[]> {
      const rows = await orm
        .select({ key: files.storageKey })
        .from(files)
        .where(eq(files.ownerProfileId, profileId));
      return rows.map((r) => r.key);
    },
    async deleteRows(profileId: string): Promise<void> {
      await orm.delete(files).where(eq(files.ownerProfileId, profileId));
      await orm.delete(finishedUploads).where(eq(finishedUploads.profileId, profileId));
    },
  };
}
