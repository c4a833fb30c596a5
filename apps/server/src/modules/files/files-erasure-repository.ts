import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { files, resumableUploads } from '../../db/schema/index.js';

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
    /** The candidate's resumable uploads (partial ones hold their bytes in the tus store). */
    async resumableUploadIds(profileId: string): Promise<string[]> {
      const rows = await orm
        .select({ id: resumableUploads.uploadId })
        .from(resumableUploads)
        .where(eq(resumableUploads.profileId, profileId));
      return rows.map((r) => r.id);
    },
    async deleteRows(profileId: string): Promise<void> {
      await orm.delete(files).where(eq(files.ownerProfileId, profileId));
      await orm.delete(resumableUploads).where(eq(resumableUploads.profileId, profileId));
    },
  };
}
