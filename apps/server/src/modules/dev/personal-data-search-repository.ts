import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Storage } from '../../storage/storage.js';

/** Where a searched string was found: a table's column (with how many rows), or a stored object. */
export interface PersonalDataHit {
  /** The string, or `bytes[i]` for the i-th byte needle. */
  needle: string;
  table?: string;
  column?: string;
  rows?: number;
  objectKey?: string;
}

const TEXT_TYPES = ['text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED'];

/**
 * Searches EVERY table of the public schema (each column of a text, JSON or array type, by
 * information_schema) and, when given, every object of the file storage, for each needle (case-insensitive
 * as a substring in the database; exact bytes in storage, where `bytes` adds needles such as a file's
 * content). Erasure's test (issue 29) and the final end-to-end check use it: what is left must be
 * only what ADR 0049 "Erasure" keeps.
 */
export async function searchPersonalData(
  db: Database,
  needles: string[],
  { storage, bytes = [] }: { storage?: Storage; bytes?: Buffer[] } = {},
): Promise<PersonalDataHit[]> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const columns = rows<{ table_name: string; column_name: string; data_type: string }>(
    await db.orm.execute(sql`select c.table_name, c.column_name, c.data_type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
  ).filter((c) => TEXT_TYPES.includes(c.data_type));
  const hits: PersonalDataHit[] = [];
  for (const needle of needles.filter((n) => n.length > 0)) {
    const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    for (const { table_name: table, column_name: column } of columns) {
      const q = sql`select count(*)::int as n from ${sql.identifier(table)}
        where ${sql.identifier(column)}::text ilike ${pattern}`;
      const [found] = rows<{ n: number }>(await db.orm.execute(q));
      if (found && found.n > 0) hits.push({ needle, table, column, rows: found.n });
    }
  }
  if (storage) {
    const wanted = [
      ...needles.filter((n) => n.length > 0).map((n) => ({ n, b: Buffer.from(n, 'utf8') })),
      ...bytes.map((b, i) => ({ n: `bytes[${String(i)}]`, b })),
    ];
    for await (const object of storage.listObjects()) {
      const stream = await storage.get(object.key);
      if (!stream) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      const body = Buffer.concat(chunks);
      for (const { n, b } of wanted) if (body.includes(b)) hits.push({ needle: n, objectKey: object.key });
    }
  }
  return hits;
}
