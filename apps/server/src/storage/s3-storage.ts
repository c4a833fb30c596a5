import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EMPTY_SHA256, signRequest, uriEncode } from './sigv4.js';
import { assertKey, StorageError, type Storage } from './storage.js';

export interface S3Options {
  /** Undefined: AWS (`https://s3.<region>.amazonaws.com`). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (MinIO, most self-hosted servers). */
  forcePathStyle: boolean;
  /** Spool folder: S3 PUT needs the length (and we sign the body's hash) before sending. */
  tmpDir: string;
  now?: () => Date;
}

interface S3Response {
  status: number;
  body: Readable;
}

/**
 * An S3-compatible store over plain HTTP(S) with SigV4 (no SDK). PUT spools the stream to a temporary
 * file while hashing and counting it (memory stays flat), then sends it with Content-Length and the
 * signed payload hash; the spool file is removed either way. Objects appear atomically on S3.
 */
export function createS3Storage(options: S3Options): Storage {
  const now = options.now ?? (() => new Date());
  const base = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const urlOf = (key: string) => {
    assertKey(key);
    const encodedKey = uriEncode(key, true);
    if (options.forcePathStyle) {
      const prefix = base.pathname.replace(/\/+$/, '');
      return { host: base.host, path: `${prefix}/${uriEncode(options.bucket)}/${encodedKey}` };
    }
    return {
      host: `${options.bucket}.${base.host}`,
      path: `${base.pathname.replace(/\/+$/, '')}/${encodedKey}`,
    };
  };

  function send(method: string, key: string, payload?: { file: string; size: number; sha256: string }) {
    const { host, path } = urlOf(key);
    const headers = signRequest({
      method,
      path,
      headers: {
        host,
        ...(payload
          ? { 'content-length': String(payload.size), 'content-type': 'application/octet-stream' }
          : {}),
      },
      payloadHash: payload?.sha256 ?? EMPTY_SHA256,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      date: now(),
    });
    const transport = base.protocol === 'https:' ? https : http;
    const [hostname, port] = [base.hostname, base.port];
    return new Promise<S3Response>((resolve, reject) => {
      const request = transport.request(
        {
          method,
          hostname: options.forcePathStyle ? hostname : `${options.bucket}.${hostname}`,
          port,
          path,
          headers,
        },
        (response) => resolve({ status: response.statusCode ?? 0, body: response }),
      );
      request.setTimeout(120_000, () => request.destroy(new StorageError(`S3 ${method} timed out`)));
      request.on('error', reject);
      if (payload) {
        pipeline(createReadStream(payload.file), request).catch(reject);
      } else {
        request.end();
      }
    });
  }

  async function expect(response: S3Response, ok: number[], what: string) {
    if (ok.includes(response.status)) return;
    let detail = '';
    for await (const chunk of response.body) if (detail.length < 500) detail += String(chunk);
    const code = /<Code>([^<]+)<\/Code>/.exec(detail)?.[1] ?? '';
    throw new StorageError(`S3 ${what} answered ${response.status} ${code}`.trim());
  }

  const drain = (response: S3Response) => response.body.resume();

  async function spool(body: Readable) {
    await mkdir(options.tmpDir, { recursive: true });
    const file = join(options.tmpDir, `s3-${randomBytes(12).toString('hex')}.part`);
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _e, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, tap, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { file, size, sha256: hash.digest('hex') };
  }

  const storage: Storage = {
    kind: 's3',
    async put(key, body) {
      urlOf(key);
      const payload = await spool(body);
      try {
        const response = await send('PUT', key, payload);
        await expect(response, [200], 'PUT');
        drain(response);
      } finally {
        await rm(payload.file, { force: true });
      }
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        drain(response);
        return null;
      }
      await expect(response, [200], 'GET');
      return response.body.pipe(new PassThrough());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      await expect(response, [200, 204, 404], 'DELETE');
      drain(response);
    },
    async exists(key) {
      const response = await send('HEAD', key);
      drain(response);
      if (response.status === 404) return false;
      await expect(response, [200], 'HEAD');
      return true;
    },
    async withLocalFile(key, use) {
      const body = await storage.get(key);
      if (!body) throw new StorageError('no such object');
      await mkdir(options.tmpDir, { recursive: true });
      const file = join(options.tmpDir, `s3-get-${randomBytes(12).toString('hex')}`);
      try {
        await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        await stat(file);
        return await use(file);
      } finally {
        await rm(file, { force: true });
      }
    },
  };
  return storage;
}
