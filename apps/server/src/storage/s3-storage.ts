import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { removeOldFiles } from './old-files.js';
import {
  assertKey,
  isInstallationId,
  isStorageKey,
  MARKER_PREFIX,
  StorageError,
  type Storage,
} from './storage.js';

export interface S3Options {
  /** Undefined: AWS (`https://s3.<region>.amazonaws.com`). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /**
   * Static keys (with a session token for temporary ones). Undefined: the SDK's default credential chain
   * (AWS_* environment, shared config and SSO profiles, web identity, ECS and EC2 instance roles).
   */
  credentials:
    { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined } | undefined;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (MinIO, most self-hosted servers). */
  forcePathStyle: boolean;
  /** Local copies for tools that need a file (`withLocalFile`): under DATA_DIR, never the system's /tmp. */
  tmpDir: string;
}

/** lib-storage's smallest part; one part in flight, so a put holds about two parts in memory. */
const PART_SIZE = 5 * 1024 * 1024;

const status = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** SDK failures as StorageError (the caller's own errors, e.g. a refusal by the body stream, pass as they are). */
function storageError(what: string, error: unknown): unknown {
  if (!(error instanceof S3ServiceException)) return error;
  return new StorageError(`S3 ${what} failed: ${status(error) ?? ''} ${error.name}`.trim(), { cause: error });
}

/**
 * An S3-compatible store through the official SDK (ADR 0009): signing (also with session tokens and
 * instance roles), retries and redirects are the SDK's. A put streams the body as a multipart upload of
 * 5 MiB parts (a body of one part is a single PUT): memory stays flat and nothing is spooled to disk. A
 * failed put aborts its multipart upload; objects appear only on completion, so a refused upload never
 * reaches the bucket. Checksums only where S3 requires them: S3-compatible servers differ on the newer
 * checksum headers, and the body is already hashed by the upload guard.
 */
export function createS3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  async function abortUpload(Key: string, UploadId: string): Promise<void> {
    // Already gone, or failing now: either way the orphan sweep finds what is left.
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
  }

  const storage: Storage = {
    kind: 's3',
    async put(Key, body: Readable) {
      assertKey(Key);
      // Parts are left on error so that the refusal itself (not an abort's error) reaches the caller; the
      // upload is aborted here instead.
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        if (upload.uploadId) await abortUpload(Key, upload.uploadId);
        throw storageError('PUT', error);
      }
    },
    async get(Key) {
      assertKey(Key);
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key }));
        return response.Body as Readable;
      } catch (error) {
        if (status(error) === 404) return null;
        throw storageError('GET', error);
      }
    },
    async delete(Key) {
      assertKey(Key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (status(error) !== 404) throw storageError('DELETE', error);
      }
    },
    async exists(Key) {
      assertKey(Key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (status(error) === 404) return false;
        throw storageError('HEAD', error);
      }
    },
    async withLocalFile(key, use) {
      const body = await storage.get(key);
      if (!body) throw new StorageError('no such object');
      await mkdir(options.tmpDir, { recursive: true });
      const file = join(options.tmpDir, `s3-get-${randomBytes(12).toString('hex')}.part`);
      try {
        await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        return await use(file);
      } finally {
        await rm(file, { force: true });
      }
    },
    async *listObjects() {
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
          for (const object of page.Contents ?? []) {
            // Only keys of our shape: anything else in the bucket is not ours to judge.
            if (object.Key && isStorageKey(object.Key) && object.LastModified)
              yield { key: object.Key, modifiedAt: object.LastModified };
          }
        }
      } catch (error) {
        throw storageError('LIST', error);
      }
    },
    async removePartials(before, scope) {
      let removed = 0;
      // Another installation's incomplete uploads look like ours: with ownOnly, only our local copies go.
      if (scope?.ownOnly) return removeOldFiles(options.tmpDir, before, () => true);
      try {
        let marker: { KeyMarker?: string; UploadIdMarker?: string } = {};
        for (;;) {
          const page = await client.send(new ListMultipartUploadsCommand({ Bucket, ...marker }));
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || !isStorageKey(upload.Key)) continue;
            if (!upload.Initiated || upload.Initiated >= before) continue;
            await abortUpload(upload.Key, upload.UploadId);
            removed += 1;
          }
          if (!page.IsTruncated) break;
          marker = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
        }
      } catch (error) {
        throw storageError('LIST UPLOADS', error);
      }
      return removed + (await removeOldFiles(options.tmpDir, before, () => true));
    },
    async installationMarkers() {
      const ids: string[] = [];
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: MARKER_PREFIX })) {
          for (const object of page.Contents ?? []) {
            const id = object.Key?.slice(MARKER_PREFIX.length) ?? '';
            if (isInstallationId(id)) ids.push(id);
          }
        }
      } catch (error) {
        throw storageError('LIST MARKERS', error);
      }
      return ids.sort();
    },
    async putInstallationMarker(id) {
      if (!isInstallationId(id)) throw new Error('invalid installation id');
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: `${MARKER_PREFIX}${id}`,
            Body: `${id}\n`,
            ContentType: 'text/plain',
          }),
        );
      } catch (error) {
        throw storageError('PUT MARKER', error);
      }
    },
  };
  return storage;
}
