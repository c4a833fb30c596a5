import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, MIGRATIONS_FOLDER, openPostgres, type Database } from '../db/client.js';
import { referenceListsDigest, seedReferenceLists } from '../db/seed.js';

/**
 * Fresh databases for tests. PGlite (default): a migrated in-memory snapshot holding the reference lists
 * (14,000 rows every app's seed would otherwise write), made once and cached in the temp folder (keyed by
 * the migrations and the lists), loaded per app in well under a second. PostgreSQL (when
 * TEST_DATABASE_URL is set): a uniquely named copy of a template database (the same content) per app on
 * that server, dropped afterwards.
 */
export interface TestDatabase {
  db: Database;
  /** PostgreSQL only: the database's URL, for a test that opens a second connection pool to it. */
  url?: string;
  /** Every SQL statement the app sends (BEGIN and COMMIT included): what a request costs (issue 31 §4). */
  statements: StatementLog;
  /** Closes the connection and removes the database. */
  dispose(): Promise<void>;
}

export interface StatementLog {
  /** Every statement's text (PostgreSQL; PGlite does not show them to a hook, so '?' there). */
  readonly texts: readonly string[];
  /**
   * The statements `fn` sends: those of its own async calls, not of a job loop running meanwhile
   * (AsyncLocalStorage); `uncounted` runs a part that is not to be counted.
   */
  measure(fn: (uncounted: <T>(f: () => Promise<T>) => Promise<T>) => Promise<void>): Promise<string[]>;
}

function statementLog(): StatementLog & { add(text: string): void } {
  const texts: string[] = [];
  const current = new AsyncLocalStorage<string[]>();
  return {
    texts,
    add: (text) => {
      texts.push(text);
      current.getStore()?.push(text);
    },
    async measure(fn) {
      const mine: string[] = [];
      await current.run(mine, () => fn((f) => current.exit(f)));
      return mine;
    },
  };
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
/** A Redis for the shared rate-limit test (CI sets it with PostgreSQL: the several-instance setup). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/** Changes when the migrations, the reference lists or the PGlite version change (a new snapshot is made then). */
function snapshotKey(): string {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(pgliteEntry), '..', 'package.json')));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  hash.update(referenceListsDigest());
  return hash.digest('hex').slice(0, 16);
}

async function pgliteSnapshot(): Promise<Buffer> {
  const file = join(tmpdir(), `veridocs-test-pglite-${snapshotKey()}.tar`);
  if (existsSync(file)) return readFileSync(file);
  const client = await PGlite.create();
  const db = fromPglite(client);
  await db.migrate();
  await seedReferenceLists(db.orm);
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await db.close();
  // Written under a unique name and renamed: parallel workers never read a half-written file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  return dump;
}

let snapshot: Promise<Buffer> | undefined;

/**
 * The snapshot, made once per process. A failed making is forgotten: test files share the process (ADR
 * 0036), and one that met a full disk must not fail every later file of the worker.
 */
function pgliteSnapshotOnce(): Promise<Buffer> {
  if (snapshot) return snapshot;
  const making = pgliteSnapshot();
  snapshot = making;
  making.catch(() => {
    if (snapshot === making) snapshot = undefined;
  });
  return making;
}

/**
 * Fills a data folder with the snapshot (migrated, the reference lists in): a test of the real server
 * process that needs no fresh start skips most of its first start's work.
 */
export async function preparePgliteFolder(dataDir: string): Promise<void> {
  const dump = pgliteSnapshotOnce();
  mkdirSync(dirname(dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir: new Blob([await dump]) });
  await client.close();
}

async function freshPglite(shared: boolean): Promise<TestDatabase> {
  const dump = pgliteSnapshotOnce();
  // In memory and thrown away: no need to wait for the (virtual) file system after each query.
  const client = await PGlite.create({ loadDataDir: new Blob([await dump]), relaxedDurability: true });
  // One app per database unless the test shares it between several (instances.test.ts).
  const db = fromPglite(client, { exclusive: !shared });
  // Every query, exec, BEGIN and COMMIT runs through this one (PGlite's own lock around a statement).
  const statements = statementLog();
  const inner = client as unknown as { _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> };
  const run = inner._runExclusiveQuery.bind(client);
  inner._runExclusiveQuery = (fn) => {
    statements.add('?');
    return run(fn);
  };
  return { db, statements, dispose: () => db.close() };
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * PostgreSQL's counterpart of the snapshot: a template database, migrated and holding the reference
 * lists, made once per key by whichever worker comes first (an advisory lock keeps the others waiting)
 * and copied for each app. Templates of other keys are left alone: another run (a worktree on an older
 * commit) may be copying one; a template left half made by a stopped run is made again.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const template = `veridocs_template_${snapshotKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('veridocs-test-template'))`);
    const { rows } = await admin.query<{ datistemplate: boolean }>(
      'select datistemplate from pg_database where datname = $1',
      [template],
    );
    if (!rows[0]?.datistemplate) {
      // Absent, or left half made (it is marked a template only once complete).
      if (rows[0]) await admin.query(`drop database if exists "${template}" with (force)`);
      await admin.query(`create database "${template}"`);
      const db = openPostgres(databaseUrl(serverUrl, template), { max: 2 });
      try {
        await db.migrate();
        await seedReferenceLists(db.orm);
      } finally {
        await db.close();
      }
      await admin.query(`alter database "${template}" is_template true`);
    }
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('veridocs-test-template'))`).catch(() => {});
    await admin.end();
  }
  return template;
}

let template: Promise<string> | undefined;

async function freshPostgres(serverUrl: string): Promise<TestDatabase> {
  const pending = (template ??= postgresTemplate(serverUrl));
  // A failure is reported by this call; the next one tries again.
  pending.catch(() => {
    if (template === pending) template = undefined;
  });
  const name = `veridocs_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${await pending}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  const statements = statementLog();
  const db = openPostgres(url, { max: 5, onStatement: statements.add });
  return {
    db,
    url,
    statements,
    dispose: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** A new database for one app: migrated, holding the reference lists and nothing else. */
export function createTestDatabase({ shared = false }: { shared?: boolean } = {}): Promise<TestDatabase> {
  return TEST_DATABASE_URL ? freshPostgres(TEST_DATABASE_URL) : freshPglite(shared);
}
