import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import {
  institutionContacts,
  institutionMessages,
  institutionRequests,
  institutions,
} from '../../db/schema/index.js';
import type { DueRequest, SchedulePlan } from './institution-mail-fns.js';

const r = institutionRequests;
const m = institutionMessages;

/** A message claimed for delivery (leased: no other instance takes it before `leaseUntil`). */
export interface ClaimedMessage {
  id: string;
  requestId: string;
  contactId: string;
  kind: 'request' | 'reminder';
  seq: number;
  attempts: number;
}

/**
 * A PostgreSQL array literal of values that hold no comma, quote, brace or space (uuids, ISO instants,
 * integers), passed as one parameter: a batch is one statement whatever its size.
 */
const pgArray = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The institution e-mail job's reads and writes (issue 27): the reminder schedule and the deliveries. */
export function createInstitutionMailRepository(orm: Orm) {
  return {
    /**
     * One batch of the schedule, in one database transaction: up to `limit` open requests whose next step
     * is due, locked (SKIP LOCKED: another instance takes the next ones), planned by `plan`, then written
     * set-based: the reminders' messages (unique per request, kind and number: ON CONFLICT DO NOTHING,
     * never made twice) and the requests' next step; the escalations. Answers how many were due.
     */
    async scheduleBatch(
      now: Date,
      limit: number,
      plan: (due: DueRequest[]) => SchedulePlan,
    ): Promise<{ due: number; reminders: number; escalations: number }> {
      return orm.transaction(async (tx) => {
        const due = await tx
          .select({ id: r.id, contactId: r.contactId, sentAt: r.sentAt, remindersSent: r.remindersSent })
          .from(r)
          .where(and(isNotNull(r.nextReminderAt), lte(r.nextReminderAt, now), eq(r.status, 'open')))
          .orderBy(asc(r.nextReminderAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return { due: 0, reminders: 0, escalations: 0 };
        const { reminders, escalations } = plan(due);
        const at = now.toISOString();
        if (reminders.length > 0) {
          const ids = pgArray(reminders.map((x) => x.id));
          const contacts = pgArray(reminders.map((x) => x.contactId));
          const seqs = pgArray(reminders.map((x) => x.seq));
          const nexts = pgArray(reminders.map((x) => x.nextAt.toISOString()));
          await tx.execute(sql`insert into institution_messages (request_id, contact_id, kind, seq, due_at)
            select v.id, v.contact_id, 'reminder', v.seq, ${at}::timestamptz
            from unnest(${ids}::uuid[], ${contacts}::uuid[], ${seqs}::int[]) as v(id, contact_id, seq)
            on conflict do nothing`);
          await tx.execute(sql`update institution_requests r
            set reminders_sent = v.seq, next_reminder_at = v.next_at
            from unnest(${ids}::uuid[], ${seqs}::int[], ${nexts}::timestamptz[]) as v(id, seq, next_at)
            where r.id = v.id`);
        }
        if (escalations.length > 0) {
          const ids = pgArray(escalations.map((x) => x.id));
          const contacts = pgArray(escalations.map((x) => x.contactId));
          // No e-mail goes to the institution: the row marks the escalation once (sent at once).
          await tx.execute(sql`insert into institution_messages (request_id, contact_id, kind, seq, due_at, sent_at)
            select v.id, v.contact_id, 'escalation', 0, ${at}::timestamptz, ${at}::timestamptz
            from unnest(${ids}::uuid[], ${contacts}::uuid[]) as v(id, contact_id)
            on conflict do nothing`);
          await tx.execute(sql`update institution_requests
            set status = 'escalated', escalated_at = ${at}::timestamptz, next_reminder_at = null
            where id = any(${ids}::uuid[])`);
        }
        return { due: due.length, reminders: reminders.length, escalations: escalations.length };
      });
    },

    /**
     * Claims up to `limit` unsent messages due by `now` to contacts that take them one by one: SKIP
     * LOCKED, and their due time moved to `leaseUntil` in the same statement, so no other instance sees
     * them until the lease ends (see the service for why a lease). Messages of requests closed meanwhile
     * are claimed too, for the service to drop: the claim stays one index range scan.
     */
    async claimSingles(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMessage[]> {
      const result = await orm.execute(sql`update institution_messages m
        set due_at = ${leaseUntil.toISOString()}::timestamptz, attempts = m.attempts + 1
        where m.id in (
          select m2.id from institution_messages m2
          join institution_contacts c on c.id = m2.contact_id
          where m2.sent_at is null and m2.due_at <= ${now.toISOString()}::timestamptz
            and not c.batch_daily and m2.kind in ('request', 'reminder')
          order by m2.due_at
          limit ${limit}
          for update of m2 skip locked)
        returning m.id, m.request_id, m.contact_id, m.kind, m.seq, m.attempts`);
      return rowsOf<RawMessage>(result).map(messageOf);
    },

    /**
     * Claims every message due by `cutoff` (the day's digest instant) of up to `contacts` contacts that
     * take one digest a day. The contact row is locked (SKIP LOCKED) while its messages are leased, so two
     * instances never split one contact's digest between them.
     */
    async claimDigests(cutoff: Date, leaseUntil: Date, contacts: number): Promise<ClaimedMessage[]> {
      const at = cutoff.toISOString();
      const result = await orm.execute(sql`with picked as (
          select c.id from institution_contacts c
          where c.batch_daily and exists (
            select 1 from institution_messages m1
            where m1.contact_id = c.id and m1.sent_at is null and m1.due_at <= ${at}::timestamptz
              and m1.kind in ('request', 'reminder'))
          limit ${contacts}
          for no key update of c skip locked)
        update institution_messages m
        set due_at = ${leaseUntil.toISOString()}::timestamptz, attempts = m.attempts + 1
        from picked
        where m.contact_id = picked.id and m.sent_at is null and m.due_at <= ${at}::timestamptz and m.kind in ('request', 'reminder')
        returning m.id, m.request_id, m.contact_id, m.kind, m.seq, m.attempts`);
      return rowsOf<RawMessage>(result).map(messageOf);
    },

    /** What the e-mails of these requests say: the request, its contact and institution. */
    async mailContext(requestIds: readonly string[]) {
      if (requestIds.length === 0) return [];
      return orm
        .select({
          id: r.id,
          txnId: r.txnId,
          status: r.status,
          claims: r.claims,
          linkExpiresAt: r.linkExpiresAt,
          sentAt: r.sentAt,
          email: institutionContacts.email,
          institution: institutions.name,
        })
        .from(r)
        .innerJoin(institutionContacts, eq(institutionContacts.id, r.contactId))
        .innerJoin(institutions, eq(institutions.id, r.institutionId))
        .where(inArray(r.id, [...requestIds]));
    },

    /**
     * After the provider accepted them: the messages are sent, and a request whose first e-mail this was
     * is sent now, its first reminder due at `firstReminderAt` (only if not sent before).
     */
    async markSent(
      messageIds: readonly string[],
      firstSent: readonly string[],
      now: Date,
      firstReminderAt: Date,
    ) {
      if (messageIds.length === 0) return;
      const marked = (scope: Orm) =>
        scope
          .update(m)
          .set({ sentAt: now })
          .where(inArray(m.id, [...messageIds]));
      if (firstSent.length === 0) {
        await marked(orm);
        return;
      }
      await orm.transaction(async (tx) => {
        await marked(tx);
        await tx
          .update(r)
          .set({ sentAt: now, nextReminderAt: firstReminderAt })
          .where(and(inArray(r.id, [...firstSent]), sql`${r.sentAt} is null`, eq(r.status, 'open')));
      });
    },

    /** The provider refused: tried again at `retryAt`. */
    async retryLater(messageIds: readonly string[], retryAt: Date) {
      if (messageIds.length === 0) return;
      await orm
        .update(m)
        .set({ dueAt: retryAt })
        .where(and(inArray(m.id, [...messageIds]), sql`${m.sentAt} is null`));
    },

    /** Claimed messages of requests answered, escalated or cancelled meanwhile: nothing to send any more. */
    async drop(messageIds: readonly string[]): Promise<void> {
      if (messageIds.length === 0) return;
      await orm.delete(m).where(and(inArray(m.id, [...messageIds]), sql`${m.sentAt} is null`));
    },
  };
}

interface RawMessage {
  id: string;
  request_id: string;
  contact_id: string;
  kind: 'request' | 'reminder';
  seq: number;
  attempts: number;
}

const messageOf = (row: RawMessage): ClaimedMessage => ({
  id: row.id,
  requestId: row.request_id,
  contactId: row.contact_id,
  kind: row.kind,
  seq: Number(row.seq),
  attempts: Number(row.attempts),
});

export type InstitutionMailRepository = ReturnType<typeof createInstitutionMailRepository>;
