import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS, Upload } from '@tus/server';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createResumableUploadsRepository } from './resumable-uploads-repository.js';
import { createUploadLocker, LOCK_LOST } from './upload-locker.js';

/** Two lockers on one database: two instances of the server (ADR 0050 "Resumable uploads (tus)"). */
describe("tus's lock on an upload, shared by instances", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  const instance = (options: { leaseMs?: number; acquireTimeoutMs?: number; pieceBytes?: number } = {}) =>
    createUploadLocker({
      repo: createResumableUploadsRepository(database.db.orm),
      listen: (channel, onMessage) => database.db.listen(channel, onMessage),
      log: Fastify({ logger: false }).log,
      retryMs: 20,
      ...options,
    });

  it('asks the holder on another instance to let go, then takes the lock when it does', async () => {
    const a = instance();
    const b = instance();
    // The listeners are live once their LISTEN ran.
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      const first = a.newLock('upload-1');
      let asked = 0;
      await first.lock(new AbortController().signal, () => {
        asked += 1;
        // The older request ends (tus aborts it) and unlocks.
        void first.unlock();
      });
      const second = b.newLock('upload-1');
      let secondAsked = 0;
      await second.lock(new AbortController().signal, () => {
        secondAsked += 1;
      });
      expect(asked).toBe(1);
      // Its own request for release reaches its instance too, maybe after it took the lock: ignored.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondAsked).toBe(0);
      await second.unlock();
      // Free again: taken at once, nobody asked.
      const third = a.newLock('upload-1');
      await third.lock(new AbortController().signal, () => undefined);
      await third.unlock();
    } finally {
      a.close();
      b.close();
    }
  });

  it('waits no longer than its limit for a holder that does not let go, and takes a dead one over', async () => {
    const a = instance({ leaseMs: 1_500 });
    const b = instance({ acquireTimeoutMs: 400 });
    try {
      const stubborn = a.newLock('upload-2');
      await stubborn.lock(new AbortController().signal, () => undefined);
      await expect(b.newLock('upload-2').lock(new AbortController().signal, () => undefined)).rejects.toBe(
        ERRORS.ERR_LOCK_TIMEOUT,
      );
      // Its holder dies (no renewal, no unlock): the lease ends and another instance takes the upload.
      a.close();
      const patient = instance({ acquireTimeoutMs: 10_000 });
      const taken = patient.newLock('upload-2');
      const started = Date.now();
      await taken.lock(new AbortController().signal, () => undefined);
      expect(Date.now() - started).toBeLessThan(10_000);
      await taken.unlock();
      patient.close();
    } finally {
      b.close();
    }
  });

  it("fences a holder that lost its lease: its late write keeps nothing (423), the offset stays the new holder's", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tus-fence-'));
    const store = new FileStore({ directory: dir });
    // Two instances; the first one's process "pauses": no renewal, no message heard, its lease ends.
    const a = instance({ leaseMs: 300 });
    const b = instance();
    const id = 'fenced-upload';
    try {
      await store.create(new Upload({ id, size: 10, offset: 0 }));
      const [storeA, storeB] = [a.fence(store), b.fence(store)];
      const body = (text: string) => Readable.from([Buffer.from(text)]);
      let resume!: () => void;
      const paused = new Promise<void>((resolve) => {
        resume = resolve;
      });
      let locked!: () => void;
      const lockedA = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // The slow request: takes the lock, then its body arrives only after its lease ended.
      const slow = a.run(async () => {
        const lock = a.newLock(id);
        await lock.lock(new AbortController().signal, () => undefined);
        a.close();
        locked();
        await paused;
        try {
          return await storeA.write(body('AAAAA'), id, 0);
        } finally {
          await lock.unlock();
        }
      });
      await lockedA;
      // The lease (300 ms) ends; another instance's request takes the upload over and writes.
      await b.run(async () => {
        const lock = b.newLock(id);
        await lock.lock(new AbortController().signal, () => undefined);
        try {
          expect(await storeB.write(body('BBB'), id, 0)).toBe(3);
        } finally {
          await lock.unlock();
        }
      });
      resume();
      await expect(slow).rejects.toBe(LOCK_LOST);
      expect(LOCK_LOST.status_code).toBe(423);
      expect((await store.getUpload(id)).offset).toBe(3);
      const bytes: Buffer[] = [];
      for await (const chunk of store.read(id)) bytes.push(chunk as Buffer);
      expect(Buffer.concat(bytes).toString()).toBe('BBB');
      // A request that still holds its lock commits as before.
      const c = instance();
      await c.run(async () => {
        const lock = c.newLock(id);
        await lock.lock(new AbortController().signal, () => undefined);
        try {
          expect(await c.fence(store).write(body('CC'), id, 3)).toBe(5);
        } finally {
          await lock.unlock();
        }
      });
      c.close();
    } finally {
      b.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
  it('writes a long body in fenced pieces: one piece in memory at a time, none after the lock is lost', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tus-pieces-'));
    const store = new FileStore({ directory: dir });
    const a = instance({ pieceBytes: 4 });
    const id = 'pieced-upload';
    const writes: number[] = [];
    // The store sees each piece as its own write, at the offset the previous one reached.
    const counting = new Proxy(store, {
      get(target, property) {
        if (property === 'write')
          return async (stream: Readable, uploadId: string, offset: number) => {
            const written = await target.write(stream, uploadId, offset);
            writes.push(written - offset);
            return written;
          };
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    try {
      await store.create(new Upload({ id, size: 20, offset: 0 }));
      const chunks = ['ab', 'cd', 'ef', 'gh', 'ij', 'k'].map((text) => Buffer.from(text));
      await a.run(async () => {
        const lock = a.newLock(id);
        await lock.lock(new AbortController().signal, () => undefined);
        try {
          expect(await a.fence(counting).write(Readable.from(chunks), id, 0)).toBe(11);
        } finally {
          await lock.unlock();
        }
      });
      expect(writes).toEqual([4, 4, 3]);
      // The lock lost after the first piece: that piece stays, the rest is refused.
      await a.run(async () => {
        const lock = a.newLock(id);
        await lock.lock(new AbortController().signal, () => undefined);
        async function* body() {
          yield Buffer.from('lmno');
          // Another instance takes the upload over once the first piece is written (the stream reads ahead).
          while (writes.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
          await database.db.orm.execute(
            sql`update resumable_upload_locks set holder = 'another-instance' where upload_id = ${id}`,
          );
          yield Buffer.from('pq');
        }
        try {
          await expect(a.fence(counting).write(Readable.from(body()), id, 11)).rejects.toBe(LOCK_LOST);
        } finally {
          await lock.unlock();
        }
      });
      expect((await store.getUpload(id)).offset).toBe(15);
    } finally {
      a.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
