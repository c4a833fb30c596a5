import type { Readable } from 'node:stream';
import { ERRORS, type DataStore } from '@tus/server';
import type { StorageConfig } from '../config.js';

/** A tus store that can read a finished upload back (the file store and the S3 store both can). */
export type ResumableStore = DataStore & { read(id: string): Readable | Promise<Readable> };

/**
 * Where resumable (tus) uploads collect their bytes until the last one (ADR 0050): the bucket when
 * files live in S3 (any instance can take the next PATCH), else a folder on local disk. Unfinished
 * uploads expire after `expiryMs`; the store's `deleteExpired` removes them.
 */
export async function createResumableStore(
  storage: StorageConfig,
  local: { dir: string; expiryMs: number },
): Promise<ResumableStore> {
  if (storage.kind === 's3') {
    // Loaded only with S3 storage, like the SDK itself (storage/index.ts).
    const { S3Store } = await import('@tus/s3-store');
    /**
     * The S3 store's `remove` aborts the multipart upload first; a finished upload has none (S3 answers
     * NoSuchUpload) and its object and `.info` would stay. Those are deleted here then.
     */
    class S3ResumableStore extends S3Store {
      override async remove(id: string): Promise<void> {
        try {
          await super.remove(id);
        } catch (error) {
          if (error !== ERRORS.FILE_NOT_FOUND) throw error;
          await this.client.deleteObjects({
            Bucket: this.bucket,
            Delete: {
              Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }],
            },
          });
          await this.clearCache(id);
        }
      }
    }
    return new S3ResumableStore({
      // Tags need a server that keeps them (lifecycle rules); expiry works without them.
      useTags: false,
      expirationPeriodInMilliseconds: local.expiryMs,
      s3ClientConfig: {
        bucket: storage.bucket,
        region: storage.region,
        ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
        forcePathStyle: storage.forcePathStyle,
        ...(storage.credentials ? { credentials: storage.credentials } : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
  }
  const { FileStore } = await import('@tus/file-store');
  return new FileStore({ directory: local.dir, expirationPeriodInMilliseconds: local.expiryMs });
}

/** Removes an upload's partial bytes; one already gone (finished, expired) is not an error. */
export async function removeResumable(store: ResumableStore, id: string): Promise<void> {
  try {
    await store.remove(id);
  } catch (error) {
    const status = (error as { status_code?: number } | null)?.status_code;
    if (error === ERRORS.FILE_NOT_FOUND || status === 404 || status === 410) return;
    throw error;
  }
}
