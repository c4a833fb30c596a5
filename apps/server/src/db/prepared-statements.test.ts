import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test/database.js';
import { openPostgres, PREPARED_PER_CONNECTION, preparedName, type DbScope } from './client.js';

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
    const kept = new Set<string>();
    const name = preparedName(byId, [byId], kept);
    expect(name).toMatch(/^v[\w-]{20}$/);
    expect(preparedName({ ...byId, values: ['b'] }, [byId], kept)).toBe(name);
    const other = { text: 'select "id" from "files" where "files"."sha256" = $1', values: ['a'] };
    expect(preparedName(other, [other], kept)).not.toBe(name);
    expect(kept.size).toBe(2);
  });

  it('is none for a statement without parameters, a text, a named one or a cursor', () => {
    const kept = new Set<string>();
    expect(preparedName('begin', ['begin'], kept)).toBeNull();
    expect(preparedName({ text: 'commit', values: [] }, [{ text: 'commit' }], kept)).toBeNull();
    expect(preparedName({ ...byId, name: 'mine' }, [byId], kept)).toBeNull();
    const cursor = { ...byId, submit: () => undefined };
    expect(preparedName(cursor, [cursor], kept)).toBeNull();
    // Values given beside the config, as pg allows.
    const text = { text: byId.text };
    expect(preparedName(text, [text, ['a']], kept)).not.toBeNull();
    expect(kept.size).toBe(1);
  });

  it('is none for a page of a list or a search: planned for each call values', () => {
    const kept = new Set<string>();
    const page = {
      text: 'select "id" from "transactions" where "queue" = $1 order by "queue_rank", "id" limit $2',
      values: ['new', 50],
    };
    const search = { text: 'select "id" from "transactions" where "search_name" like $1', values: ['ne%'] };
    const ilike = { text: 'select "id" from "institutes" where "name" ILIKE $1', values: ['%a%'] };
    for (const q of [page, search, ilike]) expect(preparedName(q, [q], kept)).toBeNull();
    // An order without a page (a transaction's records) is prepared.
    const records = {
      text: 'select "name" from "verification_records" where "txn_id" = $1 order by "position"',
      values: ['t'],
    };
    expect(preparedName(records, [records], kept)).not.toBeNull();
  });

  it('keeps at most PREPARED_PER_CONNECTION names per connection; beyond, statements go unnamed', () => {
    const kept = new Set<string>();
    const q = (i: number) => ({ text: `select $1::int + ${i}`, values: [1] });
    for (let i = 0; i < PREPARED_PER_CONNECTION; i++) expect(preparedName(q(i), [q(i)], kept)).not.toBeNull();
    expect(preparedName(q(-1), [q(-1)], kept)).toBeNull();
    // Those kept still are.
    expect(preparedName(q(0), [q(0)], kept)).not.toBeNull();
    expect(kept.size).toBe(PREPARED_PER_CONNECTION);
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
    // The page was planned for its values, not kept.
    expect(prepared.some((r) => r.statement.includes('limit'))).toBe(false);
  });

  it('prepares none with DATABASE_PREPARED_STATEMENTS=off (a pooler that cannot keep them)', async () => {
    const unprepared = openPostgres(database.url!, { max: 1, prepare: false });
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
