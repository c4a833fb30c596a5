import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { InstitutionRequestStatus } from '@veridocs/shared';
import type { Orm } from '../../db/client.js';
import { institutionContacts, institutionRequests, institutions } from '../../db/schema/index.js';

const r = institutionRequests;

/** The team's queue of institution requests across cases (issue 27). */
export function createInstitutionQueueRepository(orm: Orm) {
  return {
    /** One page of requests in `status`: the longest escalated (or the oldest) first, and the total. */
    async page(status: InstitutionRequestStatus, offset: number, limit: number) {
      const where = eq(r.status, status);
      const [rows, [total]] = await Promise.all([
        orm
          .select({
            request: r,
            institution: { id: institutions.id, name: institutions.name, kind: institutions.kind },
            contactEmail: institutionContacts.email,
          })
          .from(r)
          .innerJoin(institutions, eq(institutions.id, r.institutionId))
          .innerJoin(institutionContacts, eq(institutionContacts.id, r.contactId))
          .where(and(where))
          .orderBy(sql`${r.escalatedAt} asc nulls last`, asc(r.createdAt), desc(r.id))
          .limit(limit)
          .offset(offset),
        orm.select({ n: count() }).from(r).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type InstitutionQueueRepository = ReturnType<typeof createInstitutionQueueRepository>;
