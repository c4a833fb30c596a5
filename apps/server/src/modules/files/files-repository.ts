import { and, asc, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { files } from '../../db/schema/index.js';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

/** A claimed OCR job. */
export interface OcrJob {
  id: string;
  storageKey: string;
  mimeType: string;
  attempts: number;
}

/** A `running` job whose worker has not finished within this is claimed again (the worker died). */
const LEASE_MS = 10 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createFilesRepository(orm: Orm) {
  return {
    async insert(row: NewFile): Promise<FileRow> {
      const [inserted] = await orm.insert(files).values(row).returning();
      if (!inserted) throw new Error('insert returned nothing');
      return inserted;
    },

    /** The owner's file; null for an unknown id, a malformed one, or another profile's. */
    async findOwned(ownerProfileId: string, id: string): Promise<FileRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await orm
        .select()
        .from(files)
        .where(and(eq(files.id, id), eq(files.ownerProfileId, ownerProfileId)));
      return row ?? null;
    },

    async findById(id: string): Promise<FileRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await orm.select().from(files).where(eq(files.id, id));
      return row ?? null;
    },

    async updateAnalysis(id: string, values: Pick<FileRow, 'state' | 'issues' | 'pageCount'>, now: Date) {
      const [row] = await orm
        .update(files)
        .set({ ...values, updatedAt: now })
        .where(eq(files.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Claims the next due OCR job (pending and due, or running past its lease): one row, locked with
     * SKIP LOCKED so workers on several instances never take the same one.
     */
    async claimOcr(now: Date): Promise<OcrJob | null> {
      return orm.transaction(async (tx) => {
        const [next] = await tx
          .select({ id: files.id })
          .from(files)
          .where(
            or(
              and(eq(files.ocrStatus, 'pending'), lte(files.ocrNextAt, now)),
              and(eq(files.ocrStatus, 'running'), lt(files.ocrLockedAt, new Date(now.getTime() - LEASE_MS))),
            ),
          )
          .orderBy(asc(files.ocrNextAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!next) return null;
        const [row] = await tx
          .update(files)
          .set({ ocrStatus: 'running', ocrAttempts: sql`${files.ocrAttempts} + 1`, ocrLockedAt: now, updatedAt: now })
          .where(eq(files.id, next.id))
          .returning({ id: files.id, storageKey: files.storageKey, mimeType: files.mimeType, attempts: files.ocrAttempts });
        return row ?? null;
      });
    },

    async completeOcr(id: string, text: string, now: Date) {
      await orm
        .update(files)
        .set({ ocrStatus: 'done', ocrText: text, ocrError: null, ocrLockedAt: null, updatedAt: now })
        .where(eq(files.id, id));
    },

    /** Back to pending at `retryAt`, or failed for good when `retryAt` is null. */
    async failOcr(id: string, error: string, retryAt: Date | null, now: Date) {
      await orm
        .update(files)
        .set({
          ocrStatus: retryAt ? 'pending' : 'failed',
          ocrNextAt: retryAt,
          ocrError: error.slice(0, 500),
          ocrLockedAt: null,
          updatedAt: now,
        })
        .where(eq(files.id, id));
    },

    async count(): Promise<number> {
      const [row] = await orm.select({ n: sql<number>`count(*)::int` }).from(files);
      return row?.n ?? 0;
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
