import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageConfig } from '../config.js';
import type {
  NewStorageInstance,
  StorageInstanceRow,
  StorageInstancesRepository,
} from '../modules/files/storage-instances-repository.js';
import {
  canReadInstanceMarker,
  INSTANCE_MARKERS,
  putInstanceMarker,
  removeInstanceMarker,
  removeStaleInstanceMarkers,
  touchInstanceMarker,
} from '../storage/instance-markers.js';

/** An instance that would not see the files of another one on its database (issue 31 §3). */
export class StorageNotSharedError extends Error {
  override name = 'StorageNotSharedError';
}

/** How often a running instance says it is alive, and after how long silent it no longer counts. */
export const STORAGE_HEARTBEAT_MS = 60_000;
export const STORAGE_STALE_MS = 3 * 60_000;

export interface StorageInstanceGuard {
  /** Registers this instance; throws StorageNotSharedError beside a live instance whose files it cannot read. */
  start(): Promise<void>;
  /** Stops the heartbeat and removes this instance's row and marker. */
  stop(): Promise<void>;
}

const describeStore = (s: Pick<StorageInstanceRow, 'kind' | 'location'>) =>
  s.kind === 'local' ? `the local folder ${s.location}` : s.location;

/**
 * Several instances on one database must keep uploaded files in one store, or a document uploaded on
 * one is 404 on the other (issue 31 §3, ADR 0050). Each instance records (id, host, store) in
 * storage_instances and heartbeats it; with local storage it also writes a marker file named by its id
 * into its folder. A starting instance refuses to run when a live instance keeps its files elsewhere:
 * in S3 against a folder (or another bucket), or in a folder where this instance's own does not show
 * that instance's marker. Restarts work (a killed instance's row names a marker in the same folder, and
 * goes stale after STORAGE_STALE_MS); the embedded database has one process and is not checked.
 */
export function createStorageInstanceGuard(deps: {
  registry: StorageInstancesRepository;
  storage: StorageConfig;
  log: FastifyBaseLogger;
  host?: string;
  heartbeatMs?: number;
  staleMs?: number;
}): StorageInstanceGuard {
  const { registry, storage, log } = deps;
  const heartbeatMs = deps.heartbeatMs ?? STORAGE_HEARTBEAT_MS;
  const staleMs = deps.staleMs ?? STORAGE_STALE_MS;
  const staleSeconds = Math.ceil(staleMs / 1000);
  const self: NewStorageInstance = {
    id: randomUUID(),
    host: deps.host ?? hostname(),
    pid: process.pid,
    kind: storage.kind,
    location: storage.kind === 'local' ? storage.dir : `s3://${storage.bucket}`,
  };
  const folder = storage.kind === 'local' ? storage.dir : null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let registered = false;

  /** What keeps each live instance's files out of this one's sight; empty when all share its store. */
  async function conflicts(): Promise<string[]> {
    const found: string[] = [];
    for (const other of await registry.liveOthers(self.id, staleSeconds)) {
      const who =
        `instance ${other.id} (host ${other.host}, process ${other.pid}, ` +
        `counted for ${other.staleInSeconds} s more without a heartbeat)`;
      if (other.kind !== self.kind || (self.kind === 's3' && other.location !== self.location))
        found.push(`${who} keeps its files in ${describeStore(other)}; this one in ${describeStore(self)}`);
      else if (folder && !(await canReadInstanceMarker(folder, other.id)))
        found.push(
          `${who} writes its files to ${other.location} on its host, and its marker ` +
            `${INSTANCE_MARKERS}/${other.id} is not in this instance's folder ${folder}`,
        );
    }
    return found;
  }

  /** Rows and markers of instances killed without stopping. */
  async function removeStale(): Promise<void> {
    await registry.removeStale(staleSeconds);
    if (!folder) return;
    const live = new Set([self.id, ...(await registry.liveOthers(self.id, staleSeconds)).map((r) => r.id)]);
    await removeStaleInstanceMarkers(folder, live, new Date(Date.now() - staleMs));
  }

  async function unregister(): Promise<void> {
    if (!registered) return;
    registered = false;
    await registry.remove(self.id);
    if (folder) await removeInstanceMarker(folder, self.id);
  }

  async function beat(): Promise<void> {
    // Our row is gone when another instance judged it stale (this process paused that long): back in.
    if (!(await registry.heartbeat(self.id))) await registry.register(self);
    if (folder) await touchInstanceMarker(folder, self.id);
    await removeStale();
    const found = await conflicts();
    if (found.length > 0)
      log.error(
        { conflicts: found },
        'Another instance on this database keeps uploaded files this one cannot read: use S3 or one shared folder',
      );
  }

  return {
    async start() {
      // The marker first: an instance that finds this row can then already read it.
      if (folder) await putInstanceMarker(folder, self.id);
      await registry.register(self);
      registered = true;
      try {
        await removeStale();
        const found = await conflicts();
        if (found.length > 0)
          throw new StorageNotSharedError(
            'Refusing to start: another instance on this database keeps uploaded files where this one cannot ' +
              'read them, so a document uploaded on one would be 404 on the other.\n' +
              found.map((line) => `  - ${line}\n`).join('') +
              'Several instances need one file store: S3 (S3_BUCKET) or one folder that every instance mounts ' +
              '(FILES_DIR). An instance killed without stopping stops counting once silent for ' +
              `${staleSeconds} s.`,
          );
      } catch (error) {
        await unregister().catch(() => undefined);
        throw error;
      }
      timer = setInterval(() => {
        running = running
          .then(beat)
          .catch((error: unknown) => log.warn({ err: error }, 'storage instance heartbeat failed; retried'));
      }, heartbeatMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
      await unregister().catch((error: unknown) =>
        log.warn({ err: error }, 'storage instance not unregistered; it goes stale'),
      );
    },
  };
}
