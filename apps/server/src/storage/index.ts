import { randomBytes } from 'node:crypto';
import type { StorageConfig } from '../config.js';
import { createLocalStorage } from './local-storage.js';
import type { S3Options } from './s3-storage.js';
import type { Storage } from './storage.js';

export { createLocalStorage } from './local-storage.js';
export { StorageError, type Storage, type StoredObject } from './storage.js';

/** The configured store: local disk by default, S3-compatible when S3_BUCKET is set (DESIGN.md §4). */
export function createStorage(config: StorageConfig): Storage {
  return config.kind === 's3' ? lazyS3(config) : createLocalStorage(config.dir);
}

/** The S3 store, its SDK loaded on first use: a local-disk setup never pays its ~25 MB and ~0.2 s. */
function lazyS3(options: S3Options): Storage {
  let loaded: Promise<Storage> | undefined;
  const s3 = () => (loaded ??= import('./s3-storage.js').then((m) => m.createS3Storage(options)));
  return {
    kind: 's3',
    put: async (key, body) => (await s3()).put(key, body),
    get: async (key) => (await s3()).get(key),
    delete: async (key) => (await s3()).delete(key),
    exists: async (key) => (await s3()).exists(key),
    withLocalFile: async (key, use) => (await s3()).withLocalFile(key, use),
    listObjects: async function* () {
      yield* (await s3()).listObjects();
    },
    removePartials: async (before, options) => (await s3()).removePartials(before, options),
    installationMarkers: async () => (await s3()).installationMarkers(),
    putInstallationMarker: async (id) => (await s3()).putInstallationMarker(id),
  };
}

/** A new random key: 256 bits, fanned out by its first bytes (`ab/cd/<64 hex>`). */
export function newStorageKey(): string {
  const hex = randomBytes(32).toString('hex');
  return `${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex}`;
}
