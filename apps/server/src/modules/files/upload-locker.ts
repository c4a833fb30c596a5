import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ERRORS, type Lock, type Locker } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { ResumableStore } from '../../storage/resumable-store.js';
import type { ResumableUploadsRepository } from './resumable-uploads-repository.js';

/** The channel on which a waiting request asks the holder of an upload's lock to let go. */
export const UPLOAD_LOCK_CHANNEL = 'veridocs_upload_lock';

type LockStore = Pick<ResumableUploadsRepository, 'tryLock' | 'renewLock' | 'unlock' | 'askRelease'>;

export interface UploadLocker extends Locker {
  /**
   * Runs one tus request: the locks it takes are known to `fence`d stores within it (the request's
   * fencing token is the holder its lock row names).
   */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** The store whose writes commit only while the writing request still holds the upload's lock. */
  fence(store: ResumableStore): ResumableStore;
  close(): void;
}

/**
 * The most of a PATCH held in memory before it is written: S3's smallest multipart part, so a piece
 * is one part there, and a few pieces of tus-js-client's 5 MB requests at most per upload.
 */
export const FENCED_PIECE_BYTES = 5 * 1024 * 1024;

/** A write by a request that lost the upload's lock: tus answers 423, and tus-js-client tries again. */
export const LOCK_LOST = {
  status_code: 423,
  body: 'The upload was taken over by another request: nothing of this one was kept\n',
};

/**
 * tus's lock on an upload, shared by every instance (ADR 0050 "Resumable uploads (tus)"): a lease row
 * on the database's clock, renewed while its request writes. A request that finds the upload locked asks
 * its holder, wherever it runs, to let go (tus then ends the older request: a client that reconnected
 * after a dropped connection takes over at once), and waits until it can take it or `acquireTimeoutMs`
 * passes. A holder that died leaves a lease that ends after `leaseMs`.
 */
export function createUploadLocker(deps: {
  repo: LockStore;
  /** Subscribes to a channel (every instance hears it); answers the function that stops. */
  listen: (channel: string, onMessage: (payload: string) => void) => () => void;
  log: FastifyBaseLogger;
  leaseMs?: number;
  acquireTimeoutMs?: number;
  retryMs?: number;
  /** The most of a PATCH held before it is written (tests set a small one). */
  pieceBytes?: number;
}): UploadLocker {
  const leaseMs = deps.leaseMs ?? 60_000;
  const pieceBytes = deps.pieceBytes ?? FENCED_PIECE_BYTES;
  const acquireTimeoutMs = deps.acquireTimeoutMs ?? 30_000;
  const retryMs = deps.retryMs ?? 150;
  /** The locks this instance holds: upload id → how to ask its request to let go. */
  const held = new Map<string, { holder: string; release: () => void }>();
  const renewals = new Set<NodeJS.Timeout>();
  // `<upload id> <asker>`: the asker's own instance hears its message too, and must not release the
  // request that asked (it may hold the lock by the time the message arrives).
  const stop = deps.listen(UPLOAD_LOCK_CHANNEL, (payload) => {
    const [id, asker] = payload.split(' ');
    const holding = id ? held.get(id) : undefined;
    if (holding && holding.holder !== asker) holding.release();
  });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Per tus request (run): upload id → the holder its lock row names while the request holds it. */
  const requests = new AsyncLocalStorage<Map<string, string>>();

  function newLock(id: string): Lock {
    const holder = randomUUID();
    let renewal: NodeJS.Timeout | undefined;
    return {
      async lock(signal, requestRelease) {
        const deadline = Date.now() + acquireTimeoutMs;
        let asked = false;
        while (!(await deps.repo.tryLock(id, holder, leaseMs))) {
          if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
          if (!asked) {
            asked = true;
            // The holder on this instance hears it at once; another instance through the channel.
            held.get(id)?.release();
            await deps.repo.askRelease(UPLOAD_LOCK_CHANNEL, `${id} ${holder}`);
          }
          await sleep(retryMs);
        }
        const release = () => void Promise.resolve(requestRelease()).catch(() => undefined);
        held.set(id, { holder, release });
        requests.getStore()?.set(id, holder);
        renewal = setInterval(() => {
          deps.repo.renewLock(id, holder, leaseMs).then(
            (still) => {
              // Lost (this process paused past its lease): the request must stop writing.
              if (!still) release();
            },
            (error: unknown) => {
              // Not known to hold it any more: stop writing rather than risk two writers.
              deps.log.warn({ err: error, uploadId: id }, 'could not renew an upload lock');
              release();
            },
          );
        }, leaseMs / 3);
        renewal.unref();
        renewals.add(renewal);
      },
      async unlock() {
        clearInterval(renewal);
        if (renewal) renewals.delete(renewal);
        if (held.get(id)?.holder === holder) held.delete(id);
        await deps.repo.unlock(id, holder);
      },
    };
  }

  /**
   * A write is kept only if its request still holds the lock when the bytes are committed (ADR 0050
   * "Fencing"): the body is collected in pieces (`pieceBytes`), and before each piece is handed
   * to the store the lease is renewed on the condition that the row still names this request's holder.
   * A request that lost its lease while it read a slow body (its process paused, another instance took
   * the upload over) keeps nothing more: 423. Memory per PATCH stays one piece, whatever its length.
   */
  function fence(store: ResumableStore): ResumableStore {
    const write: ResumableStore['write'] = async (stream, id, offset) => {
      const holder = requests.getStore()?.get(id);
      let at = offset;
      let piece: Buffer[] = [];
      let size = 0;
      const commit = async () => {
        if (size === 0) return;
        if (holder !== undefined && !(await deps.repo.renewLock(id, holder, leaseMs))) throw LOCK_LOST;
        const bytes = piece;
        piece = [];
        size = 0;
        at = await store.write(Readable.from(bytes, { objectMode: false }), id, at);
      };
      let failure: unknown = null;
      let committing = false;
      try {
        for await (const chunk of stream) {
          piece.push(chunk as Buffer);
          size += (chunk as Buffer).length;
          if (size >= pieceBytes) {
            committing = true;
            await commit();
            committing = false;
          }
        }
      } catch (error) {
        if (committing) throw error;
        // A cut body keeps what arrived (as tus's stores do), if the lock is still this request's.
        failure = error;
      }
      await commit();
      if (failure !== null) throw failure;
      return at;
    };
    return new Proxy(store, {
      get(target, property) {
        if (property === 'write') return write;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  return {
    newLock,
    run: (fn) => requests.run(new Map(), fn),
    fence,
    /** Stops listening and renewing (the server is closing): a lease still held ends by itself. */
    close() {
      stop();
      for (const timer of renewals) clearInterval(timer);
      renewals.clear();
    },
  };
}
