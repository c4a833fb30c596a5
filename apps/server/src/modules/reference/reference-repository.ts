import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { referenceOptions } from '../../db/schema/index.js';

export type ReferenceKind = 'institute' | 'board';

/** `%`, `_` and `\` in a search are literal characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createReferenceRepository(orm: Orm) {
  return {
    async search(
      kind: ReferenceKind,
      search: string | undefined,
      seed: number,
      limit: number,
    ): Promise<{ rows: { name: string; value: string }[]; total: number }> {
      const where = search
        ? and(eq(referenceOptions.kind, kind), ilike(referenceOptions.name, `%${escapeLike(search)}%`))
        : eq(referenceOptions.kind, kind);
      const rows = await orm
        .select({ name: referenceOptions.name, value: referenceOptions.value })
        .from(referenceOptions)
        .where(where)
        .orderBy(asc(referenceOptions.name), asc(referenceOptions.value))
        .offset(seed)
        .limit(limit);
      const [total] = await orm.select({ n: count() }).from(referenceOptions).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** The entries of a list among these values. */
    async findValues(
      kind: ReferenceKind,
      values: readonly string[],
    ): Promise<{ name: string; value: string }[]> {
      if (values.length === 0) return [];
      return orm
        .select({ name: referenceOptions.name, value: referenceOptions.value })
        .from(referenceOptions)
        .where(and(eq(referenceOptions.kind, kind), inArray(referenceOptions.value, [...values])));
    },
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
