import type { DocumentIssue, MrzResult } from '@veridocs/shared';
import { AppError } from '../../../errors.js';
import type { AnalysableMime, AnalysisResult, DocumentAnalyser } from '../../files/analyser.js';
import { CheckLimitError, createCheckPool, type CheckPool } from './check-pool.js';

export interface CheckLimits {
  /** Check processes at most (concurrent checks). */
  workers: number;
  /** RSS cap of one check process, MB. */
  memoryMb: number;
  /** Time limit of the checks of one upload. */
  timeoutMs: number;
  /** Time limit of the OCR of one file. */
  ocrTimeoutMs: number;
  /** How long an upload's check may wait for a process; past it the upload is answered 503 (busy). */
  maxQueueWaitMs: number;
}

/** The compiled entry next to this module (dist), or its TypeScript source under tsx and vitest. */
export function checkWorkerEntry(): URL {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./check-worker.${ext}`, import.meta.url);
}

function limitIssue(error: CheckLimitError): DocumentIssue {
  return {
    code: 'CHECK_LIMIT_EXCEEDED',
    message: `${error.message}; the file is refused. Upload a smaller or simpler copy of the document`,
    measured: null,
    threshold: null,
    page: null,
  };
}

/**
 * The DocumentAnalyser the app uses: the checks and OCR run in the pool's processes. A check that passes a
 * limit is an unusable file (ERROR with CHECK_LIMIT_EXCEEDED, refused with 422); a check system that is busy
 * or cannot run is an AppError SERVICE_UNAVAILABLE (503 with retryAfter), never a verdict on the file. OCR
 * that passes a limit throws, and the OCR job retries or gives up as for any failure.
 */
export function createPooledAnalyser(
  limits: CheckLimits,
  log?: { warn(obj: object, msg: string): void },
  entry: URL = checkWorkerEntry(),
): DocumentAnalyser & {
  mergePdfs: NonNullable<DocumentAnalyser['mergePdfs']>;
  close(): Promise<void>;
  pool: CheckPool;
} {
  const pool = createCheckPool({
    entry,
    size: limits.workers,
    memoryMb: limits.memoryMb,
    timeoutMs: limits.timeoutMs,
    // OCR is background work: it may hold all but one process, so uploads are checked while it runs.
    laneLimits: { ocr: Math.max(1, limits.workers - 1) },
    // ~0.1-0.3 s a check: a full queue is several seconds of waiting; past it, answer at once. A check that
    // waits longer than maxQueueWaitMs all the same (slow checks, OCR holding processes) is answered busy.
    maxQueue: limits.workers * 32,
    ...(log ? { log } : {}),
  });
  /** Busy or unavailable check processes are not the file's fault: 503 with retryAfter. */
  function unavailable(error: CheckLimitError): AppError {
    return error.limit === 'busy'
      ? new AppError('SERVICE_UNAVAILABLE', 'The document checks are busy; try again in a minute', {
          retryAfter: 30,
        })
      : new AppError(
          'SERVICE_UNAVAILABLE',
          'The document checks are unavailable right now; try again in a minute',
          {
            retryAfter: 60,
          },
        );
  }
  return {
    pool,
    async readMrz(input: { path: string }) {
      try {
        return await pool.run<MrzResult>('mrz', input, {
          lane: 'upload',
          maxWaitMs: limits.maxQueueWaitMs,
          timeoutMs: limits.ocrTimeoutMs,
        });
      } catch (error) {
        if (!(error instanceof CheckLimitError)) throw error;
        if (error.limit === 'busy' || error.limit === 'unavailable') throw unavailable(error);
        // A photo that passes a limit cannot be read: the candidate is told, and may enter the details.
        return { ok: false, reason: 'UNREADABLE', message: `${error.message}; the photo could not be read` };
      }
    },
    async analyseDocument(input: { path: string; mimeType: AnalysableMime; expectName?: string }) {
      try {
        return await pool.run<AnalysisResult>('analyse', input, {
          lane: 'upload',
          maxWaitMs: limits.maxQueueWaitMs,
        });
      } catch (error) {
        if (!(error instanceof CheckLimitError)) throw error;
        // Busy, or a check system that cannot run (its processes do not start, the server is shutting down),
        // is not the file's fault: 503, the file is not judged, and the candidate is told to try again.
        if (error.limit === 'busy')
          throw new AppError('SERVICE_UNAVAILABLE', 'The document checks are busy; try again in a minute', {
            retryAfter: 30,
          });
        if (error.limit === 'unavailable')
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'The document checks are unavailable right now; try again in a minute',
            { retryAfter: 60 },
          );
        return { state: 'ERROR', issues: [limitIssue(error)], pageCount: null };
      }
    },
    async mergePdfs(input: { paths: string[]; outPath: string }) {
      try {
        return await pool.run<{ bytes: number }>('merge', input, {
          lane: 'upload',
          maxWaitMs: limits.maxQueueWaitMs,
        });
      } catch (error) {
        if (error instanceof CheckLimitError && (error.limit === 'busy' || error.limit === 'unavailable'))
          throw unavailable(error);
        // Past a limit, or pdf-lib could not read a part: the caller refuses the merge.
        throw error;
      }
    },
    recogniseText: (input) => pool.run<string>('ocr', input, { lane: 'ocr', timeoutMs: limits.ocrTimeoutMs }),
    close: () => pool.close(),
  };
}
