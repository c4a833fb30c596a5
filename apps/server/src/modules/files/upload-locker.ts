import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { ResumableUploadsRepository } from './resumable-uploads-repository.js';

/** The channel on which a waiting request asks the holder of an upload's lock to let go. */
export const UPLOAD_LOCK_CHANNEL = 'veridocs_upload_lock';

type LockStore = Pick<ResumableUploadsRepository, 'tryLock' | 'renewLock' | 'unlock' | 'askRelease'>;

export interface UploadLocker extends Locker {
  close(): void;
}

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
}): UploadLocker {
  const leaseMs = deps.leaseMs ?? 60_000;
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

  return {
    newLock,
    /** Stops listening and renewing (the server is closing): a lease still held ends by itself. */
    close() {
      stop();
      for (const timer of renewals) clearInterval(timer);
      renewals.clear();
    },
  };
}
