import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { startTestS3, type TestS3 } from '../test/s3-server.js';
import { createLocalStorage, createStorage, newStorageKey, StorageError, type Storage } from './index.js';
import { createS3Storage } from './s3-storage.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'veridocs-storage-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const listFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

/** A stream of `chunks` that fails after them (a refusal by the upload guard looks like this). */
function failingStream(chunks: Buffer[]): Readable {
  return Readable.from(
    (async function* () {
      yield* chunks;
      throw new Error('refused mid-way');
    })(),
  );
}

async function keysOf(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.listObjects()) keys.push(object.key);
  return keys.sort();
}

interface Backend {
  storage: Storage;
  /** Partial writes and temporary copies left anywhere (a `.part` file, an incomplete multipart upload). */
  leftovers(): Promise<string[]>;
  /** Leaves a partial write of `key` behind, as a process killed mid-put does. */
  crashMidPut(key: string): Promise<void>;
  /** Where withLocalFile's paths must be (never the system's shared temporary folder). */
  localRoot: string;
}

/** What every store must do (run against local disk and a real S3-compatible server). */
function contract(make: () => Promise<Backend>) {
  it('puts, gets, deletes; withLocalFile gives a path under its own folder', async () => {
    const { storage, localRoot } = await make();
    const key = newStorageKey();
    const data = Buffer.alloc(300_000, 7);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
    expect(await storage.exists(key)).toBe(true);
    const body = await storage.get(key);
    expect(Buffer.compare(await buffer(body as Readable), data)).toBe(0);
    const path = await storage.withLocalFile(key, async (p) => {
      expect(statSync(p).size).toBe(300_000);
      return p;
    });
    expect(path.startsWith(localRoot)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key);
    await expect(storage.exists('../../etc/passwd')).rejects.toThrow('invalid storage key');
  });

  it('streams a body of several parts (12 MB) and reads it back whole', async () => {
    const { storage } = await make();
    const key = newStorageKey();
    const data = Buffer.alloc(12_000_000);
    for (let i = 0; i < data.length; i += 4096) data[i] = i % 251;
    await storage.put(key, Readable.from([data.subarray(0, 7_000_000), data.subarray(7_000_000)]));
    expect(Buffer.compare(await buffer((await storage.get(key)) as Readable), data)).toBe(0);
    await storage.delete(key);
  });

  it('a put refused mid-way (in the first part, and after one) leaves nothing; the refusal reaches the caller', async () => {
    const { storage, leftovers } = await make();
    for (const chunks of [[Buffer.alloc(70_000)], [Buffer.alloc(6_000_000), Buffer.alloc(10)]]) {
      const key = newStorageKey();
      await expect(storage.put(key, failingStream(chunks))).rejects.toThrow('refused mid-way');
      expect(await storage.exists(key)).toBe(false);
    }
    expect(await leftovers()).toEqual([]);
  });

  it('lists complete objects; removes the partial writes a crash left, only those older than the cut-off', async () => {
    const { storage, leftovers, crashMidPut } = await make();
    const kept = newStorageKey();
    await storage.put(kept, Readable.from([Buffer.alloc(1000, 1)]));
    const crashed = newStorageKey();
    await crashMidPut(crashed);
    expect(await leftovers()).toHaveLength(1);
    expect(await keysOf(storage)).toEqual([kept]);
    for await (const object of storage.listObjects())
      expect(Math.abs(object.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);

    // Younger than the cut-off: another writer's upload in progress, left alone.
    expect(await storage.removePartials(new Date(Date.now() - 60_000))).toBe(0);
    expect(await leftovers()).toHaveLength(1);
    expect(await storage.removePartials(new Date(Date.now() + 2000))).toBe(1);
    expect(await leftovers()).toEqual([]);
    expect(await storage.exists(kept)).toBe(true);
    expect(await storage.exists(crashed)).toBe(false);
    await storage.delete(kept);
  });
}

describe('local storage', () => {
  contract(async () => {
    const dir = tempDir();
    const storage = createLocalStorage(dir);
    return {
      storage,
      localRoot: dir,
      leftovers: async () => listFiles(dir).filter((f) => f.endsWith('.part')),
      crashMidPut: async (key) => {
        mkdirSync(dirname(join(dir, key)), { recursive: true });
        writeFileSync(join(dir, `${key}.0a1b2c3d4e5f.part`), Buffer.alloc(8000));
      },
    };
  });

  it('lists only keys of its own shape (a stray file is not an object)', async () => {
    const dir = tempDir();
    const storage = createLocalStorage(dir);
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.alloc(10)]));
    writeFileSync(join(dir, 'README'), 'not ours');
    expect(await keysOf(storage)).toEqual([key]);
  });
});

describe('S3-compatible storage (@aws-sdk/client-s3 against s3rver)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => s3?.close());

  contract(async () => {
    const tmp = tempDir();
    const options = s3.options(tmp);
    const storage = createS3Storage(options);
    const raw = new S3Client({
      region: options.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    return {
      storage,
      localRoot: tmp,
      leftovers: async () => [
        ...listFiles(tmp),
        ...(await s3.incompleteUploads()).map((u) => `upload ${u.key} ${u.uploadId}`),
      ],
      crashMidPut: async (key) => {
        const { UploadId } = await raw.send(
          new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: key }),
        );
        await raw.send(
          new UploadPartCommand({
            Bucket: s3.bucket,
            Key: key,
            UploadId,
            PartNumber: 1,
            Body: Buffer.alloc(5 << 20),
          }),
        );
      },
    };
  });

  it('uploads a large body as a multipart upload, a small one as one PUT', async () => {
    const storage = createS3Storage(s3.options(tempDir()));
    const from = s3.requests.length;
    await storage.put(newStorageKey(), Readable.from([Buffer.alloc(11_000_000, 3)]));
    const multipart = s3.requests
      .slice(from)
      .map((r) => `${r.method} ${r.url.replace(/[0-9a-f]{64}/, 'KEY')}`);
    expect(multipart.filter((r) => /^PUT .*partNumber=/.test(r))).toHaveLength(3);
    expect(multipart.some((r) => /^POST .*\?uploads/.test(r))).toBe(true);
    const next = s3.requests.length;
    await storage.put(newStorageKey(), Readable.from([Buffer.alloc(50_000, 3)]));
    expect(s3.requests.slice(next).map((r) => r.method)).toEqual(['PUT']);
  });

  it('sends a session token with temporary keys', async () => {
    const storage = createS3Storage({
      ...s3.options(tempDir()),
      credentials: {
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        sessionToken: 'sts-token-1',
      },
    });
    const from = s3.requests.length;
    await storage.exists(newStorageKey());
    expect(s3.requests.slice(from)).toEqual([expect.objectContaining({ sessionToken: 'sts-token-1' })]);
  });

  it('without configured keys, takes them from the default credential chain (here: the AWS_* environment)', async () => {
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = s3.secretAccessKey;
    try {
      const config = loadConfig(
        { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: '1', DATA_DIR: tempDir() },
        '/',
      );
      expect(config.storage).toMatchObject({ kind: 's3', credentials: undefined });
      const storage = createStorage(config.storage);
      const key = newStorageKey();
      const from = s3.requests.length;
      await storage.put(key, Readable.from([Buffer.alloc(100, 1)]));
      expect(await storage.exists(key)).toBe(true);
      expect(s3.requests.slice(from).map((r) => r.credential)).toEqual([s3.accessKeyId, s3.accessKeyId]);
    } finally {
      for (const [name, value] of [
        ['AWS_ACCESS_KEY_ID', saved.id],
        ['AWS_SECRET_ACCESS_KEY', saved.secret],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });

  it('is refused with unknown keys, as a StorageError', async () => {
    const storage = createS3Storage({
      ...s3.options(tempDir()),
      credentials: { accessKeyId: 'AKIDUNKNOWN', secretAccessKey: 'wrong' },
    });
    const put = storage.put(newStorageKey(), Readable.from([Buffer.alloc(10)]));
    await expect(put).rejects.toBeInstanceOf(StorageError);
    await expect(put).rejects.toThrow('S3 PUT failed: 403 InvalidAccessKeyId');
  });

  it('lists only keys of its own shape', async () => {
    const storage = createS3Storage(s3.options(tempDir()));
    const raw = new S3Client({
      region: 'eu-central-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'backups/not-ours.txt', Body: 'x' }));
    expect((await keysOf(storage)).every((k) => /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(k))).toBe(
      true,
    );
  });
});

describe('S3 configuration', () => {
  const base = { S3_BUCKET: 'b', DATA_DIR: '/srv/data' };
  it('takes keys as a pair, a session token only with them, or none (the default chain)', () => {
    expect(loadConfig(base).storage).toMatchObject({
      kind: 's3',
      credentials: undefined,
      tmpDir: '/srv/data/tmp',
    });
    expect(
      loadConfig({ ...base, S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_SESSION_TOKEN: 'tok' })
        .storage,
    ).toMatchObject({ credentials: { accessKeyId: 'id', secretAccessKey: 'secret', sessionToken: 'tok' } });
    expect(() => loadConfig({ ...base, S3_ACCESS_KEY_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_SESSION_TOKEN: 'tok' })).toThrow(/S3_SESSION_TOKEN/);
  });
});
