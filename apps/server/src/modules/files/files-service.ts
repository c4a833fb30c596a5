import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  API_PATHS,
  FILE_LIMITS,
  FILE_TEXT,
  SERVICE_BASES,
  type DetectIssuesResponse,
  type FileFromUrlRequest,
  type FileUploadResponse,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import { AppError, isAppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import type { Clock } from '../../lib/clock.js';
import { newStorageKey, type Storage } from '../../storage/index.js';
import { mergePdfFiles } from '../documents/analysis/merge-pdfs.js';
import type { AnalysableMime, AnalysisResult, DocumentAnalyser } from './analyser.js';
import type { FileRow, FilesRepository } from './files-repository.js';
import { nameNeedsOcr, verdictWithName } from './name-check.js';
import type { LinkSigner } from './signed-links.js';
import { guardUpload, sanitiseName, shownName, type GuardResult } from './upload-guard.js';
import type { UploadLimiter } from './upload-limits.js';
import { fetchUpload, type FetchOptions } from './url-fetch.js';

/** Stored bytes not yet recorded: the route either completes them or discards them. */
export interface Received extends GuardResult {
  key: string;
  /** As stored: the detected type's extension (ADR 0009). */
  name: string;
  /** As the candidate picked it (cleaned), for messages about it. */
  shownName: string;
}

export interface UploadFields {
  folderName?: string | undefined;
  fileCategory?: string | undefined;
  expectName?: string | undefined;
}

export interface FileContent {
  body: Readable;
  mimeType: string;
  name: string;
  size: number;
}

const notFound = () => new AppError('FILE_NOT_FOUND');

/** How a part of a merge is named in messages: "File 2 (sem2.pdf)". */
export function mergePartName(index: number, name: string): string {
  return `File ${index + 1} (${name})`;
}

/** A file as saved form data shows it: its description and the verdict of the files table. */
export type AttachedFile = Pick<
  FileUploadResponse,
  'fileId' | 'fileUrl' | 'name' | 'mimeType' | 'size' | 'state' | 'issues'
>;

/** One of the candidate's files named in a save: whether another transaction already holds it. */
export interface FileForTransaction {
  file: AttachedFile;
  otherTransaction: boolean;
  /** Linked to this transaction already. */
  linked: boolean;
}

function contentPath(id: string): string {
  return `${SERVICE_BASES.utility}${API_PATHS.files.content(id)}`;
}

function toResponse(row: FileRow): FileUploadResponse {
  return {
    fileId: row.id,
    fileUrl: contentPath(row.id),
    name: row.originalName,
    mimeType: row.mimeType,
    size: row.size,
    sha256: row.sha256,
    folderName: row.folderName,
    fileCategory: row.fileCategory,
    state: row.state,
    issues: row.issues,
    pageCount: row.pageCount,
    ocrText: row.ocrStatus === 'done' ? row.ocrText : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAttached(row: FileRow): AttachedFile {
  const { fileId, fileUrl, name, mimeType, size, state, issues } = toResponse(row);
  return { fileId, fileUrl, name, mimeType, size, state, issues };
}

export function createFilesService(deps: {
  repo: FilesRepository;
  storage: Storage;
  analyser: DocumentAnalyser;
  links: LinkSigner;
  now: Clock;
  fetch: FetchOptions;
  log: FastifyBaseLogger;
  limiter: UploadLimiter;
  /** Called after a file was queued for OCR (wakes the job loop). */
  onQueued?: () => void;
}) {
  const { repo, storage, analyser, links, now, log } = deps;

  async function analyse(
    key: string,
    mimeType: AnalysableMime,
    expectName?: string,
  ): Promise<AnalysisResult> {
    try {
      return await storage.withLocalFile(key, (path) =>
        analyser.analyseDocument({ path, mimeType, ...(expectName ? { expectName } : {}) }),
      );
    } catch (error) {
      if (isAppError(error)) throw error;
      // A check that crashed (a hostile file beyond what it guards against) is an unusable file, not a 500.
      log.warn({ err: error }, 'document analysis failed');
      return { state: 'ERROR', issues: [], pageCount: null };
    }
  }

  const service = {
    /** Refuses (429 with retryAfter) a candidate past the upload limits, before any byte is read. */
    admit: (ownerProfileId: string, declaredBytes?: number) =>
      deps.limiter.admit(ownerProfileId, declaredBytes),
    /** Counts received bytes against the candidate's hourly budget. */
    charge: (ownerProfileId: string, bytes: number) => deps.limiter.charge(ownerProfileId, bytes),

    /** Streams one upload into storage under a new random key, refusing it by size and type on the way. */
    async receive(
      source: AsyncIterable<Buffer>,
      rawName: string | undefined,
      limits?: { minBytes: number; maxBytes: number },
    ): Promise<Received> {
      const key = newStorageKey();
      const guard = guardUpload(source, limits);
      await storage.put(key, guard.stream);
      const result = guard.result();
      const name = sanitiseName(rawName, result.mimeType);
      return { ...result, key, name, shownName: shownName(rawName) || name };
    },

    async discard(received: Received): Promise<void> {
      await storage
        .delete(received.key)
        .catch((error: unknown) => log.warn({ err: error }, 'could not delete an upload'));
    },

    /**
     * Runs the checks and records the file; an unusable file is deleted and refused (134 with the issues).
     * With `expectName` and a document whose text only OCR can read (an image, a PDF without a text layer),
     * the answer is PROCESSING with the quality issues so far: the OCR job, woken now, finishes the verdict.
     */
    async complete(
      ownerProfileId: string,
      received: Received,
      fields: UploadFields,
    ): Promise<FileUploadResponse> {
      try {
        const expectName = fields.expectName || undefined;
        const analysis = await analyse(received.key, received.mimeType, expectName);
        if (analysis.state === 'ERROR') {
          throw new AppError('FILE_UNUSABLE', analysis.issues[0]?.message ?? undefined, {
            state: 'ERROR',
            issues: analysis.issues,
          });
        }
        const verdict =
          expectName && nameNeedsOcr(received.mimeType, analysis.issues)
            ? verdictWithName(
                analysis,
                expectName,
                // No OCR job runs for a PDF whose layers are its OCR text: its name is checked now.
                analysis.ocrText === undefined
                  ? { status: 'pending', text: null }
                  : { status: 'done', text: analysis.ocrText },
              )
            : analysis;
        const at = now();
        // A PDF whose pages OCR would read all carry a text layer: the checks read that text already, and
        // the OCR job would only read it again (a second pdf.js pass and its queue round trips).
        const ocr =
          analysis.ocrText === undefined
            ? { ocrStatus: 'pending' as const, ocrNextAt: at }
            : { ocrStatus: 'done' as const, ocrText: analysis.ocrText };
        const row = await repo.insert({
          ownerProfileId,
          storageKey: received.key,
          originalName: received.name,
          mimeType: received.mimeType,
          size: received.bytes,
          sha256: received.sha256,
          folderName: fields.folderName ?? null,
          fileCategory: fields.fileCategory ?? null,
          expectName: expectName ?? null,
          state: verdict.state,
          issues: verdict.issues,
          pageCount: analysis.pageCount,
          ...ocr,
          createdAt: at,
          updatedAt: at,
        });
        if (ocr.ocrStatus === 'pending') deps.onQueued?.();
        return toResponse(row);
      } catch (error) {
        await service.discard(received);
        throw error;
      }
    },

    /**
     * All semesters' marksheets as one PDF (issue 12): each received part must be a PDF by its content
     * and pass the document checks like any upload (an unusable one is refused naming the part, and
     * nothing is stored); then the parts are merged in order with pdf-lib and the result is stored and
     * checked as one upload. The parts' bytes are always deleted; only the merged file remains.
     */
    async merge(
      ownerProfileId: string,
      parts: Received[],
      fields: UploadFields,
    ): Promise<FileUploadResponse> {
      try {
        if (parts.length === 0) throw new AppError('FILE_MISSING');
        const total = parts.reduce((sum, p) => sum + p.bytes, 0);
        if (total > FILE_LIMITS.maxBytes)
          throw new AppError(
            'FILE_TOO_LARGE',
            'The merged PDF would be larger than 25 MB: upload fewer or smaller files',
          );
        for (const [index, part] of parts.entries()) {
          const which = mergePartName(index, part.shownName);
          if (part.mimeType !== 'application/pdf')
            throw new AppError('FILE_TYPE_NOT_ALLOWED', `${which}: ${FILE_TEXT.wrongType(['pdf'])}`, {
              part: index + 1,
              name: part.shownName,
            });
          const analysis = await analyse(part.key, part.mimeType);
          if (analysis.state === 'ERROR') {
            const reason = analysis.issues[0]?.message ?? FILE_TEXT.unsupported;
            throw new AppError('FILE_UNUSABLE', `${which}: ${reason}`, {
              state: 'ERROR',
              part: index + 1,
              name: part.shownName,
              issues: analysis.issues,
            });
          }
        }
        const outPath = path.join(os.tmpdir(), `veridocs-merge-${randomUUID()}.pdf`);
        try {
          try {
            await withLocalFiles(
              storage,
              parts.map((p) => p.key),
              // In a check process when the analyser has one (the app's); tests' merge in this process.
              (paths) =>
                analyser.mergePdfs
                  ? analyser.mergePdfs({ paths, outPath })
                  : mergePdfFiles({ paths, outPath }),
            );
          } catch (error) {
            if (isAppError(error)) throw error;
            log.warn({ err: error }, 'merging PDFs failed');
            throw new AppError('FILE_UNUSABLE', 'These PDFs could not be merged; upload them again', {
              state: 'ERROR',
              issues: [],
            });
          }
          const name = fields.fileCategory ? `${fields.fileCategory}-merged.pdf` : 'merged.pdf';
          // Each part met the 40 KB minimum; the merged file only has to stay under the maximum.
          const received = await service.receive(createReadStream(outPath), name, {
            minBytes: 1,
            maxBytes: FILE_LIMITS.maxBytes,
          });
          return await service.complete(ownerProfileId, received, fields);
        } finally {
          await rm(outPath, { force: true });
        }
      } finally {
        for (const part of parts) await service.discard(part);
      }
    },

    async fromUrl(ownerProfileId: string, request: FileFromUrlRequest): Promise<FileUploadResponse> {
      await service.admit(ownerProfileId);
      const fetched = await fetchUpload(request.url, deps.fetch);
      let received: Received;
      try {
        received = await service.receive(fetched.body, fetched.name);
      } catch (error) {
        fetched.body.destroy();
        if (isAppError(error)) throw error;
        if (fetched.timedOut()) throw new AppError('FILE_FETCH_FAILED', 'The URL took too long to answer');
        throw new AppError('FILE_FETCH_FAILED', 'The file could not be fetched from this URL');
      }
      await service.charge(ownerProfileId, received.bytes);
      return service.complete(ownerProfileId, received, { folderName: request.folderName });
    },

    async get(ownerProfileId: string, id: string): Promise<FileUploadResponse> {
      const row = await repo.findOwned(ownerProfileId, id);
      if (!row) throw notFound();
      return toResponse(row);
    },

    /** The verification team's read (ADR 0026): only a file attached to a transaction; 404 otherwise. */
    async openAttached(id: string): Promise<FileContent & { txnId: string }> {
      const row = isUuid(id) ? await repo.findById(id.toLowerCase()) : null;
      if (!row?.txnId) throw new AppError('CASE_FILE_NOT_FOUND');
      return { ...(await openRow(row)), txnId: row.txnId };
    },

    async open(ownerProfileId: string, id: string): Promise<FileContent> {
      const row = await repo.findOwned(ownerProfileId, id);
      if (!row) throw notFound();
      return openRow(row);
    },

    /** Runs `use` on a local copy of the candidate's own file (a tool that needs a path); 122 otherwise. */
    async withOwnedLocalFile<T>(
      ownerProfileId: string,
      id: string,
      use: (path: string, mimeType: string) => Promise<T>,
    ): Promise<T> {
      const row = await repo.findOwned(ownerProfileId, id);
      if (!row) throw notFound();
      return storage.withLocalFile(row.storageKey, (path) => use(path, row.mimeType));
    },

    async link(ownerProfileId: string, id: string): Promise<{ url: string; expiresAt: string }> {
      const row = await repo.findOwned(ownerProfileId, id);
      if (!row) throw notFound();
      const expiresAt = new Date(now().getTime() + FILE_LIMITS.downloadLinkSeconds * 1000);
      const token = links.sign(row.id, expiresAt);
      return {
        url: API_PATHS.files.signedDownload.replace(':token', token),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * The candidate's files among `ids` for a save in `txnId` (others' and unknown ids are absent, so
     * nothing tells them apart), each with whether it already serves another transaction.
     */
    async forTransaction(
      ownerProfileId: string,
      txnId: string,
      ids: readonly string[],
    ): Promise<Map<string, FileForTransaction>> {
      const rows = await repo.findOwnedMany(ownerProfileId, ids);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            file: toAttached(row),
            otherTransaction: row.txnId !== null && row.txnId !== txnId,
            linked: row.txnId === txnId,
          },
        ]),
      );
    },

    /**
     * Links files to the transaction whose data uses them, all or none; null when one is taken. With
     * `within` (the record write's database transaction) the links are part of that write: a write
     * that fails unlinks nothing another save of the transaction still uses.
     */
    attach: (ownerProfileId: string, txnId: string, ids: readonly string[], within?: DbScope) =>
      repo.attach(ownerProfileId, txnId, ids, within),

    /**
     * Releases a deleted verification's files from the transaction, inside the delete's database
     * transaction: they stay the candidate's (not deleted: the candidate may attach them again).
     */
    release: (ownerProfileId: string, txnId: string, ids: readonly string[], within: DbScope) =>
      repo.release(ownerProfileId, txnId, ids, within),

    /**
     * The candidate's files among `ids` linked to `txnId`, as its saved data shows them (the verdict is
     * the table's). Another candidate's file, an unknown id and one not linked to this transaction are
     * absent: shown as missing.
     */
    async describe(
      ownerProfileId: string,
      txnId: string,
      ids: readonly string[],
    ): Promise<Map<string, AttachedFile>> {
      const rows = await repo.findOwnedMany(ownerProfileId, ids);
      return new Map(rows.filter((row) => row.txnId === txnId).map((row) => [row.id, toAttached(row)]));
    },

    async openByToken(token: string): Promise<FileContent> {
      const id = links.verify(token, now());
      if (!id) throw new AppError('FILE_LINK_INVALID');
      const row = await repo.findById(id);
      if (!row) throw new AppError('FILE_LINK_INVALID');
      return openRow(row);
    },

    /**
     * Runs the checks again on the stored file and records the verdict; with the upload's expected name, the
     * name check too (on the OCR text when only OCR can read it: PROCESSING until the job has that text).
     */
    async detectIssues(ownerProfileId: string, fileId: string): Promise<DetectIssuesResponse> {
      const row = await repo.findOwned(ownerProfileId, fileId);
      if (!row) throw notFound();
      // A re-check costs a check process like an upload does: it counts against the same minute.
      await deps.limiter.admit(ownerProfileId);
      const expectName = row.expectName ?? undefined;
      const analysis = await analyse(row.storageKey, row.mimeType as AnalysableMime, expectName);
      const byOcr = analysis.state !== 'ERROR' && expectName && nameNeedsOcr(row.mimeType, analysis.issues);
      const updated = await repo.updateAnalysis(row.id, analysis, now(), byOcr ? expectName : undefined);
      if (!updated) throw notFound();
      return { fileId: row.id, state: updated.state, issues: updated.issues };
    },
  };

  async function openRow(row: FileRow): Promise<FileContent> {
    const body = await storage.get(row.storageKey);
    if (!body) {
      log.error({ fileId: row.id }, 'stored file is missing');
      throw notFound();
    }
    return { body, mimeType: row.mimeType, name: row.originalName, size: row.size };
  }

  return service;
}

export type FilesService = ReturnType<typeof createFilesService>;

/** Runs `use` with a local path for every key (each downloaded first when storage is remote). */
function withLocalFiles<T>(
  storage: Storage,
  keys: string[],
  use: (paths: string[]) => Promise<T>,
): Promise<T> {
  const step = (i: number, paths: string[]): Promise<T> =>
    i === keys.length ? use(paths) : storage.withLocalFile(keys[i]!, (p) => step(i + 1, [...paths, p]));
  return step(0, []);
}
