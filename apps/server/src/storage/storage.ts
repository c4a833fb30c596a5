import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live (ADR 0009). Keys are opaque (random); callers never derive a path or URL
 * from them. `put` is all-or-nothing: on any failure (also a refusal by a checking stream in `body`)
 * nothing stays under the key.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Streams `body` to `key`; resolves once the object is complete. */
  put(key: string, body: Readable): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Runs `use` with a path on local disk holding the object (the local store's own file; for S3 a
   * temporary download, removed afterwards). For tools that need a file (checks, OCR).
   */
  withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
  /** Every complete object with a key of ours, and when it was last written (for the orphan sweep). */
  listObjects(): AsyncIterable<StoredObject>;
  /**
   * Removes what puts and local copies started before `before` left half-done (a process killed mid-way):
   * local `.part` files, S3 incomplete multipart uploads and temporary copies. Returns how many. With
   * `ownOnly` (a store that may be another installation's too) only this process's own temporary copies
   * under DATA_DIR go: a partial write in the store cannot be told apart from another installation's.
   */
  removePartials(before: Date, options?: { ownOnly?: boolean }): Promise<number>;
  /**
   * The installation ids whose marker the store holds (`veridocs-installation/<id>`, outside our key
   * shape): which databases' files the store serves (ADR 0009 "Orphan sweep").
   */
  installationMarkers(): Promise<string[]>;
  /** Leaves this installation's marker in the store. */
  putInstallationMarker(id: string): Promise<void>;
}

/** Where installation markers live in a store (a folder of the local store, a key prefix on S3). */
export const MARKER_PREFIX = 'veridocs-installation/';
const MARKER_ID = /^[a-z0-9-]{1,64}$/;
export const isInstallationId = (id: string): boolean => MARKER_ID.test(id);

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

export class StorageError extends Error {
  override name = 'StorageError';
}

const KEY = /^[a-z0-9]{2}\/[a-z0-9]{2}\/[a-z0-9]{16,128}$/;

export const isStorageKey = (key: string): boolean => KEY.test(key);

/** Keys are what this module makes them: lowercase hex segments joined by '/'; anything else is refused. */
export function assertKey(key: string): void {
  if (!isStorageKey(key)) throw new StorageError(`invalid storage key`);
}
