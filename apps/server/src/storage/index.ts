import { randomBytes } from 'node:crypto';
import type { StorageConfig } from '../config.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

export { createLocalStorage } from './local-storage.js';
export { createS3Storage } from './s3-storage.js';
export { StorageError, type Storage } from './storage.js';

/** The configured store: local disk by default, S3-compatible when S3_BUCKET is set (DESIGN.md §4). */
export function createStorage(config: StorageConfig): Storage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalStorage(config.dir);
}

/** A new random key: 256 bits, fanned out by its first bytes (`ab/cd/<64 hex>`). */
export function newStorageKey(): string {
  const hex = randomBytes(32).toString('hex');
  return `${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex}`;
}
