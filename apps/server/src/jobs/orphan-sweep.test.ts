import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  API_PATHS,
  DEFAULT_PARTNER_ORG_ID,
  PARTNER_ORG_HEADER,
  SERVICE_BASES,
  type FileUploadResponse,
} from '@veridocs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { createFilesRepository } from '../modules/files/files-repository.js';
import { createSecretsRepository } from '../modules/secrets/secrets-repository.js';
import { loadInstallationId } from '../modules/secrets/secrets-service.js';
import { multipart, pdfOfSize } from '../modules/files/test-files.js';
import { createStorage, newStorageKey, type Storage } from '../storage/index.js';
import { MARKER_PREFIX } from '../storage/storage.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/database.js';
import { startTestS3, type TestS3 } from '../test/s3-server.js';
import { bearer, createTestApp, expectCode, signUp, type TestApp } from '../test/test-app.js';
import { createOrphanSweep } from './orphan-sweep.js';

const HOUR = 3_600_000;

async function keysOf(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.listObjects()) keys.push(object.key);
  return keys.sort();
}

/** An app built by hand, with the test helpers' request shape. */
const asTestApp = (app: App, db: Database) =>
  ({
    app,
    db,
    request: ({ body, headers, ...rest }: Parameters<TestApp['request']>[0]) =>
      app.inject({
        ...rest,
        headers: { [PARTNER_ORG_HEADER]: DEFAULT_PARTNER_ORG_ID, ...headers },
        ...(body === undefined ? {} : { payload: body as string }),
      }),
  }) as unknown as TestApp;

/** Uploads a PDF through the API: a file with a row. */
async function uploadRecorded(t: TestApp, token: string): Promise<{ key: string; fileId: string }> {
  const { payload, headers } = multipart([
    { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: await pdfOfSize(50_000) },
  ]);
  const res = await t.request({
    method: 'POST',
    url: `${SERVICE_BASES.utility}${API_PATHS.files.upload}`,
    headers: { ...headers, ...bearer(token) },
    payload,
  });
  const { fileId } = expectCode<FileUploadResponse>(res, 0, 200);
  const row = await createFilesRepository(t.db.orm).findById(fileId);
  if (!row) throw new Error('no row');
  return { key: row.storageKey, fileId };
}

interface Setup {
  t: TestApp;
  storage: Storage;
  /** Leaves a partial write of a new key behind (as a process killed mid-upload does). */
  crashMidPut(): Promise<void>;
  partials(): Promise<number>;
  /** Removes an installation marker from the store (as an operator would). */
  dropMarker(id: string): Promise<void>;
}

const installationOf = (db: Database) => () => loadInstallationId(createSecretsRepository(db.orm));

const sweepOf = (s: Setup, options: { exclusive: boolean; startedAt?: Date }) =>
  createOrphanSweep({
    storage: s.storage,
    index: createFilesRepository(s.t.db.orm),
    installationId: installationOf(s.t.db),
    log: s.t.app.log,
    graceMs: HOUR,
    intervalMs: HOUR,
    startedAt: options.startedAt ?? new Date(),
    exclusive: options.exclusive,
  });

/** The sweep's rules, on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
function sweepRules(name: string, setup: () => Promise<Setup>, teardown: () => Promise<void>) {
  describe(name, () => {
    let s: Setup;
    let token: string;
    beforeAll(async () => {
      s = await setup();
      token = (await signUp(s.t)).accessToken;
      // The app's own sweep at start claims the empty store; this waits for that claim.
      await sweepOf(s, { exclusive: false }).sweep(new Date(0));
      expect(await s.storage.installationMarkers()).toEqual([await installationOf(s.t.db)()]);
    });
    afterAll(async () => {
      await s?.t.close();
      await teardown();
    });

    it('removes partial writes and objects with no row once older than the cut-off; never one with a row', async () => {
      const { key: recorded, fileId } = await uploadRecorded(s.t, token);
      const orphan = newStorageKey();
      await s.storage.put(orphan, Readable.from([Buffer.alloc(5000, 1)]));
      await s.crashMidPut();
      expect(await s.partials()).toBe(1);
      const sweep = sweepOf(s, { exclusive: false });

      // Written within the grace period: another instance's upload in progress, left alone.
      expect(await sweep.sweep(new Date(Date.now() - HOUR))).toEqual({ partials: 0, orphans: 0 });
      expect(await keysOf(s.storage)).toEqual([recorded, orphan].sort());

      // Past the cut-off (S3 stamps whole seconds: a cut-off a little ahead takes everything written so far).
      expect(await sweep.sweep(new Date(Date.now() + 2000))).toEqual({ partials: 1, orphans: 1 });
      expect(await keysOf(s.storage)).toEqual([recorded]);
      expect(await s.partials()).toBe(0);
      const content = await s.t.request({
        method: 'GET',
        url: `${SERVICE_BASES.utility}${API_PATHS.files.content(fileId)}`,
        headers: bearer(token),
      });
      expect(content.statusCode).toBe(200);
      await s.storage.delete(recorded);
    });

    it('at start: on the embedded database everything from before the start goes; on a shared one, only past the grace period', async () => {
      const { key: recorded } = await uploadRecorded(s.t, token);
      const orphan = newStorageKey();
      await s.storage.put(orphan, Readable.from([Buffer.alloc(5000, 1)]));
      await s.crashMidPut();
      await new Promise((resolve) => setTimeout(resolve, 20));

      // PostgreSQL with other instances: a restart removes nothing young.
      const shared = sweepOf(s, { exclusive: false, startedAt: new Date() });
      shared.start();
      await shared.stop();
      expect(await keysOf(s.storage)).toEqual([recorded, orphan].sort());
      expect(await s.partials()).toBe(1);

      if (s.storage.kind === 'local') {
        // The embedded database: this process owns the data folder; an upload it began after its start stays.
        const startedAt = new Date();
        await new Promise((resolve) => setTimeout(resolve, 20));
        const inFlight = newStorageKey();
        await s.storage.put(inFlight, Readable.from([Buffer.alloc(5000, 2)]));
        const exclusive = sweepOf(s, { exclusive: true, startedAt });
        exclusive.start();
        await exclusive.stop();
        expect(await keysOf(s.storage)).toEqual([recorded, inFlight].sort());
        expect(await s.partials()).toBe(0);
        await s.storage.delete(inFlight);
      }
      await sweepOf(s, { exclusive: false }).sweep(new Date(Date.now() + 2000));
      expect(await keysOf(s.storage)).toEqual([recorded]);
      await s.storage.delete(recorded);
    });

    it('a store that holds another installation’s marker: none of its objects or partial writes is removed', async () => {
      const own = await installationOf(s.t.db)();
      const orphan = newStorageKey();
      await s.storage.put(orphan, Readable.from([Buffer.alloc(5000, 1)]));
      await s.crashMidPut();
      const other = '7b0c5a2e-0000-4000-8000-000000000001';
      await s.storage.putInstallationMarker(other);
      const sweep = sweepOf(s, { exclusive: true });
      expect(await sweep.sweep(new Date(Date.now() + 2000))).toEqual({ partials: 0, orphans: 0 });
      expect(await keysOf(s.storage)).toEqual([orphan]);
      expect(await s.partials()).toBe(1);
      expect(await s.storage.installationMarkers()).toEqual([own, other].sort());

      // The other installation gone from the store: its own marker alone, the sweep removes again.
      await s.dropMarker(other);
      expect(await sweep.sweep(new Date(Date.now() + 2000))).toEqual({ partials: 1, orphans: 1 });
      expect(await keysOf(s.storage)).toEqual([]);
    });

    it('claims a store without a marker only when every object in it older than the cut-off has a row here', async () => {
      const own = await installationOf(s.t.db)();
      await s.dropMarker(own);
      const { key: recorded } = await uploadRecorded(s.t, token);
      const foreign = newStorageKey();
      await s.storage.put(foreign, Readable.from([Buffer.alloc(5000, 1)]));
      const sweep = sweepOf(s, { exclusive: true });
      // An object this database does not know: perhaps another installation's. Not claimed, nothing removed.
      expect(await sweep.sweep(new Date(Date.now() + 2000))).toEqual({ partials: 0, orphans: 0 });
      expect(await s.storage.installationMarkers()).toEqual([]);
      expect(await keysOf(s.storage)).toEqual([foreign, recorded].sort());

      // Every object known here: the store is claimed.
      await s.storage.delete(foreign);
      expect(await sweep.sweep(new Date(Date.now() + 2000))).toEqual({ partials: 0, orphans: 0 });
      expect(await s.storage.installationMarkers()).toEqual([own]);
      expect(await keysOf(s.storage)).toEqual([recorded]);
      await s.storage.delete(recorded);
    });
  });
}

sweepRules(
  'orphan sweep on local disk',
  async () => {
    const t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
    const dir = t.config.storage.dir;
    return {
      t,
      storage: createStorage(t.config.storage),
      crashMidPut: async () => {
        const key = newStorageKey();
        mkdirSync(dirname(join(dir, key)), { recursive: true });
        writeFileSync(join(dir, `${key}.0a1b2c3d4e5f.part`), Buffer.alloc(8000));
      },
      partials: async () => countParts(dir),
      dropMarker: (id: string) => rm(join(dir, MARKER_PREFIX, id), { force: true }),
    };
  },
  async () => undefined,
);

let s3: TestS3 | undefined;
sweepRules(
  'orphan sweep on S3 (s3rver)',
  async () => {
    s3 = await startTestS3();
    const t = await createTestApp({
      env: {
        OCR_WORKER: 'off',
        ...s3.env(),
      },
    });
    const server = s3;
    const raw = new S3Client({
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    });
    return {
      t,
      storage: createStorage(t.config.storage),
      crashMidPut: async () => {
        const Key = newStorageKey();
        const { UploadId } = await raw.send(new CreateMultipartUploadCommand({ Bucket: server.bucket, Key }));
        await raw.send(
          new UploadPartCommand({
            Bucket: server.bucket,
            Key,
            UploadId,
            PartNumber: 1,
            Body: Buffer.alloc(5 << 20),
          }),
        );
      },
      partials: async () => (await server.incompleteUploads()).length,
      dropMarker: async (id: string) => {
        await raw.send(new DeleteObjectCommand({ Bucket: server.bucket, Key: `${MARKER_PREFIX}${id}` }));
      },
    };
  },
  async () => s3?.close(),
);

function countParts(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.part')).length;
  } catch {
    return 0;
  }
}

describe('sweep configuration', () => {
  it('keeps the sweep grace period above the longest upload', () => {
    expect(loadConfig({}).fileSweep).toEqual({ graceMs: 3_600_000, intervalMs: 900_000 });
    expect(() => loadConfig({ FILE_SWEEP_GRACE_SECONDS: '60' })).toThrow(/FILE_SWEEP_GRACE_SECONDS/);
  });
});

describe('instances on one database and one store (PostgreSQL with S3 or a shared folder in production)', () => {
  it.each(['s3', 'shared folder'])(
    "%s: a starting instance's sweep leaves another instance's uploads in progress alone",
    async (kind) => {
      const bucket = kind === 's3' ? await startTestS3() : undefined;
      const filesDir = mkdtempSync(join(tmpdir(), 'veridocs-shared-files-'));
      const database = await createTestDatabase({ shared: true });
      try {
        const config = loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: join(filesDir, 'data'),
          WEB_DIST_DIR: '/nonexistent',
          OCR_WORKER: 'off',
          ...(bucket ? bucket.env() : { FILES_DIR: join(filesDir, 'files') }),
        });
        const running = await buildApp(config, { db: database.db });
        const asRunning = asTestApp(running, database.db);
        const { key: recorded } = await uploadRecorded(asRunning, (await signUp(asRunning)).accessToken);
        // The running instance has one upload stored and in its checks (no row yet), one streaming in.
        const storage = createStorage(config.storage);
        const inChecks = newStorageKey();
        await storage.put(inChecks, Readable.from([Buffer.alloc(5000, 1)]));
        const streaming = newStorageKey();
        if (bucket) {
          const raw = new S3Client({
            region: 'us-east-1',
            endpoint: bucket.endpoint,
            forcePathStyle: true,
            credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
          });
          await raw.send(new CreateMultipartUploadCommand({ Bucket: bucket.bucket, Key: streaming }));
        } else {
          mkdirSync(dirname(join(filesDir, 'files', streaming)), { recursive: true });
          writeFileSync(join(filesDir, 'files', `${streaming}.0a1b2c3d4e5f.part`), Buffer.alloc(8000));
        }
        await new Promise((resolve) => setTimeout(resolve, 20));

        // Another instance starts (its sweep runs at start; closing it waits for that sweep to end).
        const starting = await buildApp(config, { db: database.db });
        await starting.close();
        expect(await keysOf(storage)).toEqual([inChecks, recorded].sort());
        expect(bucket ? (await bucket.incompleteUploads()).length : countParts(join(filesDir, 'files'))).toBe(
          1,
        );
        await running.close();
      } finally {
        await database.dispose();
        await bucket?.close();
        rmSync(filesDir, { recursive: true, force: true });
      }
    },
  );
});

describe('a store whose database has no files rows at all', () => {
  it('keeps its stored files (another or a new database, not a crash) and still removes partial writes', async () => {
    const t = await createTestApp({ env: { OCR_WORKER: 'off' } });
    try {
      if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
      const dir = t.config.storage.dir;
      const storage = createStorage(t.config.storage);
      const sweep = createOrphanSweep({
        storage,
        index: createFilesRepository(t.db.orm),
        installationId: installationOf(t.db),
        log: t.app.log,
        graceMs: HOUR,
        intervalMs: HOUR,
        startedAt: new Date(),
        exclusive: true,
      });
      // The empty store is this installation's (claimed by the app's sweep at start, or here).
      await sweep.sweep(new Date(0));
      const stored = newStorageKey();
      await storage.put(stored, Readable.from([Buffer.alloc(5000, 1)]));
      const partial = newStorageKey();
      mkdirSync(dirname(join(dir, partial)), { recursive: true });
      writeFileSync(join(dir, `${partial}.0a1b2c3d4e5f.part`), Buffer.alloc(8000));
      expect(await sweep.sweep(new Date(Date.now() + 2000))).toEqual({ partials: 1, orphans: 0 });
      expect(await keysOf(storage)).toEqual([stored]);
    } finally {
      await t.close();
    }
  });
});
