import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from '../storage/s3-storage.js';

/**
 * A real S3-compatible server for tests: s3rver (an npm package; objects on disk under a temporary folder,
 * in this process, on a random port). It implements the object calls, listing and multipart uploads, but
 * not listing or aborting incomplete multipart uploads nor listing an upload's parts (the tus S3 store's
 * ListParts): those calls are answered here, in front of it,
 * from its own upload folders (`<bucket>/._S3rver_uploads/<uploadId>/{key,…}`), in S3's documented XML.
 * It checks the access key id but not V4 signatures: `requests` records what the SDK sent.
 */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  dir: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Method, path with query, and the credential and session-token headers of every request. */
  requests: { method: string; url: string; credential: string; sessionToken: string | undefined }[];
  /** Incomplete multipart uploads left in the bucket. */
  incompleteUploads(): Promise<{ key: string; uploadId: string }[]>;
  /** Options for createS3Storage against this server (local copies under `tmpDir`). */
  options(tmpDir: string): S3Options;
  /** The environment that points a whole app (loadConfig) at this server. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  url: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startTestS3(bucket = 'veridocs-files'): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'veridocs-s3rver-'));
  const uploadsDir = join(dir, bucket, '._S3rver_uploads');
  const requests: TestS3['requests'] = [];
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });

  async function uploads() {
    const ids = await readdir(uploadsDir).catch(() => [] as string[]);
    const found: { key: string; uploadId: string; initiated: Date }[] = [];
    for (const uploadId of ids) {
      const keyFile = join(uploadsDir, uploadId, 'key');
      const [key, info] = await Promise.all([readFile(keyFile, 'utf8'), stat(keyFile)]).catch(() => []);
      if (key !== undefined && info) found.push({ key, uploadId, initiated: info.mtime });
    }
    return found;
  }

  // In front of s3rver's own middleware.
  server.middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    const auth = String(ctx.headers.authorization ?? '');
    const token = ctx.headers['x-amz-security-token'];
    requests.push({
      method: ctx.method,
      url: ctx.url,
      credential: /Credential=([^/]+)/.exec(auth)?.[1] ?? '',
      sessionToken: typeof token === 'string' ? token : undefined,
    });
    if (ctx.method === 'GET' && ctx.path.replace(/\/$/, '') === `/${bucket}` && 'uploads' in ctx.query) {
      const list = (await uploads())
        .map(
          (u) =>
            `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.uploadId}</UploadId>` +
            `<Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
        )
        .join('');
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${bucket}</Bucket>` +
        `<IsTruncated>false</IsTruncated>${list}</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'GET' && typeof uploadId === 'string' && ctx.path.startsWith(`/${bucket}/`)) {
      const names = await readdir(join(uploadsDir, uploadId)).catch(() => null);
      if (!names) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = '<Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>';
        return;
      }
      const parts: string[] = [];
      for (const number of names.filter((n) => /^\d+$/.test(n)).sort((a, b) => Number(a) - Number(b))) {
        const path = join(uploadsDir, uploadId, number);
        const [info, md5] = await Promise.all([stat(path), readFile(`${path}.md5`, 'utf8')]);
        parts.push(
          `<Part><PartNumber>${number}</PartNumber><ETag>"${md5}"</ETag><Size>${info.size}</Size>` +
            `<LastModified>${info.mtime.toISOString()}</LastModified></Part>`,
        );
      }
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket>` +
        `<UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
      return;
    }
    if (ctx.method === 'DELETE' && typeof uploadId === 'string' && ctx.path.startsWith(`/${bucket}/`)) {
      const known = (await uploads()).some((u) => u.uploadId === uploadId);
      if (!known) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = '<Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>';
        return;
      }
      await rm(join(uploadsDir, uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  });

  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    dir,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    requests,
    incompleteUploads: async () => (await uploads()).map(({ key, uploadId }) => ({ key, uploadId })),
    env: () => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    options: (tmpDir) => ({
      endpoint,
      bucket,
      region: 'eu-central-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      tmpDir,
    }),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
