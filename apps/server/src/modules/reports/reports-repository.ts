import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  files,
  opsAudit,
  profiles,
  reportDeliveryAttempts,
  stateChanges,
  transactions,
  verificationReports,
  type ReportFacts,
} from '../../db/schema/index.js';
import type { ReadCache } from '../../lib/read-cache.js';

export type ReportRow = typeof verificationReports.$inferSelect;
export type ReportAttemptRow = typeof reportDeliveryAttempts.$inferSelect;

/** Verification reports and their delivery attempts (docs/decisions/0028). */
export function createReportsRepository(orm: Orm, txnCache: ReadCache<string, unknown>) {
  /** Transaction info shows the report's status: every change of it drops the cached snapshot. */
  const touching = <T>(txnId: string, write: () => Promise<T>) => txnCache.invalidateAfter(txnId, write);

  return {
    /** In the database transaction that settled `txnId`: one row per transaction, a repeat is a no-op. */
    async enqueue(scope: DbScope, row: { txnId: string; code: string; at: Date }): Promise<void> {
      await scope
        .insert(verificationReports)
        .values({ txnId: row.txnId, code: row.code, nextAttemptAt: row.at, createdAt: row.at })
        .onConflictDoNothing({ target: verificationReports.txnId });
    },

    /**
     * Claims up to `limit` due rows (making or sending) with SKIP LOCKED, moving their time on by
     * `leaseMs`: instances never share one, and a crash mid-way leaves it to be retried after the lease.
     */
    async claimDue(now: Date, leaseMs: number, limit: number): Promise<ReportRow[]> {
      const lease = new Date(now.getTime() + leaseMs);
      const r = verificationReports;
      return orm
        .update(r)
        .set({ nextAttemptAt: lease })
        .where(
          inArray(
            r.id,
            sql`(select ${r.id} from ${r}
                 where ${r.status} in ('generating', 'sending') and ${r.nextAttemptAt} <= ${now.toISOString()}
                 order by ${r.nextAttemptAt} limit ${limit} for update skip locked)`,
          ),
        )
        .returning();
    },

    /** The candidate, the documents used, the key dates and the team's failure reasons of a transaction. */
    async material(txnId: string) {
      const [candidate] = await orm
        .select({ name: profiles.name, verifiedName: profiles.verifiedName, mobile: profiles.mobile })
        .from(transactions)
        .innerJoin(profiles, eq(profiles.id, transactions.profileId))
        .where(eq(transactions.id, txnId));
      const documents = await orm
        .select({
          id: files.id,
          name: files.originalName,
          pages: files.pageCount,
          issues: files.issues,
        })
        .from(files)
        .where(eq(files.txnId, txnId));
      const changes = await orm
        .select({
          entity: stateChanges.entity,
          name: stateChanges.verificationName,
          to: stateChanges.toState,
          at: stateChanges.at,
        })
        .from(stateChanges)
        .where(eq(stateChanges.txnId, txnId))
        .orderBy(asc(stateChanges.id));
      const decisions = await orm
        .select({ targetId: opsAudit.targetId, detail: opsAudit.detail })
        .from(opsAudit)
        .where(
          and(
            eq(opsAudit.action, 'verification.decide'),
            eq(opsAudit.targetType, 'verification'),
            sql`${opsAudit.targetId} like ${`${txnId}/%`}`,
          ),
        )
        .orderBy(asc(opsAudit.id));
      return { candidate, documents, changes, decisions };
    },

    /** The PDF is stored: the facts it states, its key and digest; then delivery (or none). */
    async markGenerated(
      row: ReportRow,
      generated: {
        facts: ReportFacts;
        partnerId: string | null;
        storageKey: string;
        sha256: string;
        size: number;
        at: Date;
        deliverable: boolean;
      },
    ): Promise<void> {
      await touching(row.txnId, () =>
        orm
          .update(verificationReports)
          .set({
            facts: generated.facts,
            partnerId: generated.partnerId,
            storageKey: generated.storageKey,
            sha256: generated.sha256,
            size: generated.size,
            generatedAt: generated.at,
            status: generated.deliverable ? 'sending' : 'no_partner',
            attempts: 0,
            nextAttemptAt: generated.at,
            lastError: null,
          })
          .where(eq(verificationReports.id, row.id)),
      );
    },

    /** Making it failed (storage down): tried again at `retryAt`. */
    async generationFailed(id: string, error: string, retryAt: Date): Promise<void> {
      await orm
        .update(verificationReports)
        .set({ lastError: error, nextAttemptAt: retryAt })
        .where(eq(verificationReports.id, id));
    },

    /** The candidate withdrew `report_partner` before it went: it is not sent (`no_partner`, said why). */
    async withheld(id: string, at: Date): Promise<void> {
      await orm
        .update(verificationReports)
        .set({ status: 'no_partner', lastError: 'withdrawn by the candidate', nextAttemptAt: at })
        .where(eq(verificationReports.id, id));
    },

    /** Records one delivery attempt and the report's new status, in one database transaction. */
    async recordAttempt(
      row: ReportRow,
      attempt: Omit<typeof reportDeliveryAttempts.$inferInsert, 'reportId' | 'id'>,
      next: Pick<ReportRow, 'status' | 'attempts' | 'nextAttemptAt' | 'sentAt' | 'lastError'>,
      /** Runs in the same database transaction (the candidate's notification of a sent report). */
      alsoIn?: (scope: DbScope) => Promise<void>,
    ): Promise<void> {
      await touching(row.txnId, () =>
        orm.transaction(async (tx) => {
          await tx.insert(reportDeliveryAttempts).values({ reportId: row.id, ...attempt });
          await tx.update(verificationReports).set(next).where(eq(verificationReports.id, row.id));
          if (alsoIn) await alsoIn(tx);
        }),
      );
    },

    async byTxn(txnId: string): Promise<ReportRow | undefined> {
      const [row] = await orm.select().from(verificationReports).where(eq(verificationReports.txnId, txnId));
      return row;
    },
    async byCode(code: string): Promise<ReportRow | undefined> {
      const [row] = await orm.select().from(verificationReports).where(eq(verificationReports.code, code));
      return row;
    },
    async bySha256(sha256: string): Promise<ReportRow | undefined> {
      const [row] = await orm
        .select()
        .from(verificationReports)
        .where(eq(verificationReports.sha256, sha256))
        .orderBy(desc(verificationReports.createdAt))
        .limit(1);
      return row;
    },
    async attempts(reportId: string): Promise<ReportAttemptRow[]> {
      return orm
        .select()
        .from(reportDeliveryAttempts)
        .where(eq(reportDeliveryAttempts.reportId, reportId))
        .orderBy(asc(reportDeliveryAttempts.id));
    },

    /** Sends a made report again now, with a fresh retry schedule (earlier attempts stay recorded). */
    async resend(id: string, txnId: string, now: Date): Promise<boolean> {
      return touching(txnId, async () => {
        const rows = await orm
          .update(verificationReports)
          .set({ status: 'sending', attempts: 0, nextAttemptAt: now, sentAt: null, lastError: null })
          .where(and(eq(verificationReports.id, id), sql`${verificationReports.storageKey} is not null`))
          .returning({ id: verificationReports.id });
        return rows.length > 0;
      });
    },

    /** Which of these storage keys are reports' PDFs (the orphan sweep keeps them). */
    async recordedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await orm
        .select({ key: verificationReports.storageKey })
        .from(verificationReports)
        .where(inArray(verificationReports.storageKey, keys));
      return new Set(rows.map((r) => r.key!));
    },
    async count(): Promise<number> {
      const [row] = await orm
        .select({ n: sql<number>`count(*)::int` })
        .from(verificationReports)
        .where(sql`${verificationReports.storageKey} is not null`);
      return Number(row?.n ?? 0);
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
