import type { z } from 'zod';
import type { referenceListQuerySchema, referenceListSchema } from '@veridocs/shared';
import type { ReferenceKind, ReferenceRepository } from './reference-repository.js';

type Query = z.infer<typeof referenceListQuerySchema>;
type List = z.infer<typeof referenceListSchema>;

/** The searchable reference lists: case-insensitive "contains" search, ordered by name. */
export function createReferenceService(repo: ReferenceRepository) {
  return {
    async list(kind: ReferenceKind, query: Query): Promise<List> {
      const search = query.search?.trim() || undefined;
      const { rows, total } = await repo.search(kind, search, query.seed, query.count);
      return { list: rows, total };
    },
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
