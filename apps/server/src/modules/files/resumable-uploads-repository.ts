import type { FileUploadResponse } from '@veridocs/shared';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { resumableUploadLocks, resumableUploads } from '../../db/schema/index.js';

/** Resumable uploads by owner, and finished ones' answers (ADR 0050 "Resumable uploads (tus)"). */
export function createResumableUploadsRepository(orm: Orm) {
  return {
    async created(row: { uploadId: string; profileId: string; size: number; at: Date }): Promise<void> {
      await orm
        .insert(resumableUploads)
        .values({ uploadId: row.uploadId, profileId: row.profileId, size: row.size, createdAt: row.at })
        .onConflictDoNothing();
    },
    /** Keeps the first answer of an upload: a second finish of the same id changes nothing. */
    async finished(row: {
      uploadId: string;
      profileId: string;
      size: number;
      answer: FileUploadResponse;
      at: Date;
    }): Promise<void> {
      const answer = row.answer as unknown as Record<string, unknown>;
      await orm
        .insert(resumableUploads)
        .values({ ...row, createdAt: row.at, finishedAt: row.at, answer })
        .onConflictDoUpdate({
          target: resumableUploads.uploadId,
          set: { finishedAt: row.at, answer },
          setWhere: sql`${resumableUploads.finishedAt} is null`,
        });
    },
    /** The finished upload `uploadId` of `profileId` (another's is none). */
    async finishedAnswer(uploadId: string, profileId: string) {
      const [row] = await orm
        .select({ size: resumableUploads.size, answer: resumableUploads.answer })
        .from(resumableUploads)
        .where(
          and(
            eq(resumableUploads.uploadId, uploadId),
            eq(resumableUploads.profileId, profileId),
            isNotNull(resumableUploads.finishedAt),
          ),
        );
      return row?.answer
        ? { size: row.size, answer: row.answer as unknown as FileUploadResponse }
        : undefined;
    },
    /** Forgets uploads made or finished before `before` (partial ones' bytes expire with them). */
    async sweep(before: Date): Promise<number> {
      const gone = await orm
        .delete(resumableUploads)
        .where(lt(sql`coalesce(${resumableUploads.finishedAt}, ${resumableUploads.createdAt})`, before))
        .returning({ id: resumableUploads.uploadId });
      return gone.length;
    },

    /** Takes the upload's lock for `holder` unless another holds a lease that has not ended. */
    async tryLock(uploadId: string, holder: string, leaseMs: number): Promise<boolean> {
      const until = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
      const rows = await orm
        .insert(resumableUploadLocks)
        .values({ uploadId, holder, until })
        .onConflictDoUpdate({
          target: resumableUploadLocks.uploadId,
          set: { holder, until },
          setWhere: sql`${resumableUploadLocks.until} < now()`,
        })
        .returning({ holder: resumableUploadLocks.holder });
      return rows.length > 0;
    },
    /** Extends `holder`'s lease; false when it lost the lock (its lease ended and another took it). */
    async renewLock(uploadId: string, holder: string, leaseMs: number): Promise<boolean> {
      const rows = await orm
        .update(resumableUploadLocks)
        .set({ until: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
        .where(and(eq(resumableUploadLocks.uploadId, uploadId), eq(resumableUploadLocks.holder, holder)))
        .returning({ holder: resumableUploadLocks.holder });
      return rows.length > 0;
    },
    async unlock(uploadId: string, holder: string): Promise<void> {
      await orm
        .delete(resumableUploadLocks)
        .where(and(eq(resumableUploadLocks.uploadId, uploadId), eq(resumableUploadLocks.holder, holder)));
    },
    /** Tells every instance that a request waits for this upload's lock. */
    async askRelease(channel: string, uploadId: string): Promise<void> {
      await orm.execute(sql`select pg_notify(${channel}, ${uploadId})`);
    },
  };
}
export type ResumableUploadsRepository = ReturnType<typeof createResumableUploadsRepository>;
