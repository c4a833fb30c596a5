import type { UploadState } from '@veridocs/shared';
import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import type { OcrStatus } from '../../db/schema/files.js';
import { files } from '../../db/schema/index.js';
import { isUuid } from '../../lib/ids.js';
import { qualityOf, verdictWithName, type NameCheckOutcome } from './name-check.js';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

/** A claimed OCR job. */
export interface OcrJob {
  id: string;
  storageKey: string;
  mimeType: string;
  attempts: number;
}

/** What finishing an OCR job did to the file's verdict: null when it had no name check waiting for it. */
export type OcrSettled = { state: UploadState; name: NameCheckOutcome } | null;

class AttachRefused extends Error {}

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** A `running` job whose worker has not finished within this is claimed again (the worker died). */
const LEASE_MS = 10 * 60_000;

export function createFilesRepository(orm: Orm) {
  return {
    async insert(row: NewFile): Promise<FileRow> {
      const [inserted] = await orm.insert(files).values(row).returning();
      if (!inserted) throw new Error('insert returned nothing');
      return inserted;
    },

    /** The owner's file; null for an unknown id, a malformed one, or another profile's. */
    async findOwned(ownerProfileId: string, id: string): Promise<FileRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await orm
        .select()
        .from(files)
        .where(and(eq(files.id, id), eq(files.ownerProfileId, ownerProfileId)));
      return row ?? null;
    },

    /** The owner's files among `ids` (unknown, malformed and other profiles' ids are simply absent). */
    async findOwnedMany(ownerProfileId: string, ids: readonly string[]): Promise<FileRow[]> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      return orm
        .select()
        .from(files)
        .where(and(inArray(files.id, valid), eq(files.ownerProfileId, ownerProfileId)));
    },

    /**
     * Links the owner's files to a transaction, all or none: each must be unlinked or already this
     * transaction's. Returns the ids this call linked, or null when one could not be. Inside `within`
     * (the database transaction that writes the record using them) the links commit or roll back with
     * that write, and the caller must abort it on null; alone, it runs its own transaction.
     */
    async attach(
      ownerProfileId: string,
      txnId: string,
      ids: readonly string[],
      within?: DbScope,
    ): Promise<string[] | null> {
      if (ids.length === 0) return [];
      // One statement (issue 31 §4). The files are locked first: a file another write is linking waits
      // for its commit and is then judged as that commit left it (PostgreSQL re-reads a locked row), so
      // one just linked to this transaction counts as this transaction's, not refused. The files
      // already this transaction's plus those linked now are all of `ids` or the call is refused.
      const link = async (tx: DbScope) => {
        const idList = sql.join(
          [...new Set(ids)].map((id) => sql`${id}`),
          sql`, `,
        );
        const owned = sql`${files.id} in (${idList}) and ${files.ownerProfileId} = ${ownerProfileId}`;
        const result = (await tx.execute(sql`with locked as (
            select ${files.id} as id, ${files.txnId} as txn_id from ${files} where ${owned} for update),
          linked as (
            update ${files} set txn_id = ${txnId} from locked
            where ${files.id} = locked.id and locked.txn_id is null
            returning ${files.id} as id)
          select coalesce((select array_agg(id) from linked), '{}') as linked,
            (select count(*)::int from linked)
              + (select count(*)::int from locked where txn_id = ${txnId}) as n`)) as {
          rows: { linked: string[]; n: number }[];
        };
        const [row] = result.rows;
        // A file taken by another transaction meanwhile: the caller's rollback undoes this call's links.
        if (Number(row?.n ?? 0) !== new Set(ids).size) throw new AttachRefused();
        return row?.linked ?? [];
      };
      if (within) {
        return link(within).catch((error: unknown) => {
          if (error instanceof AttachRefused) return null;
          throw error;
        });
      }
      return orm
        .transaction((tx) => link(tx as unknown as DbScope))
        .catch((error: unknown) => {
          if (error instanceof AttachRefused) return null;
          throw error;
        });
    },

    /**
     * Unlinks the candidate's files among `ids` from `txnId` (a deleted verification's uploads): they
     * stay the candidate's, usable again, and no longer part of the transaction. Returns the ids unlinked.
     */
    async release(
      ownerProfileId: string,
      txnId: string,
      ids: readonly string[],
      within: DbScope,
    ): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await within
        .update(files)
        .set({ txnId: null })
        .where(
          and(inArray(files.id, [...ids]), eq(files.ownerProfileId, ownerProfileId), eq(files.txnId, txnId)),
        )
        .returning({ id: files.id });
      return rows.map((r) => r.id);
    },

    async findById(id: string): Promise<FileRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await orm.select().from(files).where(eq(files.id, id));
      return row ?? null;
    },

    /**
     * Records a fresh verdict (detect-document-issues). With `nameByOcr` (the expected name, when it can only
     * be read by OCR) the name check is finished from the row's OCR state, read under a row lock in the same
     * transaction as the update, so a job finishing meanwhile is never overwritten by a stale PROCESSING.
     */
    async updateAnalysis(
      id: string,
      values: Pick<FileRow, 'state' | 'issues' | 'pageCount'>,
      now: Date,
      nameByOcr?: string,
    ): Promise<FileRow | null> {
      if (!nameByOcr) {
        const [row] = await orm
          .update(files)
          .set({ ...values, updatedAt: now })
          .where(eq(files.id, id))
          .returning();
        return row ?? null;
      }
      return orm.transaction(async (tx) => {
        const [current] = await tx
          .select({ ocrStatus: files.ocrStatus, ocrText: files.ocrText })
          .from(files)
          .where(eq(files.id, id))
          .for('update');
        if (!current) return null;
        const verdict = verdictWithName(values, nameByOcr, {
          status: current.ocrStatus,
          text: current.ocrText,
        });
        const [row] = await tx
          .update(files)
          .set({ state: verdict.state, issues: verdict.issues, pageCount: values.pageCount, updatedAt: now })
          .where(eq(files.id, id))
          .returning();
        return row ?? null;
      });
    },

    /**
     * Claims the next due OCR job (pending and due, or running past its lease): one row, locked with
     * SKIP LOCKED so workers on several instances never take the same one. Files whose verdict waits for
     * their text (state PROCESSING: a candidate is polling) go before the background ones.
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
          .orderBy(desc(sql`${files.state} = 'PROCESSING'`), asc(files.ocrNextAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!next) return null;
        const [row] = await tx
          .update(files)
          .set({
            ocrStatus: 'running',
            ocrAttempts: sql`${files.ocrAttempts} + 1`,
            ocrLockedAt: now,
            updatedAt: now,
          })
          .where(eq(files.id, next.id))
          .returning({
            id: files.id,
            storageKey: files.storageKey,
            mimeType: files.mimeType,
            attempts: files.ocrAttempts,
          });
        return row ?? null;
      });
    },

    /** Stores the text; a file whose verdict waited for it gets its name check, in the same statement. */
    async completeOcr(id: string, text: string, now: Date): Promise<OcrSettled> {
      return orm.transaction((tx) =>
        finishOcr(tx, id, {
          ocrStatus: 'done',
          ocrText: text,
          ocrError: null,
          ocrLockedAt: null,
          updatedAt: now,
        }),
      );
    },

    /**
     * Back to pending at `retryAt`, or failed for good when `retryAt` is null: then a file whose verdict
     * waited for its text gets the quality verdict alone (its name could not be checked).
     */
    async failOcr(id: string, error: string, retryAt: Date | null, now: Date): Promise<OcrSettled> {
      const values = {
        ocrStatus: retryAt ? ('pending' as const) : ('failed' as const),
        ocrNextAt: retryAt,
        ocrError: error.slice(0, 500),
        ocrLockedAt: null,
        updatedAt: now,
      };
      if (retryAt) {
        await orm.update(files).set(values).where(eq(files.id, id));
        return null;
      }
      return orm.transaction((tx) => finishOcr(tx, id, values));
    },

    /** Which of these storage keys a row names (the orphan sweep keeps those, whatever their age). */
    async recordedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await orm
        .select({ key: files.storageKey })
        .from(files)
        .where(inArray(files.storageKey, keys));
      return new Set(rows.map((r) => r.key));
    },

    async count(): Promise<number> {
      const [row] = await orm.select({ n: sql<number>`count(*)::int` }).from(files);
      return row?.n ?? 0;
    },

    /**
     * The retention purge (ADR 0049): up to `limit` files of these transactions, claimed with SKIP LOCKED;
     * each object is removed from storage (`removeObject`) before the rows go, in the claim's database
     * transaction, so a crash leaves rows whose objects may be gone (the next run finishes them), never
     * an object without its row. Answers the rows deleted and the objects removed.
     */
    async purgeOfTransactions(
      txnIds: readonly string[],
      limit: number,
      removeObject: (key: string) => Promise<void>,
    ): Promise<{ rows: number; objects: number }> {
      if (txnIds.length === 0) return { rows: 0, objects: 0 };
      return orm.transaction(async (tx) => {
        const doomed = await tx
          .select({ id: files.id, storageKey: files.storageKey })
          .from(files)
          .where(inArray(files.txnId, [...txnIds]))
          .orderBy(asc(files.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (doomed.length === 0) return { rows: 0, objects: 0 };
        for (const file of doomed) await removeObject(file.storageKey);
        const gone = await tx
          .delete(files)
          .where(
            inArray(
              files.id,
              doomed.map((d) => d.id),
            ),
          )
          .returning({ id: files.id });
        return { rows: gone.length, objects: doomed.length };
      });
    },
    /**
     * Removes the files `ids` (another module's retention names them, e.g. pulled documents): each
     * object from storage, then the rows, in one transaction; ids already gone are skipped. On return no
     * id of `ids` has a row any more.
     */
    async purgeByIds(
      ids: readonly string[],
      removeObject: (key: string) => Promise<void>,
    ): Promise<{ rows: number; objects: number }> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return { rows: 0, objects: 0 };
      return orm.transaction(async (tx) => {
        const doomed = await tx
          .select({ id: files.id, storageKey: files.storageKey })
          .from(files)
          .where(inArray(files.id, valid))
          // Waits for a row another transaction holds (not SKIP LOCKED): the caller then unlinks every id
          // from its own rows, so a skipped file would stay in storage with nothing pointing at it.
          .for('update');
        for (const file of doomed) await removeObject(file.storageKey);
        if (doomed.length === 0) return { rows: 0, objects: 0 };
        const gone = await tx
          .delete(files)
          .where(
            inArray(
              files.id,
              doomed.map((d) => d.id),
            ),
          )
          .returning({ id: files.id });
        return { rows: gone.length, objects: doomed.length };
      });
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;

/**
 * Ends an OCR job: locks the row, and when its verdict is waiting for the text (PROCESSING with an expected
 * name) writes the verdict with the OCR result in one UPDATE.
 */
async function finishOcr(
  tx: Tx,
  id: string,
  values: Partial<FileRow> & { ocrStatus: OcrStatus; updatedAt: Date },
): Promise<OcrSettled> {
  const [row] = await tx
    .select({
      state: files.state,
      issues: files.issues,
      expectName: files.expectName,
      ocrText: files.ocrText,
    })
    .from(files)
    .where(eq(files.id, id))
    .for('update');
  if (!row) return null;
  let settled: OcrSettled = null;
  let verdict: Pick<FileRow, 'state' | 'issues'> | undefined;
  if (row.state === 'PROCESSING' && row.expectName) {
    const text = values.ocrStatus === 'done' ? (values.ocrText ?? '') : row.ocrText;
    const result = verdictWithName(qualityOf(row.issues), row.expectName, { status: values.ocrStatus, text });
    verdict = { state: result.state, issues: result.issues };
    settled = { state: result.state, name: result.name };
  }
  await tx
    .update(files)
    .set({ ...values, ...verdict })
    .where(eq(files.id, id));
  return settled;
}
