import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { INSTANCE_MARKERS, putInstanceMarker } from '../storage/instance-markers.js';
import { createStorageInstancesRepository } from '../modules/files/storage-instances-repository.js';
import { createStorageInstanceGuard, StorageNotSharedError } from './storage-instances.js';

/**
 * Issue 31 §3: a document uploaded on one instance was 404 on another with local storage. Instances on
 * one database must share one file store; a second instance whose folder does not show the first one's
 * files refuses to start.
 */
describe('instances on one database and their file stores', () => {
  let database: TestDatabase;
  const folders: string[] = [];
  const apps: TestApp[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'veridocs-files-'));
    folders.push(dir);
    return dir;
  };
  const start = async (filesDir: string) => {
    const t = await createTestApp({ database: database.db, env: { FILES_DIR: filesDir, OCR_WORKER: 'off' } });
    apps.push(t);
    return t;
  };
  const stop = async (t: TestApp) => {
    apps.splice(apps.indexOf(t), 1);
    await t.close();
  };
  type Row = { id: string; location: string; kind: string };
  const rows = async (): Promise<Row[]> =>
    (
      (await database.db.orm.execute<Row>(
        sql`select id, location, kind from storage_instances order by started_at`,
      )) as { rows: Row[] }
    ).rows;
  const markers = (dir: string) =>
    existsSync(join(dir, INSTANCE_MARKERS)) ? readdirSync(join(dir, INSTANCE_MARKERS)) : [];

  beforeAll(async () => {
    database = await createTestDatabase({ shared: true });
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
    await database.db.orm.execute(sql`delete from storage_instances`);
  });
  afterAll(async () => {
    await database?.dispose();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second instance whose folder does not show the first one’s files', async () => {
    const a = folder();
    const b = folder();
    await start(a);
    const [first] = await rows();
    expect(first).toMatchObject({ kind: 'local', location: a });
    expect(markers(a)).toEqual([first!.id]);

    const refused = start(b);
    await expect(refused).rejects.toThrow(StorageNotSharedError);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `another instance on this database keeps uploaded files where this one cannot read them[\\s\\S]*` +
          `instance ${first!.id} \\(host .+, process \\d+, counted for \\d+ s more without a heartbeat\\) writes its files to ${a}[\\s\\S]*` +
          `not in this instance's folder ${b}[\\s\\S]*S3 \\(S3_BUCKET\\) or one folder that every instance mounts`,
      ),
    );
    // The refused instance left nothing behind: the first one is still the only one.
    expect((await rows()).map((r) => r.id)).toEqual([first!.id]);
    expect(markers(b)).toEqual([]);
  });

  it('lets instances on one folder run together, and each stop removes its row and marker', async () => {
    const shared = folder();
    const a = await start(shared);
    const b = await start(shared);
    const registered = await rows();
    expect(registered).toHaveLength(2);
    expect(markers(shared).sort()).toEqual(registered.map((r) => r.id).sort());
    await stop(a);
    expect(await rows()).toHaveLength(1);
    expect(markers(shared)).toHaveLength(1);
    await stop(b);
    expect(await rows()).toEqual([]);
    expect(markers(shared)).toEqual([]);
  });

  it('after a clean stop, an instance on another folder starts', async () => {
    const a = await start(folder());
    await stop(a);
    await start(folder());
    expect(await rows()).toHaveLength(1);
  });

  it('restarts after a kill: the dead instance’s row names a marker in the same folder', async () => {
    const dir = folder();
    // What a killed instance leaves: its live row and its marker.
    const dead = randomUUID();
    await putInstanceMarker(dir, dead);
    await database.db.orm.execute(
      sql`insert into storage_instances (id, host, pid, kind, location) values (${dead}, 'gone', 1, 'local', ${dir})`,
    );
    await start(dir);
    expect(await rows()).toHaveLength(2);
    // Elsewhere it would be refused until that row goes stale.
    await expect(start(folder())).rejects.toThrow(StorageNotSharedError);
  });

  it('does not count an instance silent past the stale period, and clears its row', async () => {
    const a = folder();
    await start(a);
    const [first] = await rows();
    await database.db.orm.execute(
      sql`update storage_instances set heartbeat_at = now() - interval '10 minutes' where id = ${first!.id}`,
    );
    const b = folder();
    await start(b);
    expect((await rows()).map((r) => r.location)).toEqual([b]);
  });

  it('clears the markers of dead instances from its folder, never a live one’s', async () => {
    const dir = folder();
    const dead = randomUUID();
    await putInstanceMarker(dir, dead);
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(join(dir, INSTANCE_MARKERS, dead), old, old);
    // A marker just written, whose row is not in yet (an instance starting at this moment).
    const starting = randomUUID();
    await putInstanceMarker(dir, starting);
    await start(dir);
    const [own] = await rows();
    expect(markers(dir).sort()).toEqual([own!.id, starting].sort());
  });

  it('heartbeats its row, comes back when removed as stale, and logs a conflict found later', async () => {
    const dir = folder();
    const errors: unknown[] = [];
    const log = {
      error: (o: unknown) => errors.push(o),
      warn: () => undefined,
    } as unknown as FastifyBaseLogger;
    const registry = createStorageInstancesRepository(database.db.orm);
    const guard = createStorageInstanceGuard({
      registry,
      storage: { kind: 'local', dir },
      log,
      heartbeatMs: 50,
    });
    await guard.start();
    try {
      const [own] = await rows();
      await database.db.orm.execute(
        sql`update storage_instances set heartbeat_at = now() - interval '2 minutes' where id = ${own!.id}`,
      );
      await expect
        .poll(async () => {
          const { rows: beat } = (await database.db.orm.execute<{ age: number }>(
            sql`select extract(epoch from now() - heartbeat_at) as age from storage_instances where id = ${own!.id}`,
          )) as { rows: { age: number }[] };
          return Number(beat[0]?.age ?? 999);
        })
        .toBeLessThan(60);
      await database.db.orm.execute(sql`delete from storage_instances`);
      await expect.poll(async () => (await rows()).map((r) => r.id)).toEqual([own!.id]);
      // Another instance on a folder this one cannot see (it got in while the check was not looking).
      await database.db.orm.execute(
        sql`insert into storage_instances (id, host, pid, kind, location) values (${randomUUID()}, 'other', 1, 'local', '/elsewhere')`,
      );
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(errors[0])).toMatch(/writes its files to \/elsewhere on its host/);
    } finally {
      await guard.stop();
    }
    expect(markers(dir)).toEqual([]);
  });

  it('refuses local storage beside a live instance on S3, and S3 beside one on a folder', async () => {
    await database.db.orm.execute(
      sql`insert into storage_instances (id, host, pid, kind, location) values (${randomUUID()}, 'other', 1, 's3', 's3://veridocs-files')`,
    );
    await expect(start(folder())).rejects.toThrow(
      /keeps its files in s3:\/\/veridocs-files; this one in the local folder/,
    );
  });
});
