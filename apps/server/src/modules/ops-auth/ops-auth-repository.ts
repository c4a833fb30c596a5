import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max, ne, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { opsAudit, staffAccounts, staffSessions, staffSignInCodes } from '../../db/schema/index.js';

export type StaffRow = typeof staffAccounts.$inferSelect;
export type SignInCodeRow = typeof staffSignInCodes.$inferSelect;
export type AuditRow = typeof opsAudit.$inferSelect;
export type NewAuditRow = Omit<typeof opsAudit.$inferInsert, 'id'>;

/** Staff accounts, their sign-in codes and sessions, and the ops audit (ADR 0019). */
export function createOpsAuthRepository(orm: Orm) {
  return {
    async findByEmail(email: string): Promise<StaffRow | undefined> {
      const [row] = await orm.select().from(staffAccounts).where(eq(staffAccounts.email, email));
      return row;
    },

    async findById(id: string): Promise<StaffRow | undefined> {
      const [row] = await orm.select().from(staffAccounts).where(eq(staffAccounts.id, id));
      return row;
    },

    /** Inserts an account unless the e-mail exists; returns the stored row and whether it was created. */
    async insertStaff(input: {
      email: string;
      name: string;
      role: 'admin' | 'verifier';
      passwordHash: string;
      now: Date;
    }): Promise<{ row: StaffRow; created: boolean }> {
      const [row] = await orm
        .insert(staffAccounts)
        .values({ ...input, createdAt: input.now, updatedAt: input.now })
        .onConflictDoNothing({ target: staffAccounts.email })
        .returning();
      if (row) return { row, created: true };
      const existing = await this.findByEmail(input.email);
      if (!existing) throw new Error('staff account missing after a conflicting insert');
      return { row: existing, created: false };
    },

    /** A wrong password: counted atomically; locked (until `lockUntil`) once the count reaches `max`. */
    async recordWrongPassword(id: string, max: number, lockUntil: Date, now: Date): Promise<void> {
      await orm
        .update(staffAccounts)
        .set({
          failedPasswords: sql`${staffAccounts.failedPasswords} + 1`,
          lockedUntil: sql`case when ${staffAccounts.failedPasswords} + 1 >= ${max} then ${lockUntil.toISOString()}::timestamptz else ${staffAccounts.lockedUntil} end`,
          updatedAt: now,
        })
        .where(eq(staffAccounts.id, id));
    },

    async resetWrongPasswords(id: string, now: Date): Promise<void> {
      await orm
        .update(staffAccounts)
        .set({ failedPasswords: 0, lockedUntil: null, updatedAt: now })
        .where(eq(staffAccounts.id, id));
    },

    /**
     * A new code for the account unless it already has `max` codes created after `since` (or after its
     * `codesCountedFrom`); every older open code of it dies (only the latest works). The account row
     * is locked first, so two sign-ins at once (on any instance) are counted one after the other.
     */
    async insertCode(input: {
      id: string;
      staffId: string;
      codeHash: string;
      expiresAt: Date;
      now: Date;
      cap: { since: Date; max: number };
    }): Promise<boolean> {
      return orm.transaction(async (tx) => {
        const account = await lockAccount(tx, input.staffId);
        if (!account) return false;
        if (
          (await codesSince(tx, input.staffId, countFrom(account, input.cap.since))).created >= input.cap.max
        )
          return false;
        await tx
          .update(staffSignInCodes)
          .set({ consumedAt: input.now })
          .where(and(eq(staffSignInCodes.staffId, input.staffId), isNull(staffSignInCodes.consumedAt)));
        await tx.insert(staffSignInCodes).values({
          id: input.id,
          staffId: input.staffId,
          codeHash: input.codeHash,
          expiresAt: input.expiresAt,
          createdAt: input.now,
        });
        return true;
      });
    },

    /**
     * Runs `fn` with the code's row locked (null when unknown), so two guesses at once are counted one
     * after the other. Its account's row is locked before it (the order `insertCode` locks in).
     */
    withLockedCode<T>(
      id: string,
      fn: (
        row: SignInCodeRow | null,
        ops: {
          /**
           * Counts a wrong code; when the account's wrong codes since `cap.since` reach `cap.max`, the
           * account is locked until `cap.lockUntil`, this code is spent (`codeAttempts` failures) and
           * its other open codes die.
           */
          fail(cap: {
            since: Date;
            max: number;
            lockUntil: Date;
            codeAttempts: number;
            now: Date;
          }): Promise<{ failed: number; locked: boolean }>;
          consume(now: Date): Promise<void>;
          startSession(session: {
            id: string;
            staffId: string;
            ip: string | null;
            now: Date;
            expiresAt: Date;
          }): Promise<void>;
        },
      ) => Promise<T>,
    ): Promise<T> {
      return orm.transaction(async (tx) => {
        const [owner] = await tx
          .select({ staffId: staffSignInCodes.staffId })
          .from(staffSignInCodes)
          .where(eq(staffSignInCodes.id, id));
        const account = owner ? await lockAccount(tx, owner.staffId) : undefined;
        const [row] = await tx
          .select()
          .from(staffSignInCodes)
          .where(eq(staffSignInCodes.id, id))
          .for('update');
        return fn(row ?? null, {
          async fail(cap) {
            const [updated] = await tx
              .update(staffSignInCodes)
              .set({ failedAttempts: sql`${staffSignInCodes.failedAttempts} + 1` })
              .where(eq(staffSignInCodes.id, id))
              .returning({ failed: staffSignInCodes.failedAttempts, staffId: staffSignInCodes.staffId });
            if (!updated || !account) return { failed: updated?.failed ?? 0, locked: false };
            const { failed } = await codesSince(tx, updated.staffId, countFrom(account, cap.since));
            if (failed < cap.max) return { failed: updated.failed, locked: false };
            await tx
              .update(staffAccounts)
              .set({
                lockedUntil: sql`greatest(${staffAccounts.lockedUntil}, ${cap.lockUntil.toISOString()}::timestamptz)`,
                updatedAt: cap.now,
              })
              .where(eq(staffAccounts.id, updated.staffId));
            await tx
              .update(staffSignInCodes)
              .set({ failedAttempts: sql`greatest(${staffSignInCodes.failedAttempts}, ${cap.codeAttempts})` })
              .where(eq(staffSignInCodes.id, id));
            await tx
              .update(staffSignInCodes)
              .set({ consumedAt: cap.now })
              .where(
                and(
                  eq(staffSignInCodes.staffId, updated.staffId),
                  isNull(staffSignInCodes.consumedAt),
                  ne(staffSignInCodes.id, id),
                ),
              );
            return { failed: updated.failed, locked: true };
          },
          async consume(now) {
            await tx.update(staffSignInCodes).set({ consumedAt: now }).where(eq(staffSignInCodes.id, id));
          },
          async startSession(session) {
            await tx.insert(staffSessions).values({
              id: session.id,
              staffId: session.staffId,
              ip: session.ip,
              createdAt: session.now,
              expiresAt: session.expiresAt,
            });
          },
        });
      });
    },

    /** The session's account when the session is live (not revoked, not expired) and the account enabled. */
    async liveSessionStaff(sessionId: string, now: Date): Promise<StaffRow | undefined> {
      const [row] = await orm
        .select({ staff: staffAccounts })
        .from(staffSessions)
        .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.id, sessionId),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, now),
            isNull(staffAccounts.disabledAt),
          ),
        );
      return row?.staff;
    },

    async revokeSession(sessionId: string, now: Date): Promise<void> {
      await orm
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
    },

    /** Every account with its latest sign-in (admin's staff list), oldest first. */
    async listStaff(): Promise<{ row: StaffRow; lastSignInAt: Date | null }[]> {
      const last = orm
        .select({ staffId: staffSessions.staffId, at: max(staffSessions.createdAt).as('last_at') })
        .from(staffSessions)
        .groupBy(staffSessions.staffId)
        .as('last');
      const rows = await orm
        .select({ row: staffAccounts, lastSignInAt: last.at })
        .from(staffAccounts)
        .leftJoin(last, eq(last.staffId, staffAccounts.id))
        .orderBy(asc(staffAccounts.createdAt), asc(staffAccounts.email));
      return rows.map((r) => ({
        row: r.row,
        lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt) : null,
      }));
    },

    async lastSignIn(staffId: string): Promise<Date | null> {
      const [row] = await orm
        .select({ at: max(staffSessions.createdAt) })
        .from(staffSessions)
        .where(eq(staffSessions.staffId, staffId));
      return row?.at ? new Date(row.at) : null;
    },

    /**
     * Runs `fn` in one database transaction for an admin's change to accounts (ADR 0029): the enabled
     * admins are locked first (in id order, so two changes never deadlock), then the target, so two
     * admins demoting each other at once cannot leave none; the audit row commits with the change.
     */
    staffChange<T>(fn: (ops: StaffChangeOps) => Promise<T>): Promise<T> {
      return orm.transaction(async (tx) => fn(staffChangeOps(tx)));
    },
    /** Writes an audit row, in the caller's database transaction when given (so it commits with the action). */
    async audit(row: NewAuditRow, within?: DbScope): Promise<void> {
      await (within ?? orm).insert(opsAudit).values(row);
    },

    async listAudit(seed: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
      const rows = await orm.select().from(opsAudit).orderBy(desc(opsAudit.id)).offset(seed).limit(limit);
      const [total] = await orm.select({ n: count() }).from(opsAudit);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * The retention purge (ADR 0049): up to `limit` audit rows written before `cutoff`, and never one
     * younger than a year by the database's own clock (its trigger would refuse the transaction), in a
     * transaction that sets `veridocs.purge`. Answers how many went.
     */
    async purgeAuditBefore(cutoff: Date, limit: number): Promise<number> {
      return orm.transaction(async (tx) => {
        await tx.execute(sql`select set_config('veridocs.purge', 'on', true)`);
        const doomed = tx
          .select({ id: opsAudit.id })
          .from(opsAudit)
          .where(and(lt(opsAudit.at, cutoff), sql`${opsAudit.at} < now() - interval '1 year'`))
          .orderBy(asc(opsAudit.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        const gone = await tx
          .delete(opsAudit)
          .where(inArray(opsAudit.id, doomed))
          .returning({ id: opsAudit.id });
        return gone.length;
      });
    },
  };
}
export type OpsAuthRepository = ReturnType<typeof createOpsAuthRepository>;

/** The account's row, locked until the end of the database transaction. */
async function lockAccount(tx: Orm, staffId: string): Promise<StaffRow | undefined> {
  const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for('update');
  return row;
}

/** Where an account's hourly window starts: `since`, or later when an admin reset the account since. */
function countFrom(account: StaffRow, since: Date): Date {
  return account.codesCountedFrom && account.codesCountedFrom > since ? account.codesCountedFrom : since;
}

/** The codes an account was sent after `from`, and the wrong guesses made at them. */
async function codesSince(
  tx: Orm,
  staffId: string,
  from: Date,
): Promise<{ created: number; failed: number }> {
  const [row] = await tx
    .select({
      created: count(),
      failed: sql<number>`coalesce(sum(${staffSignInCodes.failedAttempts}), 0)::int`,
    })
    .from(staffSignInCodes)
    .where(and(eq(staffSignInCodes.staffId, staffId), gt(staffSignInCodes.createdAt, from)));
  return { created: row?.created ?? 0, failed: Number(row?.failed ?? 0) };
}

function staffChangeOps(tx: Orm) {
  return {
    scope: tx satisfies DbScope,
    /** The ids of the enabled admins, locked until the end of the database transaction. */
    async lockEnabledAdmins(): Promise<string[]> {
      const rows = await tx
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(and(eq(staffAccounts.role, 'admin'), isNull(staffAccounts.disabledAt)))
        .orderBy(asc(staffAccounts.id))
        .for('update');
      return rows.map((r) => r.id);
    },
    async lockStaff(id: string): Promise<StaffRow | undefined> {
      const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
      return row;
    },
    async emailTaken(email: string, exceptId?: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(
          exceptId
            ? and(eq(staffAccounts.email, email), ne(staffAccounts.id, exceptId))
            : eq(staffAccounts.email, email),
        );
      return Boolean(row);
    },
    /** Inserts an account; undefined when the e-mail is taken (a concurrent twin). */
    async insertStaff(input: {
      email: string;
      name: string;
      role: 'admin' | 'verifier';
      passwordHash: string;
      now: Date;
    }): Promise<StaffRow | undefined> {
      const [row] = await tx
        .insert(staffAccounts)
        .values({ ...input, createdAt: input.now, updatedAt: input.now })
        .onConflictDoNothing({ target: staffAccounts.email })
        .returning();
      return row;
    },
    async updateStaff(
      id: string,
      patch: Partial<
        Pick<
          StaffRow,
          'role' | 'disabledAt' | 'passwordHash' | 'failedPasswords' | 'lockedUntil' | 'codesCountedFrom'
        >
      >,
      now: Date,
    ): Promise<StaffRow> {
      const [row] = await tx
        .update(staffAccounts)
        .set({ ...patch, updatedAt: now })
        .where(eq(staffAccounts.id, id))
        .returning();
      if (!row) throw new Error('staff account vanished while locked');
      return row;
    },
    /** Ends every live session of the account and kills its open sign-in codes. */
    async endSessions(staffId: string, now: Date): Promise<number> {
      const ended = await tx
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(staffSessions.staffId, staffId),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, now),
          ),
        )
        .returning({ id: staffSessions.id });
      await tx
        .update(staffSignInCodes)
        .set({ consumedAt: now })
        .where(and(eq(staffSignInCodes.staffId, staffId), isNull(staffSignInCodes.consumedAt)));
      return ended.length;
    },
  };
}
export type StaffChangeOps = ReturnType<typeof staffChangeOps>;
