import type { FileUploadResponse } from '@veridocs/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { finishedUploads } from '../../db/schema/index.js';

/** Finished resumable uploads' answers (ADR 0050 "Resumable uploads (tus)"). */
export function createFinishedUploadsRepository(orm: Orm) {
  return {
    /** Keeps the first answer of an upload id: a second finish of the same id changes nothing. */
    async record(row: {
      uploadId: string;
      profileId: string;
      size: number;
      answer: FileUploadResponse;
      at: Date;
    }) {
      await orm
        .insert(finishedUploads)
        .values({
          uploadId: row.uploadId,
          profileId: row.profileId,
          size: row.size,
          answer: row.answer,
          finishedAt: row.at,
        })
        .onConflictDoNothing();
    },
    /** The finished upload `uploadId` of `profileId` (another's is none). */
    async find(uploadId: string, profileId: string) {
      const [row] = await orm
        .select()
        .from(finishedUploads)
        .where(and(eq(finishedUploads.uploadId, uploadId), eq(finishedUploads.profileId, profileId)));
      return row ? { size: row.size, answer: row.answer as unknown as FileUploadResponse } : undefined;
    },
    /** Forgets answers finished before `before`; returns how many. */
    async sweep(before: Date): Promise<number> {
      const gone = await orm
        .delete(finishedUploads)
        .where(lt(finishedUploads.finishedAt, before))
        .returning({ id: finishedUploads.uploadId });
      return gone.length;
    },
  };
}
export type FinishedUploadsRepository = ReturnType<typeof createFinishedUploadsRepository>;
