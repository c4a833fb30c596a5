import { inAnswerOrder } from './institutions-fns.js';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  institutionAnswers,
  institutionCodes,
  institutionContacts,
  institutionMessages,
  institutionRequestItems,
  institutionRequests,
  institutions,
  institutionSessions,
} from '../../db/schema/index.js';

export type RequestRow = typeof institutionRequests.$inferSelect;
export type AnswerRow = typeof institutionAnswers.$inferSelect;
type NewRequest = typeof institutionRequests.$inferInsert;
type NewAnswer = typeof institutionAnswers.$inferInsert;

/** The partial unique index that keeps one open request per verification. */
export const OPEN_ITEM_INDEX = 'institution_request_items_open_uq';

/** Whether an error is PostgreSQL's unique violation of `constraint` (drizzle may wrap the driver's). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  type PgError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
  for (let e = error as PgError | undefined, depth = 0; e && depth < 5; e = e.cause as PgError, depth++) {
    if (e.code !== '23505') continue;
    if (e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint)))
      return true;
  }
  return false;
}

/**
 * Requests to institutions and everything a responder does (ADR 0043, module `institutions`): the
 * requests and their items, one-time codes, sessions, answers, and the request's first e-mail row.
 */
export function createRequestsRepository(orm: Orm) {
  return {
    /**
     * One request: the row, its items (the partial unique index refuses a verification already covered
     * by an open request), its first e-mail (due now, sent by the mail job) and the institution's count.
     */
    async insertRequest(
      row: NewRequest & { id: string },
      names: readonly string[],
      at: Date,
      within?: (scope: DbScope) => Promise<void>,
    ): Promise<void> {
      await orm.transaction(async (tx) => {
        await tx.insert(institutionRequests).values(row);
        await tx
          .insert(institutionRequestItems)
          .values(
            names.map((verificationName) => ({ requestId: row.id, txnId: row.txnId, verificationName })),
          );
        await tx
          .insert(institutionMessages)
          .values({ requestId: row.id, contactId: row.contactId, kind: 'request', seq: 0, dueAt: at });
        await tx
          .update(institutions)
          .set({ requestsSent: sql`${institutions.requestsSent} + 1`, updatedAt: at })
          .where(eq(institutions.id, row.institutionId));
        await within?.(tx);
      });
    },

    /**
     * Withdraws every request of a case still waiting (open or escalated): cancelled, no reminder due,
     * its items free; the link is refused from then on (responder-service.ts). Answers the ids.
     */
    async cancelOpenOfTxn(txnId: string): Promise<string[]> {
      return orm.transaction(async (tx) => {
        const cancelled = await tx
          .update(institutionRequests)
          .set({ status: 'cancelled', nextReminderAt: null })
          .where(
            and(
              eq(institutionRequests.txnId, txnId),
              inArray(institutionRequests.status, ['open', 'escalated']),
            ),
          )
          .returning({ id: institutionRequests.id });
        const ids = cancelled.map((r) => r.id);
        if (ids.length > 0)
          await tx
            .update(institutionRequestItems)
            .set({ open: false })
            .where(inArray(institutionRequestItems.requestId, ids));
        return ids;
      });
    },

    /** The verifications of a case an open request covers (name → request id). */
    async openItems(txnId: string): Promise<Map<string, string>> {
      const rows = await orm
        .select()
        .from(institutionRequestItems)
        .where(and(eq(institutionRequestItems.txnId, txnId), eq(institutionRequestItems.open, true)));
      return new Map(rows.map((r) => [r.verificationName, r.requestId]));
    },

    async requestsOfTxn(txnId: string): Promise<RequestRow[]> {
      return orm
        .select()
        .from(institutionRequests)
        .where(eq(institutionRequests.txnId, txnId))
        .orderBy(desc(institutionRequests.createdAt), asc(institutionRequests.id));
    },

    async answersOfRequests(ids: readonly string[]): Promise<AnswerRow[]> {
      if (ids.length === 0) return [];
      return inAnswerOrder(
        await orm
          .select()
          .from(institutionAnswers)
          .where(inArray(institutionAnswers.requestId, [...ids])),
      );
    },

    async findRequest(id: string): Promise<RequestRow | undefined> {
      const [row] = await orm.select().from(institutionRequests).where(eq(institutionRequests.id, id));
      return row;
    },

    async findByLinkHash(hash: string): Promise<RequestRow | undefined> {
      const [row] = await orm
        .select()
        .from(institutionRequests)
        .where(eq(institutionRequests.linkTokenHash, hash));
      return row;
    },

    /** A contact's requests, open first, newest first. */
    async requestsOfContact(contactId: string): Promise<RequestRow[]> {
      return orm
        .select()
        .from(institutionRequests)
        .where(eq(institutionRequests.contactId, contactId))
        .orderBy(
          sql`case when ${institutionRequests.status} in ('open', 'escalated') then 0 else 1 end`,
          desc(institutionRequests.createdAt),
        )
        .limit(200);
    },

    /** The team's queue: requests in one status, oldest first (escalated: by when they were escalated). */
    async requestsByStatus(
      status: RequestRow['status'],
      offset: number,
      limit: number,
    ): Promise<{ rows: RequestRow[]; total: number }> {
      const rows = await orm
        .select()
        .from(institutionRequests)
        .where(eq(institutionRequests.status, status))
        .orderBy(
          asc(sql`coalesce(${institutionRequests.escalatedAt}, ${institutionRequests.createdAt})`),
          asc(institutionRequests.id),
        )
        .offset(offset)
        .limit(limit);
      const [counted] = await orm
        .select({ n: count() })
        .from(institutionRequests)
        .where(eq(institutionRequests.status, status));
      return { rows, total: counted?.n ?? 0 };
    },

    // ——— Codes and sessions ———

    async lastCodeAt(contactId: string, requestId: string): Promise<Date | null> {
      const [row] = await orm
        .select({ createdAt: institutionCodes.createdAt })
        .from(institutionCodes)
        .where(and(eq(institutionCodes.contactId, contactId), eq(institutionCodes.requestId, requestId)))
        .orderBy(desc(institutionCodes.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },

    async insertCode(row: typeof institutionCodes.$inferInsert): Promise<void> {
      await orm.insert(institutionCodes).values(row);
    },

    /** Uses a live code of this contact AND request once; undefined when none matches. */
    async takeCode(contactId: string, requestId: string, codeHash: string, at: Date) {
      const [row] = await orm
        .update(institutionCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(institutionCodes.contactId, contactId),
            eq(institutionCodes.requestId, requestId),
            eq(institutionCodes.codeHash, codeHash),
            isNull(institutionCodes.usedAt),
            gt(institutionCodes.expiresAt, at),
          ),
        )
        .returning({ id: institutionCodes.id });
      return row;
    },

    /**
     * Counts a wrong code on the contact in one statement: the `limit`-th closes its links until
     * `lockUntil` and starts the count again. Answers the contact as it is now.
     */
    async recordWrongCode(contactId: string, limit: number, lockUntil: Date) {
      const [row] = await orm
        .update(institutionContacts)
        .set({
          failedCodes: sql`case when ${institutionContacts.failedCodes} + 1 >= ${limit} then 0 else ${institutionContacts.failedCodes} + 1 end`,
          lockedUntil: sql`case when ${institutionContacts.failedCodes} + 1 >= ${limit} then ${lockUntil.toISOString()}::timestamptz else ${institutionContacts.lockedUntil} end`,
        })
        .where(eq(institutionContacts.id, contactId))
        .returning();
      return row;
    },

    async clearWrongCodes(contactId: string): Promise<void> {
      await orm
        .update(institutionContacts)
        .set({ failedCodes: 0 })
        .where(eq(institutionContacts.id, contactId));
    },

    async insertSession(row: typeof institutionSessions.$inferInsert): Promise<void> {
      await orm.insert(institutionSessions).values(row);
    },

    async findSession(tokenHash: string, at: Date) {
      const [row] = await orm
        .select()
        .from(institutionSessions)
        .where(and(eq(institutionSessions.tokenHash, tokenHash), gt(institutionSessions.expiresAt, at)));
      return row;
    },

    // ——— Answers ———

    async findAnswer(id: string): Promise<AnswerRow | undefined> {
      const [row] = await orm.select().from(institutionAnswers).where(eq(institutionAnswers.id, id));
      return row;
    },

    /** The latest answer about a verification of a case (a correction supersedes what it corrects). */
    async latestAnswer(txnId: string, verificationName: string): Promise<AnswerRow | undefined> {
      const rows = await orm
        .select()
        .from(institutionAnswers)
        .where(
          and(eq(institutionAnswers.txnId, txnId), eq(institutionAnswers.verificationName, verificationName)),
        );
      return inAnswerOrder(rows).at(-1);
    },

    /**
     * Appends an answer with the request row locked (two answers at once are ordered): a second answer
     * about a verification corrects the latest one. `onFirst` runs for the request's first answer (the
     * turnaround); once every verification has an answer the request is answered and its items close.
     */
    async insertAnswer(
      row: Omit<NewAnswer, 'correctsAnswerId'>,
      at: Date,
      onFirst: (scope: DbScope, request: RequestRow) => Promise<{ turnaroundDays: number }>,
    ): Promise<AnswerRow> {
      return orm.transaction(async (tx) => {
        const [request] = await tx
          .select()
          .from(institutionRequests)
          .where(eq(institutionRequests.id, row.requestId))
          .for('update');
        if (!request) throw new Error('request vanished');
        const earlier = inAnswerOrder(
          await tx.select().from(institutionAnswers).where(eq(institutionAnswers.requestId, request.id)),
        );
        const previous = earlier.filter((a) => a.verificationName === row.verificationName).at(-1);
        const [inserted] = await tx
          .insert(institutionAnswers)
          .values({ ...row, correctsAnswerId: previous?.id ?? null, answeredAt: at })
          .returning();
        if (!inserted) throw new Error('answer not inserted');
        const patch: Partial<RequestRow> = {};
        if (!request.answeredAt) {
          const { turnaroundDays } = await onFirst(tx, request);
          Object.assign(patch, { answeredAt: at, turnaroundDays });
        }
        const answered = new Set([...earlier.map((a) => a.verificationName), row.verificationName]);
        const all = request.claims.every((c) => answered.has(c.verificationName));
        if (all && request.status !== 'answered') {
          Object.assign(patch, { status: 'answered', nextReminderAt: null });
          await tx
            .update(institutionRequestItems)
            .set({ open: false })
            .where(eq(institutionRequestItems.requestId, request.id));
        }
        if (Object.keys(patch).length > 0)
          await tx.update(institutionRequests).set(patch).where(eq(institutionRequests.id, request.id));
        return inserted;
      });
    },
  };
}
export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
