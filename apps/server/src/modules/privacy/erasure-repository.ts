import type { ErasureKept } from '@veridocs/shared';
import { and, desc, eq, lte, ne, or, isNull, lt, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { erasureRequests, legalHolds } from '../../db/schema/index.js';

export type ErasureRow = typeof erasureRequests.$inferSelect;
export type LegalHoldRow = typeof legalHolds.$inferSelect;

/** The candidates' erasure requests and the admins' legal holds (issue 29, ADR 0049 "Erasure"). */
export function createErasureRepository(orm: Orm) {
  return {
    /** The open request of the profile, or a new one (the partial unique index keeps one open). */
    async open(
      profileId: string,
      values: { origin: 'candidate' | 'minor'; requestedAt: Date; dueAt: Date; kept: ErasureKept[] },
    ): Promise<ErasureRow> {
      const [made] = await orm
        .insert(erasureRequests)
        .values({ profileId, ...values })
        .onConflictDoNothing({
          target: erasureRequests.profileId,
          where: sql`${erasureRequests.status} <> 'done'`,
        })
        .returning();
      if (made) return made;
      const [existing] = await orm
        .select()
        .from(erasureRequests)
        .where(and(eq(erasureRequests.profileId, profileId), ne(erasureRequests.status, 'done')));
      // A candidate's own request open when they turn out to be a minor: it becomes the minor's, due now.
      if (existing && values.origin === 'minor' && existing.origin !== 'minor') {
        const [upgraded] = await orm
          .update(erasureRequests)
          .set({
            origin: 'minor',
            dueAt: values.dueAt < existing.dueAt ? values.dueAt : existing.dueAt,
            // A held request keeps the lease of the pass that held it: due now means now.
            ...(existing.status === 'held' ? { leaseUntil: null } : {}),
          })
          .where(and(eq(erasureRequests.id, existing.id), ne(erasureRequests.status, 'done')))
          .returning();
        return upgraded ?? existing;
      }
      return existing!;
    },
    /** Whether the profile has had an erasure request of this origin (open or done). */
    async hasOrigin(profileId: string, origin: 'candidate' | 'minor'): Promise<boolean> {
      const [row] = await orm
        .select({ id: erasureRequests.id })
        .from(erasureRequests)
        .where(and(eq(erasureRequests.profileId, profileId), eq(erasureRequests.origin, origin)))
        .limit(1);
      return row !== undefined;
    },
    /** The profile's open request, else its last one. */
    async latest(profileId: string): Promise<ErasureRow | undefined> {
      const [row] = await orm
        .select()
        .from(erasureRequests)
        .where(eq(erasureRequests.profileId, profileId))
        .orderBy(sql`${erasureRequests.status} = 'done'`, desc(erasureRequests.requestedAt))
        .limit(1);
      return row;
    },
    /**
     * Claims one due request (requested or held) with SKIP LOCKED and leases it until `leaseUntil`, so
     * another instance's pass skips it while this one works; a crashed run's lease runs out and the next
     * pass resumes it (every step is idempotent).
     */
    async claimDue(now: Date, leaseUntil: Date): Promise<ErasureRow | undefined> {
      return orm.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: erasureRequests.id })
          .from(erasureRequests)
          .where(
            and(
              ne(erasureRequests.status, 'done'),
              lte(erasureRequests.dueAt, now),
              or(isNull(erasureRequests.leaseUntil), lt(erasureRequests.leaseUntil, now)),
            ),
          )
          .orderBy(erasureRequests.dueAt)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return undefined;
        const [claimed] = await tx
          .update(erasureRequests)
          .set({ leaseUntil })
          .where(eq(erasureRequests.id, row.id))
          .returning();
        return claimed;
      });
    },
    async hold(id: string, reason: string, retryAt: Date): Promise<void> {
      await orm
        .update(erasureRequests)
        .set({ status: 'held', heldReason: reason, leaseUntil: retryAt })
        .where(eq(erasureRequests.id, id));
    },
    async confirmationSent(id: string, at: Date): Promise<void> {
      await orm.update(erasureRequests).set({ confirmationSentAt: at }).where(eq(erasureRequests.id, id));
    },
    async done(id: string, at: Date, kept: ErasureKept[]): Promise<void> {
      await orm
        .update(erasureRequests)
        .set({ status: 'done', doneAt: at, kept, heldReason: null, leaseUntil: null })
        .where(eq(erasureRequests.id, id));
    },
    async holdOf(profileId: string): Promise<LegalHoldRow | undefined> {
      const [row] = await orm.select().from(legalHolds).where(eq(legalHolds.profileId, profileId));
      return row;
    },
    /** Sets (or replaces) the hold. */
    async setHold(hold: LegalHoldRow): Promise<LegalHoldRow> {
      const [row] = await orm
        .insert(legalHolds)
        .values(hold)
        .onConflictDoUpdate({
          target: legalHolds.profileId,
          set: { reason: hold.reason, setBy: hold.setBy, setAt: hold.setAt },
        })
        .returning();
      return row!;
    },
    async releaseHold(profileId: string): Promise<boolean> {
      const rows = await orm.delete(legalHolds).where(eq(legalHolds.profileId, profileId)).returning();
      return rows.length > 0;
    },
    /** The profile's open request due at `at` (dev tools only: a browser test cannot wait a week). */
    async dueNow(profileId: string, at: Date): Promise<boolean> {
      const rows = await orm
        .update(erasureRequests)
        .set({ dueAt: at, leaseUntil: null })
        .where(and(eq(erasureRequests.profileId, profileId), ne(erasureRequests.status, 'done')))
        .returning({ id: erasureRequests.id });
      return rows.length > 0;
    },
    /** Wakes held requests of the profile (the hold was released): the next pass runs them. */
    async wake(profileId: string): Promise<void> {
      await orm
        .update(erasureRequests)
        .set({ leaseUntil: null })
        .where(and(eq(erasureRequests.profileId, profileId), eq(erasureRequests.status, 'held')));
    },
  };
}

export type ErasureRepository = ReturnType<typeof createErasureRepository>;
