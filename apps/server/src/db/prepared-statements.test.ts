import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test/database.js';
import {
  openDatabase,
  openPostgres,
  PREPARED_MAX_VALUES,
  PREPARED_PER_CONNECTION,
  preparedName,
  renamePrepared,
  type DbScope,
} from './client.js';

/** The rows of a statement (the shared Orm type does not say the driver's result shape). */
async function rowsOf<T>(scope: DbScope, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await scope.execute(query)) as { rows: T[] };
  return result.rows;
}

/**
 * Issue 31 §4, ADR 0052: on PostgreSQL each parameterised statement is prepared once per connection
 * under its text's digest, but pages of lists and searches, whose plans depend on the values.
 */
describe('the name a statement is prepared under', () => {
  const byId = { text: 'select "id" from "files" where "files"."id" = $1', values: ['a'] };

  it('is the digest of its text: the same text, the same name; another text, another name', () => {
    const names = new Map<string, string>();
    const name = preparedName(byId, [byId], names);
    expect(name).toMatch(/^v[\w-]{20}$/);
    expect(preparedName({ ...byId, values: ['b'] }, [byId], names)).toBe(name);
    const other = { text: 'select "id" from "files" where "files"."sha256" = $1', values: ['a'] };
    expect(preparedName(other, [other], names)).not.toBe(name);
    expect(names.size).toBe(2);
  });

  it('is none for a statement without parameters, a text, a named one or a cursor', () => {
    const names = new Map<string, string>();
    expect(preparedName('begin', ['begin'], names)).toBeNull();
    expect(preparedName({ text: 'commit', values: [] }, [{ text: 'commit' }], names)).toBeNull();
    expect(preparedName({ ...byId, name: 'mine' }, [byId], names)).toBeNull();
    const cursor = { ...byId, submit: () => undefined };
    expect(preparedName(cursor, [cursor], names)).toBeNull();
    // Values given beside the config, as pg allows.
    const text = { text: byId.text };
    expect(preparedName(text, [text, ['a']], names)).not.toBeNull();
    expect(names.size).toBe(1);
  });

  it('is none for a page of a list or a search: planned for each call values', () => {
    const names = new Map<string, string>();
    const page = {
      text: 'select "id" from "transactions" where "queue" = $1 order by "queue_rank", "id" limit $2',
      values: ['new', 50],
    };
    const search = { text: 'select "id" from "transactions" where "search_name" like $1', values: ['ne%'] };
    const ilike = { text: 'select "id" from "institutes" where "name" ILIKE $1', values: ['%a%'] };
    for (const q of [page, search, ilike]) expect(preparedName(q, [q], names)).toBeNull();
    // An order without a page (a transaction's records) is prepared.
    const records = {
      text: 'select "name" from "verification_records" where "txn_id" = $1 order by "position"',
      values: ['t'],
    };
    expect(preparedName(records, [records], names)).not.toBeNull();
  });

  it('is none for a statement with more than PREPARED_MAX_VALUES values (a long list, a batch)', () => {
    const names = new Map<string, string>();
    const list = (n: number) => ({
      text: `select "id" from "files" where "id" in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`,
      values: Array.from({ length: n }, (_, i) => String(i)),
    });
    expect(preparedName(list(PREPARED_MAX_VALUES), [list(PREPARED_MAX_VALUES)], names)).not.toBeNull();
    const long = list(PREPARED_MAX_VALUES + 1);
    expect(preparedName(long, [long], names)).toBeNull();
  });

  it('gives a statement whose plan went stale a new name, once; other statements keep theirs', () => {
    const names = new Map<string, string>();
    const other = { text: 'select "id" from "files" where "files"."sha256" = $1', values: ['a'] };
    const first = preparedName(byId, [byId], names)!;
    const otherName = preparedName(other, [other], names);
    renamePrepared(names, first);
    const second = preparedName(byId, [byId], names);
    expect(second).not.toBe(first);
    expect(second).toMatch(new RegExp(`^${first}_\\d+$`));
    expect(preparedName(byId, [byId], names)).toBe(second);
    expect(preparedName(other, [other], names)).toBe(otherName);
    // Stale again (another migration): a third name, from the same stem.
    renamePrepared(names, second!);
    const third = preparedName(byId, [byId], names);
    expect(third).not.toBe(second);
    expect(third).toMatch(new RegExp(`^${first}_\\d+$`));
    expect(names.size).toBe(2);
  });

  it('keeps at most PREPARED_PER_CONNECTION names per connection; beyond, statements go unnamed', () => {
    const names = new Map<string, string>();
    const q = (i: number) => ({ text: `select $1::int + ${i}`, values: [1] });
    for (let i = 0; i < PREPARED_PER_CONNECTION; i++)
      expect(preparedName(q(i), [q(i)], names)).not.toBeNull();
    expect(preparedName(q(-1), [q(-1)], names)).toBeNull();
    // Those names still are.
    expect(preparedName(q(0), [q(0)], names)).not.toBeNull();
    expect(names.size).toBe(PREPARED_PER_CONNECTION);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 120_000);
  afterAll(() => database?.dispose());

  it('prepares a repeated statement once on its connection, and answers each call for its own values', async () => {
    const prepared = await database.db.orm.transaction(async (tx) => {
      // More calls than PostgreSQL's five custom plans, so the generic plan answers the last ones.
      for (let i = 0; i < 8; i++) {
        const [row] = await rowsOf<{ n: number }>(tx, sql`select ${i}::int * 2 as n`);
        expect(row?.n).toBe(i * 2);
      }
      await tx.execute(sql`select ${'a'}::text as page order by 1 limit ${1}`);
      return rowsOf<{ statement: string; generic_plans: number }>(
        tx,
        sql`select statement, generic_plans from pg_prepared_statements`,
      );
    });
    const mine = prepared.filter((r) => r.statement.startsWith('select $1::int * 2'));
    expect(mine).toHaveLength(1);
    expect(Number(mine[0]!.generic_plans)).toBeGreaterThan(0);
    // The page was planned for its values, not names.
    expect(prepared.some((r) => r.statement.includes('limit'))).toBe(false);
  });

  it('a statement first parsed in an aborted transaction is parsed again after the rollback', async () => {
    const single = openPostgres(database.url!, { max: 1 });
    try {
      await expect(
        single.orm.transaction(async (tx) => {
          await tx.execute(sql`select 1 / ${0}::int`).catch(() => undefined);
          await tx.execute(sql`select ${5}::int + 1 as n`);
        }),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/aborted/) } });
      const [row] = await rowsOf<{ n: number }>(single.orm, sql`select ${5}::int + 1 as n`);
      expect(row?.n).toBe(6);
    } finally {
      await single.close();
    }
  });

  it('a statement whose table changed type (a migration elsewhere) fails once, then is prepared again', async () => {
    const single = openPostgres(database.url!, { max: 1 });
    try {
      await single.orm.execute(sql`create table prepared_probe (id int primary key, v int)`);
      await single.orm.execute(sql`insert into prepared_probe values (1, 7)`);
      // In a database transaction, as the repositories read: the connection goes back to the pool
      // after the failure (a failed pool.query would have closed it, names and all).
      const read = () =>
        single.orm.transaction((tx) =>
          rowsOf<{ v: unknown }>(tx, sql`select v from prepared_probe where id = ${1}`),
        );
      for (let i = 0; i < 3; i++) expect((await read())[0]?.v).toBe(7);
      await single.orm.execute(sql`alter table prepared_probe alter column v type text`);
      await expect(read()).rejects.toMatchObject({
        cause: { code: '0A000', message: expect.stringMatching(/cached plan must not change result type/) },
      });
      expect((await read())[0]?.v).toBe('7');
      expect((await read())[0]?.v).toBe('7');
    } finally {
      await single.orm.execute(sql`drop table if exists prepared_probe`);
      await single.close();
    }
  });

  it('prepares none with DATABASE_PREPARED_STATEMENTS=off (a pooler that cannot keep them)', async () => {
    const unprepared = await openDatabase(
      { kind: 'postgres', url: database.url!, prepare: false },
      { max: 1 },
    );
    try {
      const count = await unprepared.orm.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) await tx.execute(sql`select ${i}::int * 3 as n`);
        const [row] = await rowsOf<{ n: number }>(
          tx,
          sql`select count(*)::int as n from pg_prepared_statements`,
        );
        return row?.n;
      });
      expect(count).toBe(0);
    } finally {
      await unprepared.close();
    }
  });
});
