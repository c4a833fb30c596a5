import type { OrgBucket } from '@veridocs/shared';
import { and, asc, gte, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { orgBucketMoves } from '../../db/schema/index.js';

const m = orgBucketMoves;

/** One recorded move of a transaction between the portal's buckets (refreshQueue writes them). */
export interface BucketMove {
  id: number;
  orgId: string;
  formId: string;
  txnId: string;
  from: OrgBucket | null;
  to: OrgBucket;
  at: Date;
}

const columns = {
  id: m.id,
  orgId: m.orgId,
  formId: m.formId,
  txnId: m.txnId,
  from: m.fromBucket,
  to: m.toBucket,
  at: m.at,
};

/**
 * The recorded bucket moves (issue 28), read and marked by the organisation's e-mail job: the claim and
 * the mark take the caller's database transaction, so the e-mails written for a move and its mark commit
 * together.
 */
export function createBucketMovesRepository(orm: Orm) {
  return {
    /** Up to `limit` unprocessed moves, oldest first, unlocked: what the next claim will look at. */
    pending(limit: number): Promise<BucketMove[]> {
      return orm.select(columns).from(m).where(isNull(m.processedAt)).orderBy(asc(m.id)).limit(limit);
    },
    /** These moves if still unprocessed, locked (SKIP LOCKED: another runner's are left to it). */
    claim(scope: DbScope, ids: readonly number[]): Promise<BucketMove[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return scope
        .select(columns)
        .from(m)
        .where(and(inArray(m.id, [...ids]), isNull(m.processedAt)))
        .orderBy(asc(m.id))
        .for('update', { skipLocked: true });
    },
    async markProcessed(scope: DbScope, ids: readonly number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await scope
        .update(m)
        .set({ processedAt: at })
        .where(and(inArray(m.id, [...ids]), isNull(m.processedAt)));
    },
    /** Removes up to `limit` processed moves recorded before `before`; how many it removed. */
    async prune(before: Date, limit: number): Promise<number> {
      const oldest = orm
        .select({ id: m.id })
        .from(m)
        .where(and(isNotNull(m.processedAt), lt(m.at, before)))
        .limit(limit);
      return (await orm.delete(m).where(inArray(m.id, oldest)).returning({ id: m.id })).length;
    },
    /** The organisations' moves in [from, to), oldest first (a daily digest's day). */
    between(orgIds: readonly string[], from: Date, to: Date): Promise<BucketMove[]> {
      if (orgIds.length === 0) return Promise.resolve([]);
      return orm
        .select(columns)
        .from(m)
        .where(and(inArray(m.orgId, [...orgIds]), gte(m.at, from), lt(m.at, to)))
        .orderBy(asc(m.at), asc(m.id));
    },
  };
}
export type BucketMovesRepository = ReturnType<typeof createBucketMovesRepository>;
