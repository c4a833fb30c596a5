import type { InstitutionKind, InstitutionListQuery } from '@veridocs/shared';
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { institutionContacts, institutions, institutionTurnaround } from '../../db/schema/index.js';

export type InstitutionRow = typeof institutions.$inferSelect;
export type ContactRow = typeof institutionContacts.$inferSelect;
type NewInstitution = typeof institutions.$inferInsert;
type NewContact = typeof institutionContacts.$inferInsert;

/** A directory row with its open requests (from institution_requests' partial index). */
export type ListedInstitution = InstitutionRow & { open: number; oldestOpenAt: Date | null };

const SORTS = {
  name: sql`i.name_key`,
  median: sql`i.median_days`,
  p90: sql`i.p90_days`,
  responseRate: sql`(i.requests_answered::float8 / nullif(i.requests_sent, 0))`,
  open: sql`o.open`,
  oldest: sql`o.oldest`,
} as const;

const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

/**
 * The directory side of the institutions module's tables (ADR 0043): institutions, their contacts and
 * turnaround histogram. The list reads only the institutions' own columns and, per listed row, the open
 * requests through `institution_requests_open_idx`; answers are never scanned (institution_turnaround
 * holds their summary).
 */
export function createDirectoryRepository(orm: Orm) {
  /** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
  async function rowsOf<T>(query: SQL): Promise<T[]> {
    const result: unknown = await orm.execute(query);
    return (result as { rows: T[] }).rows;
  }

  return {
    async list(query: InstitutionListQuery): Promise<{ rows: ListedInstitution[]; total: number }> {
      const where = [sql`true`];
      if (query.kind) where.push(sql`i.kind = ${query.kind}`);
      if (query.q) where.push(sql`i.name_key like ${`%${query.q.toLowerCase().replace(/[%_\\]/g, '')}%`}`);
      if (query.maxResponseRate !== undefined)
        where.push(
          sql`i.requests_sent > 0 and i.requests_answered::float8 / i.requests_sent <= ${query.maxResponseRate}`,
        );
      if (query.withOpen)
        where.push(
          sql`exists (select 1 from institution_requests r where r.institution_id = i.id and r.status = 'open')`,
        );
      const filter = sql.join(where, sql` and `);
      const order = query.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
      const sortBy = sql`${SORTS[query.sort]} ${order}, i.id`;
      const openOf = sql`left join lateral (
          select count(*)::int as open, min(r.sent_at) as oldest from institution_requests r
          where r.institution_id = i.id and r.status = 'open'
        ) o on true`;
      // Sorted by the row's own columns, the page is chosen first and only its rows count their open
      // requests (a deep page would otherwise count them for every row it skips: the bench's 66 → 14 ms).
      const bySelf = query.sort !== 'open' && query.sort !== 'oldest';
      const rows = await rowsOf<Record<string, unknown>>(
        bySelf
          ? sql`
        select i.*, o.open, o.oldest from (
          select * from institutions i where ${filter}
          order by ${sortBy} offset ${query.offset} limit ${query.limit}
        ) i ${openOf}
        order by ${sortBy}`
          : sql`
        select i.*, o.open, o.oldest from institutions i ${openOf}
        where ${filter}
        order by ${sortBy}
        offset ${query.offset} limit ${query.limit}`,
      );
      const counted = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from institutions i where ${filter}`,
      );
      return {
        rows: rows.map((r) => ({
          id: r.id as string,
          kind: r.kind as InstitutionKind,
          refValue: (r.ref_value as string | null) ?? null,
          name: r.name as string,
          nameKey: r.name_key as string,
          method: r.method as InstitutionRow['method'],
          feePaise: (r.fee_paise as number | null) ?? null,
          notes: (r.notes as string | null) ?? null,
          requestsSent: Number(r.requests_sent),
          requestsAnswered: Number(r.requests_answered),
          medianDays: r.median_days === null ? null : Number(r.median_days),
          p90Days: r.p90_days === null ? null : Number(r.p90_days),
          createdAt: toDate(r.created_at)!,
          updatedAt: toDate(r.updated_at)!,
          open: Number(r.open ?? 0),
          oldestOpenAt: toDate(r.oldest),
        })),
        total: Number(counted[0]?.n ?? 0),
      };
    },

    /** Open requests and the oldest, for the given institutions (the partial index). */
    async openOf(ids: readonly string[]): Promise<Map<string, { open: number; oldestOpenAt: Date | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await rowsOf<Record<string, unknown>>(sql`
        select r.institution_id as id, count(*)::int as open, min(r.sent_at) as oldest
        from institution_requests r
        where r.status = 'open' and r.institution_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by r.institution_id`);
      return new Map(
        rows.map((r) => [r.id as string, { open: Number(r.open), oldestOpenAt: toDate(r.oldest) }]),
      );
    },

    async find(id: string): Promise<InstitutionRow | undefined> {
      const [row] = await orm.select().from(institutions).where(eq(institutions.id, id));
      return row;
    },

    async findByRef(kind: InstitutionKind, refValues: readonly string[]): Promise<InstitutionRow[]> {
      if (refValues.length === 0) return [];
      return orm
        .select()
        .from(institutions)
        .where(and(eq(institutions.kind, kind), inArray(institutions.refValue, [...refValues])));
    },

    async findByNameKey(kind: InstitutionKind, keys: readonly string[]): Promise<InstitutionRow[]> {
      if (keys.length === 0) return [];
      return orm
        .select()
        .from(institutions)
        .where(and(eq(institutions.kind, kind), inArray(institutions.nameKey, [...keys])));
    },

    /** Adds an entry once: a second add of the same reference value or name answers the first. */
    async insertOnce(row: NewInstitution): Promise<{ row: InstitutionRow; created: boolean }> {
      const [inserted] = await orm.insert(institutions).values(row).onConflictDoNothing().returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] =
        row.refValue !== null && row.refValue !== undefined
          ? await this.findByRef(row.kind, [row.refValue])
          : await this.findByNameKey(row.kind, [row.nameKey]);
      if (!existing) {
        // The name of another entry of the kind (a reference value under another's name).
        const [byName] = await this.findByNameKey(row.kind, [row.nameKey]);
        if (!byName) throw new Error('institution not inserted');
        return { row: byName, created: false };
      }
      return { row: existing, created: false };
    },

    async update(
      id: string,
      patch: Pick<InstitutionRow, 'method' | 'feePaise' | 'notes' | 'updatedAt'>,
    ): Promise<InstitutionRow | undefined> {
      const [row] = await orm.update(institutions).set(patch).where(eq(institutions.id, id)).returning();
      return row;
    },

    /** The contacts not removed of these institutions, oldest first. */
    async contactsOf(ids: readonly string[]): Promise<ContactRow[]> {
      if (ids.length === 0) return [];
      return orm
        .select()
        .from(institutionContacts)
        .where(
          and(inArray(institutionContacts.institutionId, [...ids]), isNull(institutionContacts.removedAt)),
        )
        .orderBy(asc(institutionContacts.createdAt), asc(institutionContacts.id));
    },

    async findContact(id: string): Promise<ContactRow | undefined> {
      const [row] = await orm.select().from(institutionContacts).where(eq(institutionContacts.id, id));
      return row;
    },

    /**
     * Adds a contact, or re-adds a removed one / the same address again: either way it must confirm
     * (again) by the new link before requests go to it.
     */
    async upsertContact(row: NewContact): Promise<ContactRow> {
      const [saved] = await orm
        .insert(institutionContacts)
        .values(row)
        .onConflictDoUpdate({
          target: [institutionContacts.institutionId, institutionContacts.email],
          set: {
            batchDaily: row.batchDaily ?? false,
            confirmTokenHash: row.confirmTokenHash,
            confirmExpiresAt: row.confirmExpiresAt,
            confirmedAt: null,
            removedAt: null,
          },
        })
        .returning();
      if (!saved) throw new Error('contact not saved');
      return saved;
    },

    async removeContact(institutionId: string, contactId: string, at: Date): Promise<boolean> {
      const rows = await orm
        .update(institutionContacts)
        .set({ removedAt: at })
        .where(
          and(
            eq(institutionContacts.id, contactId),
            eq(institutionContacts.institutionId, institutionId),
            isNull(institutionContacts.removedAt),
          ),
        )
        .returning({ id: institutionContacts.id });
      return rows.length > 0;
    },

    /** Confirms the address whose live link this is (once: the token is forgotten). */
    async confirmContact(tokenHash: string, at: Date): Promise<ContactRow | undefined> {
      const [row] = await orm
        .update(institutionContacts)
        .set({ confirmedAt: at, confirmTokenHash: null, confirmExpiresAt: null })
        .where(
          and(
            eq(institutionContacts.confirmTokenHash, tokenHash),
            gt(institutionContacts.confirmExpiresAt, at),
            isNull(institutionContacts.removedAt),
          ),
        )
        .returning();
      return row;
    },

    /** A first answer after `days` working days: the histogram +1, the figures read from it by `figures`. */
    async countAnswer(
      scope: DbScope,
      institutionId: string,
      days: number,
      figures: (buckets: { workingDays: number; answers: number }[]) => {
        answered: number;
        medianDays: number | null;
        p90Days: number | null;
      },
      at: Date,
    ): Promise<void> {
      await scope
        .insert(institutionTurnaround)
        .values({ institutionId, workingDays: days, answers: 1 })
        .onConflictDoUpdate({
          target: [institutionTurnaround.institutionId, institutionTurnaround.workingDays],
          set: { answers: sql`${institutionTurnaround.answers} + 1` },
        });
      const buckets = await scope
        .select({ workingDays: institutionTurnaround.workingDays, answers: institutionTurnaround.answers })
        .from(institutionTurnaround)
        .where(eq(institutionTurnaround.institutionId, institutionId))
        .orderBy(desc(institutionTurnaround.workingDays));
      const f = figures(buckets);
      await scope
        .update(institutions)
        .set({ requestsAnswered: f.answered, medianDays: f.medianDays, p90Days: f.p90Days, updatedAt: at })
        .where(eq(institutions.id, institutionId));
    },
  };
}
export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
