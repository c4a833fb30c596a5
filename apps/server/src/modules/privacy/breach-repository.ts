import type { BreachAffected } from '@veridocs/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  breachNotices,
  breachVersions,
  breaches,
  ekycForms,
  organisations,
  profiles,
  staffAccounts,
  transactions,
} from '../../db/schema/index.js';

export type BreachVersionRow = typeof breachVersions.$inferSelect & { authorName: string | null };
export type NewBreachVersion = Omit<typeof breachVersions.$inferInsert, 'breachId' | 'version'>;
export type BreachRow = typeof breaches.$inferSelect;

/** A notice claimed for delivery (leased: no other instance takes it before the lease ends). */
export interface ClaimedNotice {
  id: number;
  breachId: string;
  version: number;
  profileId: string;
  attempts: number;
}

/** One lock per entry: its next version number is read and written under it. */
const entryLock = (scope: DbScope, breachId: string) =>
  scope.execute(sql`select pg_advisory_xact_lock(hashtext(${`veridocs.breach:${breachId}`}))`);

/** The transactions a selector matches (every candidate: none needed). */
function transactionFilter(selector: Extract<BreachAffected, { kind: 'transactions' }>): SQL | undefined {
  return and(
    selector.orgId ? eq(transactions.orgId, selector.orgId) : undefined,
    selector.formId ? eq(transactions.formId, selector.formId) : undefined,
    selector.createdFrom ? gte(transactions.createdAt, new Date(selector.createdFrom)) : undefined,
    selector.createdTo ? lte(transactions.createdAt, new Date(selector.createdTo)) : undefined,
  );
}

/** The breach register and its notices (ADR 0049 "Breaches"); reads profiles and transactions to match. */
export function createBreachRepository(orm: Orm) {
  const versionColumns = {
    breachId: breachVersions.breachId,
    version: breachVersions.version,
    title: breachVersions.title,
    foundAt: breachVersions.foundAt,
    occurredFrom: breachVersions.occurredFrom,
    occurredTo: breachVersions.occurredTo,
    dataClasses: breachVersions.dataClasses,
    affected: breachVersions.affected,
    affectedCount: breachVersions.affectedCount,
    notice: breachVersions.notice,
    boardNotifiedAt: breachVersions.boardNotifiedAt,
    authorId: breachVersions.authorId,
    at: breachVersions.at,
    authorName: staffAccounts.name,
  };
  const versionsWhere = (where: SQL | undefined) =>
    orm
      .select(versionColumns)
      .from(breachVersions)
      .leftJoin(staffAccounts, eq(staffAccounts.id, breachVersions.authorId))
      .where(where);

  /** Candidates a selector matches now. */
  async function countAffected(scope: DbScope, selector: BreachAffected): Promise<number> {
    if (selector.kind === 'all') {
      const [row] = await scope.select({ n: count() }).from(profiles);
      return row?.n ?? 0;
    }
    const [row] = await scope
      .select({ n: sql<number>`count(distinct ${transactions.profileId})::int` })
      .from(transactions)
      .where(transactionFilter(selector));
    return Number(row?.n ?? 0);
  }

  return {
    countAffected: (selector: BreachAffected) => countAffected(orm, selector),

    async orgExists(orgId: string): Promise<boolean> {
      const [row] = await orm
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, orgId));
      return Boolean(row);
    },
    /** A form's organisation, or undefined when there is no such form. */
    async formOrg(formId: string): Promise<string | undefined> {
      const [row] = await orm
        .select({ orgId: ekycForms.orgId })
        .from(ekycForms)
        .where(eq(ekycForms.id, formId));
      return row?.orgId;
    },

    /** A new entry and its version 1, the selector's count taken in the same database transaction. */
    async create(
      entry: { createdAt: Date; createdBy: string | null },
      first: NewBreachVersion,
    ): Promise<string> {
      return orm.transaction(async (tx) => {
        const [made] = await tx.insert(breaches).values(entry).returning({ id: breaches.id });
        const affectedCount = await countAffected(tx, first.affected);
        await tx.insert(breachVersions).values({ ...first, affectedCount, breachId: made!.id, version: 1 });
        return made!.id;
      });
    },

    /**
     * The entry's next version, built by `next` from the current one (under the entry's lock, so two
     * corrections at once get two numbers). Undefined when there is no such entry.
     */
    async addVersion(
      breachId: string,
      next: (current: typeof breachVersions.$inferSelect) => NewBreachVersion,
    ): Promise<number | undefined> {
      return orm.transaction(async (tx) => {
        await entryLock(tx, breachId);
        const [current] = await tx
          .select()
          .from(breachVersions)
          .where(eq(breachVersions.breachId, breachId))
          .orderBy(desc(breachVersions.version))
          .limit(1);
        if (!current) return undefined;
        const row = next(current);
        const affectedCount = await countAffected(tx, row.affected);
        const version = current.version + 1;
        await tx.insert(breachVersions).values({ ...row, affectedCount, breachId, version });
        return version;
      });
    },

    async breach(breachId: string): Promise<BreachRow | undefined> {
      const [row] = await orm.select().from(breaches).where(eq(breaches.id, breachId));
      return row;
    },
    /** Every entry, newest first. */
    async list(): Promise<BreachRow[]> {
      return orm.select().from(breaches).orderBy(desc(breaches.createdAt), desc(breaches.id));
    },
    /** The versions of these entries, newest first within each. */
    async versions(breachIds: readonly string[]): Promise<BreachVersionRow[]> {
      if (breachIds.length === 0) return [];
      return versionsWhere(inArray(breachVersions.breachId, [...breachIds])).orderBy(
        asc(breachVersions.breachId),
        desc(breachVersions.version),
      );
    },
    /** Notices per entry, version and status. */
    async sends(breachIds: readonly string[]) {
      if (breachIds.length === 0) return [];
      return orm
        .select({
          breachId: breachNotices.breachId,
          version: breachNotices.version,
          status: breachNotices.status,
          n: count(),
        })
        .from(breachNotices)
        .where(inArray(breachNotices.breachId, [...breachIds]))
        .groupBy(breachNotices.breachId, breachNotices.version, breachNotices.status);
    },

    /**
     * One notice per candidate the version's selector matches now, each once (a retry queues none):
     * answers how many this call queued and how many the version had already.
     */
    async queueNotices(
      breachId: string,
      version: number,
      selector: BreachAffected,
      at: Date,
    ): Promise<{ queued: number; already: number }> {
      return orm.transaction(async (tx) => {
        await entryLock(tx, breachId);
        const [before] = await tx
          .select({ n: count() })
          .from(breachNotices)
          .where(and(eq(breachNotices.breachId, breachId), eq(breachNotices.version, version)));
        const matched =
          selector.kind === 'all'
            ? sql`select ${profiles.id} from ${profiles}`
            : sql`select distinct ${transactions.profileId} from ${transactions} where ${transactionFilter(selector) ?? sql`true`}`;
        const inserted = await tx.execute(sql`
          insert into breach_notices (breach_id, version, profile_id, status, attempts, due_at, created_at)
          select ${breachId}::uuid, ${version}, m.id, 'queued', 0, ${at.toISOString()}::timestamptz,
            ${at.toISOString()}::timestamptz
          from (${matched}) as m(id)
          on conflict (breach_id, version, profile_id) do nothing
          returning id`);
        return { queued: (inserted as { rows: unknown[] }).rows.length, already: before?.n ?? 0 };
      });
    },

    /**
     * Claims up to `limit` queued notices due by `now`: SKIP LOCKED, their due time moved to `leaseUntil`
     * and their attempts counted in the same statement, so no other instance sends them meanwhile.
     */
    async claim(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedNotice[]> {
      const result = await orm.execute(sql`
        update breach_notices n set due_at = ${leaseUntil.toISOString()}::timestamptz, attempts = n.attempts + 1
        where n.id in (
          select id from breach_notices where status = 'queued' and due_at <= ${now.toISOString()}::timestamptz
          order by id limit ${limit} for update skip locked)
        returning n.id, n.breach_id, n.version, n.profile_id, n.attempts`);
      return (
        result as {
          rows: {
            id: string | number;
            breach_id: string;
            version: number;
            profile_id: string;
            attempts: number;
          }[];
        }
      ).rows.map((r) => ({
        id: Number(r.id),
        breachId: r.breach_id,
        version: Number(r.version),
        profileId: r.profile_id,
        attempts: Number(r.attempts),
      }));
    },
    /** The mobile and language of these candidates. */
    async contacts(profileIds: readonly string[]) {
      if (profileIds.length === 0) return [];
      return orm
        .select({ id: profiles.id, mobile: profiles.mobile, language: profiles.language })
        .from(profiles)
        .where(inArray(profiles.id, [...profileIds]));
    },
    /** One version's row (the notice's contents). */
    async version(breachId: string, version: number) {
      const [row] = await orm
        .select()
        .from(breachVersions)
        .where(and(eq(breachVersions.breachId, breachId), eq(breachVersions.version, version)));
      return row;
    },
    async settle(
      id: number,
      outcome:
        | { status: 'sent'; at: Date; language: string }
        | { status: 'queued'; dueAt: Date; error: string }
        | { status: 'failed'; error: string },
    ): Promise<void> {
      await orm
        .update(breachNotices)
        .set(
          outcome.status === 'sent'
            ? { status: 'sent', sentAt: outcome.at, language: outcome.language, lastError: null }
            : outcome.status === 'queued'
              ? { dueAt: outcome.dueAt, lastError: outcome.error }
              : { status: 'failed', lastError: outcome.error },
        )
        .where(and(eq(breachNotices.id, id), eq(breachNotices.status, 'queued')));
    },
  };
}

export type BreachRepository = ReturnType<typeof createBreachRepository>;
