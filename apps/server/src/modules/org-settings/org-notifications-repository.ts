import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { orgDigestLines, orgNotificationMails } from '../../db/schema/index.js';
import type { DigestLine } from './org-notification-fns.js';

const n = orgNotificationMails;

export type NewOrgMail = Pick<
  typeof n.$inferInsert,
  'orgId' | 'key' | 'kind' | 'digestDay' | 'toEmail' | 'subject' | 'body' | 'dueAt'
> & {
  /** A digest's lines naming candidates (recorded with the mail, for the erasure). */
  lines?: readonly DigestLine[];
};

/** A mail claimed for delivery (leased: no other runner takes it before the lease ends). */
export interface ClaimedMail {
  id: string;
  toEmail: string;
  subject: string;
  body: string;
  attempts: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The organisation's e-mails' outbox (issue 28): written once per key, leased, marked sent. */
export function createOrgNotificationsRepository(orm: Orm) {
  return {
    /** Runs `work` in one database transaction (the moves' claim and mark, the mails' insert). */
    transaction: <T>(work: (scope: DbScope) => Promise<T>): Promise<T> => orm.transaction(work),

    /**
     * Writes the mails whose key is new (a retried or concurrent pass writes nothing twice), each with
     * its digest lines, in the caller's database transaction: no digest is ever without them.
     */
    async insertMails(scope: DbScope, mails: readonly NewOrgMail[]): Promise<number> {
      if (mails.length === 0) return 0;
      const inserted = await scope
        .insert(n)
        .values(mails.map(({ lines: _lines, ...mail }) => mail))
        .onConflictDoNothing({ target: n.key })
        .returning({ id: n.id, key: n.key });
      const linesOf = new Map(mails.map((m) => [m.key, m.lines ?? []]));
      const lines = inserted.flatMap(({ id, key }) =>
        (linesOf.get(key) ?? []).map((l) => ({ mailId: id, ...l })),
      );
      if (lines.length > 0) await scope.insert(orgDigestLines).values(lines);
      return inserted.length;
    },

    /** Of these organisations, those with a digest written for `day`. */
    async digestWritten(orgIds: readonly string[], day: string): Promise<Set<string>> {
      if (orgIds.length === 0) return new Set();
      const rows = await orm
        .selectDistinct({ orgId: n.orgId })
        .from(n)
        .where(and(inArray(n.orgId, [...orgIds]), eq(n.digestDay, day)));
      return new Set(rows.map((r) => r.orgId));
    },

    /**
     * Claims up to `limit` unsent mails due by `now`: SKIP LOCKED, and their due time moved to
     * `leaseUntil` in the same statement, so no other runner sees them until the lease ends.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
      const result = await orm.execute(sql`update org_notification_mails m
        set due_at = ${leaseUntil.toISOString()}::timestamptz, attempts = m.attempts + 1
        where m.id in (
          select m2.id from org_notification_mails m2
          where m2.sent_at is null and m2.due_at <= ${now.toISOString()}::timestamptz
          order by m2.due_at
          limit ${limit}
          for update skip locked)
        returning m.id, m.to_email, m.subject, m.body, m.attempts`);
      return rowsOf<{ id: string; to_email: string; subject: string; body: string; attempts: number }>(
        result,
      ).map((r) => ({
        id: r.id,
        toEmail: r.to_email,
        subject: r.subject,
        body: r.body,
        attempts: Number(r.attempts),
      }));
    },

    async markSent(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await orm
        .update(n)
        .set({ sentAt: at })
        .where(and(inArray(n.id, [...ids]), isNull(n.sentAt)));
    },

    /** Removes up to `limit` mails sent before `before`; how many it removed. */
    async pruneSent(before: Date, limit: number): Promise<number> {
      const oldest = orm.select({ id: n.id }).from(n).where(lt(n.sentAt, before)).limit(limit);
      return (await orm.delete(n).where(inArray(n.id, oldest)).returning({ id: n.id })).length;
    },

    /** The provider refused: tried again at `retryAt`. */
    async retryLater(ids: readonly string[], retryAt: Date): Promise<void> {
      if (ids.length === 0) return;
      await orm
        .update(n)
        .set({ dueAt: retryAt })
        .where(and(inArray(n.id, [...ids]), isNull(n.sentAt)));
    },
  };
}
export type OrgNotificationsRepository = ReturnType<typeof createOrgNotificationsRepository>;
