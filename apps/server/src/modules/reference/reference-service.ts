import type { z } from 'zod';
import {
  API_PATHS,
  SERVICE_BASES,
  type referenceListQuerySchema,
  type referenceListSchema,
} from '@veridocs/shared';
import type { ReferenceKind, ReferenceRepository } from './reference-repository.js';

type Query = z.infer<typeof referenceListQuerySchema>;
type List = z.infer<typeof referenceListSchema>;

/** A config's autocompleteSource → its list: the full API path, or the utility-relative one the web also takes. */
const KIND_BY_SOURCE: ReadonlyMap<string, ReferenceKind> = new Map(
  (
    [
      [API_PATHS.utility.institutes, 'institute'],
      [API_PATHS.utility.boards, 'board'],
    ] as const
  ).flatMap(([path, kind]) => [
    [path, kind],
    [`${SERVICE_BASES.utility}${path}`, kind],
  ]),
);

/** The searchable reference lists: case-insensitive "contains" search, ordered by name. */
export function createReferenceService(repo: ReferenceRepository) {
  return {
    /**
     * The names of the entries of a source's list among these values (value → name); a value not in
     * the list, or a source that is no list of ours, is absent.
     */
    async resolve(source: string, values: readonly string[]): Promise<Map<string, string>> {
      const kind = KIND_BY_SOURCE.get(source);
      if (!kind) return new Map();
      const rows = await repo.findValues(kind, [...new Set(values)]);
      return new Map(rows.map((r) => [r.value, r.name]));
    },

    async list(kind: ReferenceKind, query: Query): Promise<List> {
      const search = query.search?.trim() || undefined;
      const { rows, total } = await repo.search(kind, search, query.seed, query.count);
      return { list: rows, total };
    },
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
