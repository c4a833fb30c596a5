import type { z } from 'zod';
import {
  API_PATHS,
  SERVICE_BASES,
  type referenceListQuerySchema,
  type referenceListSchema,
} from '@veridocs/shared';
import type { ReferenceKind, ReferenceRepository } from './reference-repository.js';
import { buildReferenceIndex, type ReferenceIndex } from './reference-search.js';

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

/** Other spellings of words, and the short names of entries by list (the seed's `REFERENCE_ALIASES`). */
export type ReferenceAliases = {
  abbreviations?: Readonly<Record<string, string>>;
  words: Readonly<Record<string, readonly string[]>>;
  institute: Readonly<Record<string, readonly string[]>>;
  board: Readonly<Record<string, readonly string[]>>;
  /** A town → the districts it is the main town of (an entry's city is often its district). */
  places?: Readonly<Record<string, readonly string[]>>;
  /** An institute's value → the value of the same institute under another spelling (offered once). */
  duplicates?: Readonly<Record<string, string>>;
};

/**
 * The searchable reference lists: ranked search tolerating typos, abbreviations and Hindi names
 * (reference-search.ts) over an index built from the table on a list's first search. The lists are
 * written only by the seed, before this instance serves a request, so the index is kept for the
 * process's life.
 */
export function createReferenceService(
  repo: ReferenceRepository,
  aliases: ReferenceAliases = { words: {}, institute: {}, board: {} },
) {
  const indexes = new Map<ReferenceKind, Promise<ReferenceIndex>>();
  const indexOf = (kind: ReferenceKind): Promise<ReferenceIndex> => {
    let index = indexes.get(kind);
    if (!index) {
      index = repo.all(kind).then((rows) => {
        const entries: Record<string, readonly string[]> = { ...aliases[kind] };
        // A board is also found by its code (CBSE, MSBSHSE, RBSE).
        if (kind === 'board') for (const r of rows) entries[r.value] = [...(entries[r.value] ?? []), r.value];
        return buildReferenceIndex(rows, {
          abbreviations: aliases.abbreviations ?? {},
          words: aliases.words,
          entries,
          places: aliases.places ?? {},
          duplicates: kind === 'institute' ? (aliases.duplicates ?? {}) : {},
        });
      });
      index.catch(() => indexes.delete(kind));
      indexes.set(kind, index);
    }
    return index;
  };

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
      const { rows, total } = (await indexOf(kind)).search(search, query.seed, query.count);
      return {
        list: rows.map((r) => ({ name: r.name, value: r.value, state: r.state, city: r.city })),
        total,
      };
    },
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
