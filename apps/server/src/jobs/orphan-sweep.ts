import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../storage/index.js';
import { MARKER_PREFIX } from '../storage/storage.js';

/** Which of these storage keys have a files row (FilesRepository provides it). */
export interface RecordedKeys {
  recordedKeys(keys: string[]): Promise<Set<string>>;
  /** How many rows there are at all. */
  count(): Promise<number>;
}

export interface SweepResult {
  /** Partial writes removed (`.part` files, incomplete multipart uploads, temporary copies). */
  partials: number;
  /** Complete objects removed because no row names them. */
  orphans: number;
}

export interface OrphanSweep {
  /** The first sweep now (in the background), then one every interval. */
  start(): void;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
  /** One sweep of everything last written before `before`. */
  sweep(before: Date): Promise<SweepResult>;
}

/** Keys asked about per query. */
const BATCH = 500;

/**
 * S3 stamps objects and uploads with its own clock: at start on the embedded database, only what is older
 * than this before our start is taken for a dead process's (the periodic sweep takes the rest).
 */
const S3_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Removes what a crash leaves behind (ADR 0009): a process killed while a file streams in leaves a partial
 * write; one killed during the checks leaves a complete object that no row names. Both are removed once
 * last written before the cut-off:
 * - periodically, and at start on a shared setup (PostgreSQL: other instances may be mid-upload), the
 *   cut-off is now minus the grace period, which outlasts any upload and its checks; an object with a row
 *   is never removed, whatever its age;
 * - at start on the embedded database (`exclusive`: this process locked the data folder, so no other
 *   process writes into it), the cut-off is this process's start: everything older is a dead process's
 *   (on S3, whose clock is not ours, a few minutes before it).
 * Times are the wall clock's (file and object times), never the app's clock, which tests move.
 * With no row at all, stored objects are left alone (and reported): that is a store pointed at another or a
 * new database (a test's, a mistaken DATABASE_URL), not a crash, and deleting would lose real documents.
 *
 * A store can be shared by mistake (staging and production on one bucket, a dev machine on production's):
 * another installation's objects have no row here. So stored objects are deleted only when the store
 * holds this installation's marker and no other. Without any, this installation claims the store (writes
 * its marker) only when every object of our shape older than the cut-off has a row here; otherwise, or
 * with another installation's marker, it logs an error and removes nothing but its own temporary copies.
 */
export function createOrphanSweep(deps: {
  storage: Storage;
  index: RecordedKeys;
  /** This installation's id, kept in its database (the store's marker must name it). */
  installationId: () => Promise<string>;
  log: FastifyBaseLogger;
  graceMs: number;
  intervalMs: number;
  exclusive: boolean;
  startedAt: Date;
}): OrphanSweep {
  const { storage, index, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  /** Objects of our shape last written before `before` that no row names, in batches. */
  async function* unrecorded(before: Date): AsyncGenerator<string[]> {
    let batch: string[] = [];
    const flush = async () => {
      const recorded = await index.recordedKeys(batch);
      const out = batch.filter((key) => !recorded.has(key));
      batch = [];
      return out;
    };
    for await (const object of storage.listObjects()) {
      if (object.modifiedAt >= before) continue;
      batch.push(object.key);
      if (batch.length >= BATCH) yield await flush();
    }
    if (batch.length > 0) yield await flush();
  }

  /** Whether this installation may delete stored objects: its marker, and no other, in the store. */
  async function ownsStore(before: Date): Promise<boolean> {
    const own = await deps.installationId();
    const foreign = (markers: string[]) => markers.filter((id) => id !== own);
    let markers = await storage.installationMarkers();
    if (!markers.includes(own) && foreign(markers).length === 0) {
      let unknown = 0;
      for await (const keys of unrecorded(before)) unknown += keys.length;
      if (unknown > 0) {
        log.error(
          { files: unknown, installation: own },
          'orphan sweep: the store has no installation marker and holds files this database does not know, ' +
            'so nothing is removed; if the store is this installation’s alone, add its marker ' +
            `(${MARKER_PREFIX}${own})`,
        );
        return false;
      }
      await storage.putInstallationMarker(own);
      markers = await storage.installationMarkers();
    }
    if (foreign(markers).length > 0) {
      log.error(
        { installations: foreign(markers), installation: own },
        'orphan sweep: the store holds another installation’s marker (a store shared by two databases), ' +
          'so nothing is removed; give each installation its own bucket or folder',
      );
      return false;
    }
    return true;
  }

  async function sweep(before: Date): Promise<SweepResult> {
    if (!(await ownsStore(before)))
      return { partials: await storage.removePartials(before, { ownOnly: true }), orphans: 0 };
    const partials = await storage.removePartials(before);
    const noRows = (await index.count()) === 0;
    let orphans = 0;
    let spared = 0;
    for await (const keys of unrecorded(before)) {
      if (noRows) {
        spared += keys.length;
        continue;
      }
      for (const key of keys) {
        await storage.delete(key);
        orphans += 1;
      }
    }
    if (spared > 0)
      log.warn(
        { files: spared },
        'orphan sweep: the files table is empty, so stored files are left alone; is this the database of this store?',
      );
    return { partials, orphans };
  }

  function run(before: Date) {
    running = running
      .then(() => sweep(before))
      .then(({ partials, orphans }) => {
        if (partials + orphans > 0) log.info({ partials, orphans }, 'orphan sweep removed leftover files');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'orphan sweep failed; the next one retries'));
  }

  const graceCutoff = () => new Date(Date.now() - deps.graceMs);

  return {
    start() {
      const start =
        storage.kind === 's3' ? new Date(deps.startedAt.getTime() - S3_CLOCK_SKEW_MS) : deps.startedAt;
      run(deps.exclusive ? start : graceCutoff());
      timer = setInterval(() => run(graceCutoff()), deps.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
    sweep,
  };
}
