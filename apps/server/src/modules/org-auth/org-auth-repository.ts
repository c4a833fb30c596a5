import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max, ne, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  orgAudit,
  orgUserInvitations,
  orgUserSessions,
  orgUserSignInCodes,
  orgUsers,
  organisations,
} from '../../db/schema/index.js';

export type OrgUserRow = typeof orgUsers.$inferSelect;
export type OrgCodeRow = typeof orgUserSignInCodes.$inferSelect;
export type OrgInvitationRow = typeof orgUserInvitations.$inferSelect;
export type NewOrgAuditRow = Omit<typeof orgAudit.$inferInsert, 'id'>;
type Role = OrgUserRow['role'];

/** Organisation users, their codes, sessions and invitations, and the organisation audit (ADR 0047). */
export function createOrgAuthRepository(orm: Orm) {
  return {
    async findByEmail(email: string): Promise<OrgUserRow | undefined> {
      const [row] = await orm.select().from(orgUsers).where(eq(orgUsers.email, email));
      return row;
    },

    async findById(id: string): Promise<OrgUserRow | undefined> {
      const [row] = await orm.select().from(orgUsers).where(eq(orgUsers.id, id));
      return row;
    },

    async orgName(orgId: string): Promise<string | undefined> {
      const [row] = await orm
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, orgId));
      return row?.name;
    },

    /** A wrong password: counted atomically; locked until `lockUntil` once the count reaches `max`. */
    async recordWrongPassword(id: string, maxWrong: number, lockUntil: Date, now: Date): Promise<void> {
      await orm
        .update(orgUsers)
        .set({
          failedPasswords: sql`${orgUsers.failedPasswords} + 1`,
          lockedUntil: sql`case when ${orgUsers.failedPasswords} + 1 >= ${maxWrong} then ${lockUntil.toISOString()}::timestamptz else ${orgUsers.lockedUntil} end`,
          updatedAt: now,
        })
        .where(eq(orgUsers.id, id));
    },

    async resetWrongPasswords(id: string, now: Date): Promise<void> {
      await orm
        .update(orgUsers)
        .set({ failedPasswords: 0, lockedUntil: null, updatedAt: now })
        .where(eq(orgUsers.id, id));
    },

    /**
     * A new code unless the user already had `cap.max` codes since `cap.since`; older open codes die.
     * The user's row is locked first, so two sign-ins at once are counted one after the other.
     */
    async insertCode(input: {
      id: string;
      userId: string;
      codeHash: string;
      expiresAt: Date;
      now: Date;
      cap: { since: Date; max: number };
    }): Promise<boolean> {
      return orm.transaction(async (tx) => {
        const user = await lockUser(tx, input.userId);
        if (!user) return false;
        if ((await codesSince(tx, input.userId, countFrom(user, input.cap.since))).created >= input.cap.max)
          return false;
        await tx
          .update(orgUserSignInCodes)
          .set({ consumedAt: input.now })
          .where(and(eq(orgUserSignInCodes.userId, input.userId), isNull(orgUserSignInCodes.consumedAt)));
        await tx.insert(orgUserSignInCodes).values({
          id: input.id,
          userId: input.userId,
          codeHash: input.codeHash,
          expiresAt: input.expiresAt,
          createdAt: input.now,
        });
        return true;
      });
    },

    /** Runs `fn` with the code's row (and its user's) locked; null when unknown. */
    withLockedCode<T>(
      id: string,
      fn: (
        row: OrgCodeRow | null,
        ops: {
          fail(cap: {
            since: Date;
            max: number;
            lockUntil: Date;
            codeAttempts: number;
            now: Date;
          }): Promise<{ failed: number; locked: boolean }>;
          consume(now: Date): Promise<void>;
          startSession(s: {
            id: string;
            userId: string;
            ip: string | null;
            now: Date;
            expiresAt: Date;
          }): Promise<void>;
        },
      ) => Promise<T>,
    ): Promise<T> {
      return orm.transaction(async (tx) => {
        const [owner] = await tx
          .select({ userId: orgUserSignInCodes.userId })
          .from(orgUserSignInCodes)
          .where(eq(orgUserSignInCodes.id, id));
        const user = owner ? await lockUser(tx, owner.userId) : undefined;
        const [row] = await tx
          .select()
          .from(orgUserSignInCodes)
          .where(eq(orgUserSignInCodes.id, id))
          .for('update');
        return fn(row ?? null, {
          async fail(cap) {
            const [updated] = await tx
              .update(orgUserSignInCodes)
              .set({ failedAttempts: sql`${orgUserSignInCodes.failedAttempts} + 1` })
              .where(eq(orgUserSignInCodes.id, id))
              .returning({ failed: orgUserSignInCodes.failedAttempts, userId: orgUserSignInCodes.userId });
            if (!updated || !user) return { failed: updated?.failed ?? 0, locked: false };
            const { failed } = await codesSince(tx, updated.userId, countFrom(user, cap.since));
            if (failed < cap.max) return { failed: updated.failed, locked: false };
            await tx
              .update(orgUsers)
              .set({
                lockedUntil: sql`greatest(${orgUsers.lockedUntil}, ${cap.lockUntil.toISOString()}::timestamptz)`,
                updatedAt: cap.now,
              })
              .where(eq(orgUsers.id, updated.userId));
            await tx
              .update(orgUserSignInCodes)
              .set({ consumedAt: cap.now })
              .where(
                and(eq(orgUserSignInCodes.userId, updated.userId), isNull(orgUserSignInCodes.consumedAt)),
              );
            return { failed: updated.failed, locked: true };
          },
          async consume(now) {
            await tx.update(orgUserSignInCodes).set({ consumedAt: now }).where(eq(orgUserSignInCodes.id, id));
          },
          async startSession(s) {
            await tx.insert(orgUserSessions).values({
              id: s.id,
              userId: s.userId,
              ip: s.ip,
              createdAt: s.now,
              expiresAt: s.expiresAt,
            });
          },
        });
      });
    },

    /** The session's user when the session is live and the user enabled. */
    async liveSessionUser(sessionId: string, now: Date): Promise<OrgUserRow | undefined> {
      const [row] = await orm
        .select({ user: orgUsers })
        .from(orgUserSessions)
        .innerJoin(orgUsers, eq(orgUsers.id, orgUserSessions.userId))
        .where(
          and(
            eq(orgUserSessions.id, sessionId),
            isNull(orgUserSessions.endedAt),
            gt(orgUserSessions.expiresAt, now),
            isNull(orgUsers.disabledAt),
          ),
        );
      return row?.user;
    },

    async endSession(sessionId: string, now: Date): Promise<void> {
      await orm
        .update(orgUserSessions)
        .set({ endedAt: now })
        .where(and(eq(orgUserSessions.id, sessionId), isNull(orgUserSessions.endedAt)));
    },

    /** The organisation's users (with their latest sign-in) and open invitations. */
    async listUsers(
      orgId: string,
      now: Date,
    ): Promise<{ users: { row: OrgUserRow; lastSignInAt: Date | null }[]; invitations: OrgInvitationRow[] }> {
      const last = orm
        .select({ userId: orgUserSessions.userId, at: max(orgUserSessions.createdAt).as('last_at') })
        .from(orgUserSessions)
        .groupBy(orgUserSessions.userId)
        .as('last');
      const users = await orm
        .select({ row: orgUsers, lastSignInAt: last.at })
        .from(orgUsers)
        .leftJoin(last, eq(last.userId, orgUsers.id))
        .where(eq(orgUsers.orgId, orgId))
        .orderBy(asc(orgUsers.createdAt), asc(orgUsers.email));
      const invitations = await orm
        .select()
        .from(orgUserInvitations)
        .where(
          and(
            eq(orgUserInvitations.orgId, orgId),
            isNull(orgUserInvitations.acceptedAt),
            isNull(orgUserInvitations.revokedAt),
            gt(orgUserInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(orgUserInvitations.createdAt));
      return {
        users: users.map((u) => ({
          row: u.row,
          lastSignInAt: u.lastSignInAt ? new Date(u.lastSignInAt) : null,
        })),
        invitations,
      };
    },

    async lastSignIn(userId: string): Promise<Date | null> {
      const [row] = await orm
        .select({ at: max(orgUserSessions.createdAt) })
        .from(orgUserSessions)
        .where(eq(orgUserSessions.userId, userId));
      return row?.at ? new Date(row.at) : null;
    },

    async findInvitationByHash(tokenHash: string): Promise<OrgInvitationRow | undefined> {
      const [row] = await orm
        .select()
        .from(orgUserInvitations)
        .where(eq(orgUserInvitations.tokenHash, tokenHash));
      return row;
    },

    /** Runs `fn` in one database transaction (a change and its audit row commit together). */
    change<T>(fn: (ops: OrgChangeOps) => Promise<T>): Promise<T> {
      return orm.transaction(async (tx) => fn(changeOps(tx)));
    },

    /** One page of the organisation's audit, newest first (by id: rows are written in time order). */
    async activity(orgId: string, beforeId: number | undefined, limit: number) {
      return (
        orm
          .select({
            id: orgAudit.id,
            at: orgAudit.at,
            action: orgAudit.action,
            targetType: orgAudit.targetType,
            targetId: orgAudit.targetId,
            detail: orgAudit.detail,
            userId: orgUsers.id,
            name: orgUsers.name,
            email: orgUsers.email,
          })
          .from(orgAudit)
          // Only a user of the same organisation is named.
          .leftJoin(orgUsers, and(eq(orgUsers.id, orgAudit.userId), eq(orgUsers.orgId, orgAudit.orgId)))
          .where(
            and(eq(orgAudit.orgId, orgId), beforeId === undefined ? undefined : lt(orgAudit.id, beforeId)),
          )
          .orderBy(desc(orgAudit.id))
          .limit(limit)
      );
    },

    async audit(row: NewOrgAuditRow, within?: DbScope): Promise<void> {
      await (within ?? orm).insert(orgAudit).values(row);
    },

    /**
     * The retention purge (ADR 0049): up to `limit` audit rows written before `cutoff`, never one younger
     * than a year by the database's clock, in a transaction that sets `veridocs.purge`. Answers how many.
     */
    async purgeAuditBefore(cutoff: Date, limit: number): Promise<number> {
      return orm.transaction(async (tx) => {
        await tx.execute(sql`select set_config('veridocs.purge', 'on', true)`);
        const doomed = tx
          .select({ id: orgAudit.id })
          .from(orgAudit)
          .where(and(lt(orgAudit.at, cutoff), sql`${orgAudit.at} < now() - interval '1 year'`))
          .orderBy(asc(orgAudit.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        const gone = await tx
          .delete(orgAudit)
          .where(inArray(orgAudit.id, doomed))
          .returning({ id: orgAudit.id });
        return gone.length;
      });
    },

    /** The e-mail addresses of the organisation's enabled owners (its notifications' default). */
    async ownerEmails(orgId: string): Promise<string[]> {
      const rows = await orm
        .select({ email: orgUsers.email })
        .from(orgUsers)
        .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.role, 'owner'), isNull(orgUsers.disabledAt)))
        .orderBy(asc(orgUsers.createdAt), asc(orgUsers.id));
      return rows.map((r) => r.email);
    },

    async countUsers(orgId: string): Promise<number> {
      const [row] = await orm.select({ n: count() }).from(orgUsers).where(eq(orgUsers.orgId, orgId));
      return row?.n ?? 0;
    },
  };
}
export type OrgAuthRepository = ReturnType<typeof createOrgAuthRepository>;

async function lockUser(tx: Orm, userId: string): Promise<OrgUserRow | undefined> {
  const [row] = await tx.select().from(orgUsers).where(eq(orgUsers.id, userId)).for('update');
  return row;
}

function countFrom(user: OrgUserRow, since: Date): Date {
  return user.codesCountedFrom && user.codesCountedFrom > since ? user.codesCountedFrom : since;
}

async function codesSince(tx: Orm, userId: string, from: Date): Promise<{ created: number; failed: number }> {
  const [row] = await tx
    .select({
      created: count(),
      failed: sql<number>`coalesce(sum(${orgUserSignInCodes.failedAttempts}), 0)::int`,
    })
    .from(orgUserSignInCodes)
    .where(and(eq(orgUserSignInCodes.userId, userId), gt(orgUserSignInCodes.createdAt, from)));
  return { created: row?.created ?? 0, failed: Number(row?.failed ?? 0) };
}

function changeOps(tx: Orm) {
  return {
    scope: tx satisfies DbScope,
    /** The ids of the organisation's enabled owners, locked (in id order) until the end of the transaction. */
    async lockEnabledOwners(orgId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: orgUsers.id })
        .from(orgUsers)
        .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.role, 'owner'), isNull(orgUsers.disabledAt)))
        .orderBy(asc(orgUsers.id))
        .for('update');
      return rows.map((r) => r.id);
    },
    /** The organisation's user, locked; undefined when unknown or of another organisation. */
    async lockUser(orgId: string, id: string): Promise<OrgUserRow | undefined> {
      const [row] = await tx
        .select()
        .from(orgUsers)
        .where(and(eq(orgUsers.id, id), eq(orgUsers.orgId, orgId)))
        .for('update');
      return row;
    },
    async emailTaken(email: string): Promise<boolean> {
      const [row] = await tx.select({ id: orgUsers.id }).from(orgUsers).where(eq(orgUsers.email, email));
      return Boolean(row);
    },
    async orgExists(orgId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, orgId));
      return Boolean(row);
    },
    async insertInvitation(input: {
      orgId: string;
      email: string;
      name: string;
      role: Role;
      tokenHash: string;
      invitedBy: string | null;
      expiresAt: Date;
      now: Date;
    }): Promise<OrgInvitationRow> {
      const [row] = await tx
        .insert(orgUserInvitations)
        .values({ ...input, createdAt: input.now })
        .returning();
      if (!row) throw new Error('invitation not inserted');
      return row;
    },
    /** The invitation, locked; undefined when unknown (by id within the organisation, or by token hash). */
    async lockInvitation(
      by: { orgId: string; id: string } | { tokenHash: string },
    ): Promise<OrgInvitationRow | undefined> {
      const where =
        'tokenHash' in by
          ? eq(orgUserInvitations.tokenHash, by.tokenHash)
          : and(eq(orgUserInvitations.id, by.id), eq(orgUserInvitations.orgId, by.orgId));
      const [row] = await tx.select().from(orgUserInvitations).where(where).for('update');
      return row;
    },
    async markInvitation(id: string, patch: { acceptedAt?: Date; revokedAt?: Date }): Promise<void> {
      await tx.update(orgUserInvitations).set(patch).where(eq(orgUserInvitations.id, id));
    },
    /** Inserts a user; undefined when the e-mail is taken (a concurrent twin). */
    async insertUser(input: {
      orgId: string;
      email: string;
      name: string;
      role: Role;
      passwordHash: string;
      now: Date;
    }): Promise<OrgUserRow | undefined> {
      const [row] = await tx
        .insert(orgUsers)
        .values({ ...input, createdAt: input.now, updatedAt: input.now })
        .onConflictDoNothing({ target: orgUsers.email })
        .returning();
      return row;
    },
    async updateUser(
      id: string,
      patch: Partial<Pick<OrgUserRow, 'role' | 'disabledAt'>>,
      now: Date,
    ): Promise<OrgUserRow> {
      const [row] = await tx
        .update(orgUsers)
        .set({ ...patch, updatedAt: now })
        .where(eq(orgUsers.id, id))
        .returning();
      if (!row) throw new Error('org user vanished while locked');
      return row;
    },
    /** Ends every live session of the user and kills their open sign-in codes. */
    async endSessions(userId: string, now: Date): Promise<number> {
      const ended = await tx
        .update(orgUserSessions)
        .set({ endedAt: now })
        .where(
          and(
            eq(orgUserSessions.userId, userId),
            isNull(orgUserSessions.endedAt),
            gt(orgUserSessions.expiresAt, now),
          ),
        )
        .returning({ id: orgUserSessions.id });
      await tx
        .update(orgUserSignInCodes)
        .set({ consumedAt: now })
        .where(and(eq(orgUserSignInCodes.userId, userId), isNull(orgUserSignInCodes.consumedAt)));
      return ended.length;
    },
    /** Other open invitations of the e-mail in the organisation die when a new one is sent or one is accepted. */
    async revokeOpenInvitations(orgId: string, email: string, exceptId: string, now: Date): Promise<void> {
      await tx
        .update(orgUserInvitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(orgUserInvitations.orgId, orgId),
            eq(orgUserInvitations.email, email),
            isNull(orgUserInvitations.acceptedAt),
            isNull(orgUserInvitations.revokedAt),
            ne(orgUserInvitations.id, exceptId),
          ),
        );
    },
  };
}
export type OrgChangeOps = ReturnType<typeof changeOps>;
