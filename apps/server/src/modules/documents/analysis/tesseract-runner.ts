import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, type Worker, type WorkerParams } from 'tesseract.js';

const require = createRequire(import.meta.url);

/** The offline English model shipped in @tesseract.js-data/eng (never downloaded at run time). */
function langPath(): string {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

export interface TesseractRunner {
  /** Runs `job` on the one worker, after the jobs before it (a worker reads one image at a time). */
  run<T>(job: (worker: Worker) => Promise<T>): Promise<T>;
  /** Terminates the worker once its jobs are done; a later run starts a new one. */
  close(): Promise<void>;
}

/**
 * One tesseract worker, created on first use with `parameters`, its jobs run one after another. A
 * failed start is not kept: the next job tries again. Document OCR and the passport MRZ reader each
 * hold one (their parameters differ: the MRZ reads its own alphabet only).
 */
export function createTesseractRunner(options: {
  parameters: Partial<WorkerParams>;
  /** Init-only settings (dictionaries left unloaded for the MRZ). */
  init?: Record<string, string>;
}): TesseractRunner {
  let workerPromise: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  async function start(): Promise<Worker> {
    const cachePath = path.join(os.tmpdir(), 'veridocs-tesseract');
    await mkdir(cachePath, { recursive: true });
    const worker = await createWorker(
      'eng',
      1,
      {
        langPath: langPath(),
        gzip: true,
        cachePath,
        cacheMethod: 'none',
        logger: () => undefined,
        errorHandler: () => undefined,
      },
      options.init,
    );
    await worker.setParameters(options.parameters);
    return worker;
  }

  function worker(): Promise<Worker> {
    if (!workerPromise) {
      workerPromise = start();
      workerPromise.catch(() => {
        workerPromise = null;
      });
    }
    return workerPromise;
  }

  return {
    run<T>(job: (worker: Worker) => Promise<T>): Promise<T> {
      const next = queue.then(
        async () => job(await worker()),
        async () => job(await worker()),
      );
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      const pending = workerPromise;
      workerPromise = null;
      if (!pending) return;
      await queue;
      const started = await pending.catch(() => null);
      await started?.terminate();
    },
  };
}
