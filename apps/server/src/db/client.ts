import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';
import type { InvalidationBus } from '../lib/read-cache.js';
import { lockFolder } from './folder-lock.js';
import { createNotifyBus } from './notify-bus.js';

export { DatabaseLockedError } from './folder-lock.js';

/** The Drizzle handle every repository receives; identical API on both drivers. */
export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;
/**
 * An open database transaction as one repository hands it to another (through the services, which
 * only pass it on), so that writes of two modules commit or roll back together.
 */
export type DbScope = Orm;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly kind: DatabaseKind;
  readonly orm: Orm;
  /**
   * True when this process is the database's only user (the embedded PGlite folder it locked), so
   * in-process read caches stay coherent (lib/read-cache.ts). False on PostgreSQL.
   */
  readonly exclusive: boolean;
  /** Cross-instance cache invalidation (PostgreSQL LISTEN/NOTIFY); null where none is needed or possible. */
  readonly cacheBus: InvalidationBus | null;
  /**
   * Listens on a NOTIFY channel (notifications, ADR 0030): PostgreSQL's LISTEN on the notify bus's
   * connection, so messages of every instance arrive; PGlite's in-process listen. A message sent with
   * pg_notify inside a database transaction arrives at its commit, never after a rollback. `onReset`:
   * messages may have been lost. Answers the function that stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReset?: () => void): () => void;
  /** Applies pending migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The committed drizzle-kit output; copied next to the compiled file by scripts/copy-migrations.mjs. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant: the advisory lock that lets one instance migrate while the others wait. */
const MIGRATION_LOCK_KEY = 7_243_911;

/** Wraps an open PGlite (a folder, memory, or a loaded snapshot). One connection: PGlite is single-user. */
export function fromPglite(
  client: PGlite,
  { onClose = () => undefined, exclusive = false }: { onClose?: () => void; exclusive?: boolean } = {},
): Database {
  const orm = drizzlePglite({ client, schema });
  // Apps sharing this handle (tests) migrate one after the other, like instances on PostgreSQL.
  let migrating: Promise<void> = Promise.resolve();
  return {
    kind: 'pglite',
    exclusive,
    cacheBus: null,
    orm,
    listen: (channel, onMessage) => {
      let stopped = false;
      let stop: (() => Promise<void>) | undefined;
      client
        .listen(channel, onMessage)
        .then((unsubscribe) => {
          if (stopped) void unsubscribe();
          else stop = unsubscribe;
        })
        .catch(() => undefined);
      return () => {
        stopped = true;
        if (stop && !client.closed) void stop().catch(() => undefined);
      };
    },
    migrate: () => {
      const run = migrating.then(() => migratePglite(orm, { migrationsFolder: MIGRATIONS_FOLDER }));
      migrating = run.catch(() => undefined);
      return run;
    },
    close: async () => {
      if (!client.closed) await client.close();
      onClose();
    },
  };
}

export async function openPglite(dataDir?: string): Promise<Database> {
  if (!dataDir) return fromPglite(await PGlite.create(), { exclusive: true });
  mkdirSync(dataDir, { recursive: true });
  const unlock = await lockFolder(dataDir);
  try {
    return fromPglite(await PGlite.create({ dataDir }), { onClose: unlock, exclusive: true });
  } catch (error) {
    unlock();
    throw error;
  }
}

export interface PostgresOptions {
  max?: number;
  /** An idle client that loses its connection must not crash the process; it is reported here. */
  onError?: (error: Error) => void;
  /** Sees the text (or prepared name) of every statement sent on the pool: tests count them (issue 31 §4). */
  onStatement?: (text: string) => void;
  /** Prepares parameterised statements once per connection (default; ADR 0052). */
  prepare?: boolean;
}

/** Statements one connection keeps prepared at most; the rest are sent unnamed (bounded backend memory). */
export const PREPARED_PER_CONNECTION = 500;
/**
 * A statement with more values than this is sent unnamed: such texts vary with a list's length
 * (`in ($1, …, $n)`, a batch insert) and would fill the connection's names with one-off statements.
 */
export const PREPARED_MAX_VALUES = 64;

/** What pg's client.query takes: a text, a query config (Drizzle's) or a submittable (a cursor). */
type QueryArgs = [string | { text?: string; name?: string; values?: unknown }, ...unknown[]];

/**
 * The names one connection gave out: a statement's text → the name it is prepared under there (by
 * text, so a known statement costs a lookup; the digest is taken once, when a text is first named).
 */
export type PreparedNames = Map<string, string>;

/**
 * Pages of lists (an order and a limit) and searches (a pattern): their best plan depends on the
 * values (a name's prefix, a queue of 10 or of 100,000 rows), so they stay unnamed, planned each call.
 */
const PLANNED_EACH_TIME = /\border\s+by\b[\s\S]*\b(limit|offset)\b|\b(i?like|similar\s+to)\b/i;

/**
 * The name a statement is prepared under on a connection: its text's digest. PostgreSQL then parses
 * it once per connection and, after a few calls, keeps a generic plan: the journey's backends spent a
 * third of their CPU planning the same single-row reads and writes again (issue 31 §4, ADR 0052).
 * Only parameterised statements are named (begin, commit, a bare text are not); null: unnamed.
 */
export function preparedName(first: QueryArgs[0], args: QueryArgs, names: PreparedNames): string | null {
  if (typeof first === 'string' || first.name || !first.text || 'submit' in first) return null;
  const known = names.get(first.text);
  if (known) return known;
  if (names.size >= PREPARED_PER_CONNECTION || PLANNED_EACH_TIME.test(first.text)) return null;
  const values = first.values ?? args[1];
  if (!Array.isArray(values) || values.length === 0 || values.length > PREPARED_MAX_VALUES) return null;
  const name = `v${createHash('sha1').update(first.text).digest('base64url').slice(0, 20)}`;
  names.set(first.text, name);
  return name;
}

/**
 * What PostgreSQL answers a prepared statement that no longer fits its tables (a migration of another
 * instance changed a column's type): "cached plan must not change result type", a type mismatch.
 */
const STALE_STATEMENT_CODES = new Set(['0A000', '42804', '42883']);

/**
 * After such an answer the statement's text gets a new name on this connection, so its next call is
 * parsed again against the tables as they are (the old name's parse stays fixed: pg would bind it).
 */
export function renamePrepared(names: PreparedNames, name: string): void {
  const base = name.replace(/_\d+$/, '');
  for (const [text, given] of names) if (given === name) names.set(text, `${base}_${++renames}`);
}
let renames = 0;

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', (error) => options.onError?.(error));
  const { onStatement, prepare = true } = options;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const names: PreparedNames = new Map();
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [first] = args as QueryArgs;
      onStatement?.(typeof first === 'string' ? first : (first.text ?? first.name ?? '?'));
      const name = prepare ? preparedName(first, args as QueryArgs, names) : null;
      if (!name) return query(...args);
      args[0] = { ...(first as object), name };
      const result = query(...args) as Promise<unknown> | undefined;
      if (typeof result?.catch !== 'function') return result;
      return result.catch((error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && STALE_STATEMENT_CODES.has(code)) renamePrepared(names, name);
        throw error;
      });
    };
  });
  let closed = false;
  const orm = drizzlePg({ client: pool, schema });
  const cacheBus = createNotifyBus(url, pool, (error) => options.onError?.(error));
  return {
    kind: 'postgres',
    exclusive: false,
    cacheBus,
    orm,
    listen: (channel, onMessage, onReset) => cacheBus.listen(channel, onMessage, onReset),
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await cacheBus.close();
      await pool.end();
    },
  };
}

export async function openDatabase(
  config: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; prepare?: boolean },
  options: PostgresOptions = {},
): Promise<Database> {
  return config.kind === 'postgres'
    ? openPostgres(config.url, { ...options, prepare: options.prepare ?? config.prepare })
    : openPglite(config.dataDir);
}
