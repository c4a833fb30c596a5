import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { DocumentAnalyser } from '../modules/files/analyser.js';
import type { OcrJob, OcrSettled } from '../modules/files/files-repository.js';
import type { Storage } from '../storage/index.js';
import { createJobLoop } from './job-loop.js';

/** The queue operations the loop needs (FilesRepository provides them). */
export interface OcrQueue {
  claimOcr(now: Date): Promise<OcrJob | null>;
  /** Stores the text and finishes a verdict that waited for it (the name check). */
  completeOcr(id: string, text: string, now: Date): Promise<OcrSettled>;
  /** A retry at `retryAt`, or failed for good (null): a verdict that waited is finished without the name. */
  failOcr(id: string, error: string, retryAt: Date | null, now: Date): Promise<OcrSettled>;
}

export const OCR_MAX_ATTEMPTS = 3;

/** Backoff before attempt n+1 after n failed ones: 30 s, 2 min. */
export const ocrBackoffMs = (attempts: number) => 30_000 * 4 ** (attempts - 1);

export interface OcrWorker {
  start(): void;
  /** Stops taking jobs and waits for the one in hand. */
  stop(): Promise<void>;
  /** Wakes the loop now (a file was queued). */
  kick(): void;
  /** Claims and runs one due job; false when none was due. */
  runOnce(): Promise<boolean>;
}

/**
 * The OCR job loop (ADR 0009): the queue is the files table (ocr_status), claimed one row at a time
 * with FOR UPDATE SKIP LOCKED, so any number of instances can run it on PostgreSQL; on PGlite this
 * process is the only worker. recogniseText runs here, never on the request path. An upload whose name
 * can only be read by OCR is answered PROCESSING; this job finishes its verdict (modules/files/name-check).
 */
export function createOcrWorker(deps: {
  queue: OcrQueue;
  storage: Storage;
  analyser: DocumentAnalyser;
  now: Clock;
  log: FastifyBaseLogger;
  pollMs?: number;
}): OcrWorker {
  const { queue, storage, analyser, now, log } = deps;
  const pollMs = deps.pollMs ?? 2000;

  async function runOnce(): Promise<boolean> {
    const job = await queue.claimOcr(now());
    if (!job) return false;
    try {
      const text = await storage.withLocalFile(job.storageKey, (path) =>
        analyser.recogniseText({ path, mimeType: job.mimeType }),
      );
      const settled = await queue.completeOcr(job.id, text, now());
      if (settled)
        log.info({ fileId: job.id, state: settled.state }, 'name checked on the OCR text; verdict finished');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        job.attempts < OCR_MAX_ATTEMPTS ? new Date(now().getTime() + ocrBackoffMs(job.attempts)) : null;
      log.warn({ err: error, fileId: job.id, attempts: job.attempts, retry: retryAt !== null }, 'OCR failed');
      const settled = await queue.failOcr(job.id, message, retryAt, now());
      if (settled)
        log.warn(
          { fileId: job.id, state: settled.state },
          'OCR failed for good: the name on the document could not be checked; verdict from the quality checks alone',
        );
    }
    return true;
  }

  const loop = createJobLoop({ name: 'ocr', runOnce, pollMs, log, failure: 'OCR queue unavailable' });
  return {
    ...loop,
    runOnce,
  };
}
