import type { OpsQueue, State } from '@veridocs/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  ekycForms,
  files,
  insufficiencyAnswers,
  insufficiencyRequests,
  organisations,
  paymentOrders,
  paymentRefunds,
  profiles,
  staffAccounts,
  stateChanges,
  transactions,
  verificationLocks,
  verificationRecords,
} from '../../db/schema/index.js';

/** Where a keyset page starts: the sort key of the last row of the previous page (timestamps as text). */
export interface QueueKey {
  rank: number;
  deadline: string;
  since: string;
  id: string;
}

/** What the list filters on, already normalised by the service. */
export interface QueueFilter {
  queue: OpsQueue;
  orgId?: string | undefined;
  formId?: string | undefined;
  state?: State | undefined;
  category?: string | undefined;
  /** Submitted at or after / before (exclusive), ISO. */
  from?: string | undefined;
  until?: string | undefined;
  /** Lower-case name prefix: [lo, hi) in byte order. */
  name?: { lo: string; hi: string } | undefined;
  /** Mobile digits: prefix [lo, hi), or the last digits reversed [lo, hi). */
  mobile?: { lo: string; hi: string } | undefined;
  mobileTail?: { lo: string; hi: string } | undefined;
  /** A transaction id or its prefix: [lo, hi] as uuids. */
  txnId?: { lo: string; hi: string } | undefined;
}

export type LockRow = typeof verificationLocks.$inferSelect & { staffName: string };

/**
 * The console's reads (ADR 0026): queue pages, the parts of a case, documents, and the verification
 * locks this module owns. Writes to transactions go through the transactions module.
 */
export function createOpsRepository(orm: Orm) {
  const t = transactions;
  const inRange = (column: SQL, range: { lo: string; hi: string }) =>
    sql`(${column} >= ${range.lo} and ${column} < ${range.hi})`;

  function liveLocks(scope: DbScope, txnId: string, now: Date): Promise<LockRow[]> {
    return scope
      .select({
        txnId: verificationLocks.txnId,
        verificationName: verificationLocks.verificationName,
        staffId: verificationLocks.staffId,
        acquiredAt: verificationLocks.acquiredAt,
        expiresAt: verificationLocks.expiresAt,
        staffName: staffAccounts.name,
      })
      .from(verificationLocks)
      .innerJoin(staffAccounts, eq(staffAccounts.id, verificationLocks.staffId))
      .where(and(eq(verificationLocks.txnId, txnId), gt(verificationLocks.expiresAt, now)));
  }

  return {
    /** Reads and writes outside a transaction of the caller's. */
    scope: orm satisfies DbScope,

    /** The verification names of a transaction (within the caller's database transaction). */
    async recordNames(scope: DbScope, txnId: string): Promise<string[]> {
      const rows = await scope
        .select({ name: verificationRecords.name })
        .from(verificationRecords)
        .where(eq(verificationRecords.txnId, txnId));
      return rows.map((r) => r.name);
    },

    /**
     * One keyset page of a queue, in the queue's order (rank, deadline, submitted, id), `limit` rows.
     * Every filter is a predicate on the same range scan of transactions_queue_idx (or the org/form one);
     * a search is a range of the queue's name or mobile index, its matches sorted.
     */
    async queuePage(filter: QueueFilter, after: QueueKey | null, limit: number) {
      const where: (SQL | undefined)[] = [eq(t.queue, filter.queue)];
      if (filter.orgId) where.push(eq(t.orgId, filter.orgId));
      if (filter.formId) where.push(eq(t.formId, filter.formId));
      if (filter.from) where.push(sql`${t.submittedAt} >= ${filter.from}::timestamptz`);
      if (filter.until) where.push(sql`${t.submittedAt} < ${filter.until}::timestamptz`);
      if (filter.state || filter.category) {
        // Per row of the ordered scan (a scalar subquery the planner does not turn into a join): a page
        // stops after `limit` matches instead of joining every record of the kind first.
        const r = verificationRecords;
        where.push(
          sql`coalesce((select true from ${r} where ${r.txnId} = ${t.id} and not ${r.markedAsSkip}
            ${filter.state ? sql`and ${r.state} = ${filter.state}` : sql``}
            ${filter.category ? sql`and ${r.category} = ${filter.category}` : sql``} limit 1), false)`,
        );
      }
      // Search: ranges on the transaction's own copies of the name and mobile, within the queue.
      const search: SQL[] = [];
      if (filter.name) search.push(inRange(sql`(${t.searchName} collate "C")`, filter.name));
      if (filter.mobile) search.push(inRange(sql`(${t.searchMobile} collate "C")`, filter.mobile));
      if (filter.mobileTail)
        search.push(inRange(sql`(reverse(${t.searchMobile}) collate "C")`, filter.mobileTail));
      if (filter.txnId)
        search.push(sql`(${t.id} >= ${filter.txnId.lo}::uuid and ${t.id} <= ${filter.txnId.hi}::uuid)`);
      if (search.length > 0) where.push(or(...search));
      if (after)
        where.push(
          sql`(${t.queueRank}, ${t.queueDeadline}, ${t.submittedAt}, ${t.id}) > (${after.rank}::smallint, ${after.deadline}::timestamptz, ${after.since}::timestamptz, ${after.id}::uuid)`,
        );
      // The page's keys first: one ordered range scan with its LIMIT. Joined in the same statement, the
      // planner misjudges the row comparison's selectivity and sorts every match (seconds at 1 M rows).
      const keys = await orm
        .select({
          id: t.id,
          rank: t.queueRank,
          deadlineKey: sql<string>`${t.queueDeadline}::text`,
          sinceKey: sql<string>`${t.submittedAt}::text`,
        })
        .from(t)
        .where(and(...where))
        // Searching, the order is an expression no index gives: the planner then reads the search index's
        // range and sorts its matches, rather than walking the whole queue in order hoping for a match
        // (seconds for a name with none in this queue).
        .orderBy(
          ...(search.length > 0
            ? [sql`${t.queueRank} + 0`, sql`${t.queueDeadline}`, sql`${t.submittedAt}`, sql`${t.id}`]
            : [asc(t.queueRank), asc(t.queueDeadline), asc(t.submittedAt), asc(t.id)]),
        )
        .limit(limit);
      if (keys.length === 0) return [];
      const rows = await orm
        .select({
          id: t.id,
          state: t.state,
          queue: t.queue,
          expectedMaxDate: t.expectedMaxDate,
          submittedAt: t.submittedAt,
          orgId: t.orgId,
          orgName: organisations.name,
          formId: t.formId,
          formName: ekycForms.name,
          candidateName: profiles.name,
          mobile: profiles.mobile,
          assigneeId: t.assigneeStaffId,
          assigneeName: staffAccounts.name,
          verificationCount: sql<number>`(select count(*)::int from ${verificationRecords}
            where ${verificationRecords.txnId} = ${t.id} and not ${verificationRecords.markedAsSkip})`,
        })
        .from(t)
        .innerJoin(profiles, eq(profiles.id, t.profileId))
        .innerJoin(organisations, eq(organisations.id, t.orgId))
        .innerJoin(ekycForms, eq(ekycForms.id, t.formId))
        .leftJoin(staffAccounts, eq(staffAccounts.id, t.assigneeStaffId))
        .where(
          inArray(
            t.id,
            keys.map((k) => k.id),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return keys.flatMap((k) => {
        const row = byId.get(k.id);
        return row ? [{ ...row, ...k }] : [];
      });
    },

    /**
     * The candidate's and the organisation's names of these cases, for the institutions module's e-mails
     * and request queue (issue 27): one query whatever the batch.
     */
    async caseNames(txnIds: readonly string[]) {
      if (txnIds.length === 0) return [];
      return orm
        .select({
          txnId: t.id,
          candidateName: profiles.name,
          organisation: organisations.name,
          formName: ekycForms.name,
        })
        .from(t)
        .innerJoin(profiles, eq(profiles.id, t.profileId))
        .innerJoin(organisations, eq(organisations.id, t.orgId))
        .innerJoin(ekycForms, eq(ekycForms.id, t.formId))
        .where(inArray(t.id, [...txnIds]));
    },

    /** The transaction with its candidate, organisation, form and assignee. */
    async caseHead(txnId: string) {
      const [row] = await orm
        .select({
          txn: t,
          profile: profiles,
          orgName: organisations.name,
          formName: ekycForms.name,
          assigneeName: staffAccounts.name,
        })
        .from(t)
        .innerJoin(profiles, eq(profiles.id, t.profileId))
        .innerJoin(organisations, eq(organisations.id, t.orgId))
        .innerJoin(ekycForms, eq(ekycForms.id, t.formId))
        .leftJoin(staffAccounts, eq(staffAccounts.id, t.assigneeStaffId))
        .where(eq(t.id, txnId));
      return row;
    },

    /** The parts of a case besides its head, read at once. */
    async caseParts(txnId: string, now: Date) {
      const [records, documents, rounds, answers, orders, changes, locks] = await Promise.all([
        orm
          .select()
          .from(verificationRecords)
          .where(eq(verificationRecords.txnId, txnId))
          .orderBy(asc(verificationRecords.position)),
        orm
          .select({
            id: files.id,
            originalName: files.originalName,
            mimeType: files.mimeType,
            size: files.size,
            pageCount: files.pageCount,
            state: files.state,
            issues: files.issues,
            ocrStatus: files.ocrStatus,
            // Trimmed in the database: a long OCR text never leaves it whole.
            ocrText: sql<string | null>`left(${files.ocrText}, 4000)`,
            createdAt: files.createdAt,
          })
          .from(files)
          .where(eq(files.txnId, txnId))
          .orderBy(asc(files.createdAt)),
        orm
          .select()
          .from(insufficiencyRequests)
          .where(eq(insufficiencyRequests.txnId, txnId))
          .orderBy(asc(insufficiencyRequests.raisedAt), asc(insufficiencyRequests.id)),
        orm
          .select({ answer: insufficiencyAnswers })
          .from(insufficiencyAnswers)
          .innerJoin(insufficiencyRequests, eq(insufficiencyRequests.id, insufficiencyAnswers.requestId))
          .where(eq(insufficiencyRequests.txnId, txnId))
          .orderBy(asc(insufficiencyAnswers.answeredAt), asc(insufficiencyAnswers.documentKey))
          .then((rows) => rows.map((r) => r.answer)),
        orm
          .select()
          .from(paymentOrders)
          .where(eq(paymentOrders.txnId, txnId))
          .orderBy(asc(paymentOrders.createdAt)),
        orm
          .select()
          .from(stateChanges)
          .where(eq(stateChanges.txnId, txnId))
          .orderBy(desc(stateChanges.id))
          .limit(500),
        liveLocks(orm, txnId, now),
      ]);
      const refunds =
        orders.length === 0
          ? []
          : await orm
              .select()
              .from(paymentRefunds)
              .where(
                inArray(
                  paymentRefunds.orderId,
                  orders.map((o) => o.id),
                ),
              )
              .orderBy(asc(paymentRefunds.createdAt));
      return { records, documents, rounds, answers, orders, refunds, changes, locks };
    },

    /** The live locks of a transaction's verifications, with their holders' names. */
    liveLocks,

    /**
     * Takes or renews the lock for `staffId` (one statement: inserted, or updated when the row is the
     * caller's or has lapsed). Answers the row, or undefined when another holds a live lock. Run with
     * the transaction row locked (the decision route holds it too), so a claim and a decision never overlap.
     */
    async claimLock(
      scope: DbScope,
      lock: { txnId: string; verificationName: string; staffId: string; now: Date; expiresAt: Date },
    ) {
      const l = verificationLocks;
      const [row] = await scope
        .insert(l)
        .values({
          txnId: lock.txnId,
          verificationName: lock.verificationName,
          staffId: lock.staffId,
          acquiredAt: lock.now,
          expiresAt: lock.expiresAt,
        })
        .onConflictDoUpdate({
          target: [l.txnId, l.verificationName],
          set: {
            staffId: lock.staffId,
            expiresAt: lock.expiresAt,
            acquiredAt: sql`case when ${l.staffId} = ${lock.staffId}::uuid and ${l.expiresAt} > ${lock.now}
              then ${l.acquiredAt} else ${lock.now} end`,
          },
          setWhere: or(eq(l.staffId, lock.staffId), lte(l.expiresAt, lock.now)),
        })
        .returning();
      return row;
    },

    /** Releases the caller's lock (a lapsed one too); answers whether a row went. */
    async releaseLock(scope: DbScope, txnId: string, verificationName: string, staffId: string) {
      const rows = await scope
        .delete(verificationLocks)
        .where(
          and(
            eq(verificationLocks.txnId, txnId),
            eq(verificationLocks.verificationName, verificationName),
            eq(verificationLocks.staffId, staffId),
          ),
        )
        .returning({ name: verificationLocks.verificationName });
      return rows.length > 0;
    },

    /** An active team member by id (assignment). */
    async activeStaff(staffId: string) {
      const [row] = await orm
        .select({ id: staffAccounts.id, name: staffAccounts.name })
        .from(staffAccounts)
        .where(and(eq(staffAccounts.id, staffId), isNull(staffAccounts.disabledAt)));
      return row;
    },

    /** A file attached to a transaction (the console serves no other). */
    async caseFile(fileId: string) {
      const [row] = await orm
        .select({
          id: files.id,
          txnId: files.txnId,
          storageKey: files.storageKey,
          originalName: files.originalName,
          mimeType: files.mimeType,
          size: files.size,
        })
        .from(files)
        .where(and(eq(files.id, fileId), isNotNull(files.txnId)));
      return row;
    },
  };
}
export type OpsRepository = ReturnType<typeof createOpsRepository>;
