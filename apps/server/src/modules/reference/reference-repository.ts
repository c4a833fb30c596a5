import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { referenceOptions } from '../../db/schema/index.js';

export type ReferenceKind = 'institute' | 'board';

export function createReferenceRepository(orm: Orm) {
  return {
    /** Every entry of a list (a few thousand at most), ordered by name. */
    async all(
      kind: ReferenceKind,
    ): Promise<{ name: string; value: string; state: string | null; city: string | null }[]> {
      return orm
        .select({
          name: referenceOptions.name,
          value: referenceOptions.value,
          state: referenceOptions.state,
          city: referenceOptions.city,
        })
        .from(referenceOptions)
        .where(eq(referenceOptions.kind, kind))
        .orderBy(asc(referenceOptions.name), asc(referenceOptions.value));
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
