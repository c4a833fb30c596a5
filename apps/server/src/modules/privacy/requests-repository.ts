import type { PrivacyTicketKind, PrivacyTicketOutcome, PrivacyTicketStatus } from '@veridocs/shared';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import { ekycForms, organisations, privacyRequests, profiles, transactions } from '../../db/schema/index.js';

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;
export type NewPrivacyRequest = Omit<
  typeof privacyRequests.$inferInsert,
  'id' | 'number' | 'status' | 'outcome' | 'answer' | 'answeredAt' | 'answeredBy' | 'closedAt' | 'erasedAt'
>;
/** A row with the label of the request (form) it concerns and, for the team, the candidate's name. */
export type LabelledRequestRow = PrivacyRequestRow & {
  orgName: string | null;
  formName: string | null;
  candidateName: string | null;
};

const labelled = {
  row: privacyRequests,
  orgName: organisations.name,
  formName: ekycForms.name,
  candidateName: profiles.name,
};

/** Correction requests and grievance tickets (issue 29, ADR 0049): the privacy module's own table. */
export function createRequestsRepository(orm: Orm) {
  const select = (scope: DbScope, where: SQL | undefined) =>
    scope
      .select(labelled)
      .from(privacyRequests)
      .innerJoin(profiles, eq(profiles.id, privacyRequests.profileId))
      .leftJoin(transactions, eq(transactions.id, privacyRequests.txnId))
      .leftJoin(organisations, eq(organisations.id, transactions.orgId))
      .leftJoin(ekycForms, eq(ekycForms.id, transactions.formId))
      .where(where);
  const flat = (r: {
    row: PrivacyRequestRow;
    orgName: string | null;
    formName: string | null;
    candidateName: string | null;
  }): LabelledRequestRow => ({
    ...r.row,
    orgName: r.orgName,
    formName: r.formName,
    candidateName: r.candidateName,
  });

  return {
    /** The candidate's forms (requests), newest first: what a correction or grievance may concern. */
    async choicesOf(profileId: string) {
      return orm
        .select({ txnId: transactions.id, orgName: organisations.name, formName: ekycForms.name })
        .from(transactions)
        .innerJoin(organisations, eq(organisations.id, transactions.orgId))
        .innerJoin(ekycForms, eq(ekycForms.id, transactions.formId))
        .where(eq(transactions.profileId, profileId))
        .orderBy(desc(transactions.createdAt));
    },

    /**
     * Files a request under a per-candidate advisory lock: `decide` sees the candidate's open requests
     * and answers the existing row (a retry of the same text), a refusal (thrown), or null to insert.
     */
    async file(
      values: NewPrivacyRequest,
      decide: (open: PrivacyRequestRow[]) => PrivacyRequestRow | null,
    ): Promise<PrivacyRequestRow> {
      return orm.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${'privacy_requests:' + values.profileId}))`,
        );
        const open = await tx
          .select()
          .from(privacyRequests)
          .where(and(eq(privacyRequests.profileId, values.profileId), eq(privacyRequests.status, 'open')));
        const existing = decide(open);
        if (existing) return existing;
        const [row] = await tx.insert(privacyRequests).values(values).returning();
        return row!;
      });
    },

    async ofProfile(profileId: string): Promise<LabelledRequestRow[]> {
      const rows = await select(orm, eq(privacyRequests.profileId, profileId)).orderBy(
        desc(privacyRequests.createdAt),
        desc(privacyRequests.number),
      );
      return rows.map(flat);
    },

    async byId(id: string): Promise<LabelledRequestRow | undefined> {
      const [row] = await select(orm, eq(privacyRequests.id, id)).limit(1);
      return row && flat(row);
    },

    /** The team's list: open ones first, then by due date (the most urgent on top). */
    async list(filter: {
      kind?: PrivacyTicketKind;
      status?: PrivacyTicketStatus;
    }): Promise<LabelledRequestRow[]> {
      const where = and(
        filter.kind ? eq(privacyRequests.kind, filter.kind) : undefined,
        filter.status ? eq(privacyRequests.status, filter.status) : undefined,
      );
      const rows = await select(orm, where)
        .orderBy(
          sql`${privacyRequests.status} <> 'open'`,
          asc(privacyRequests.dueAt),
          asc(privacyRequests.number),
        )
        .limit(500);
      return rows.map(flat);
    },

    /**
     * Answers an open request once: the row is updated only while open, and `after` (the candidate's
     * notification) runs in the same database transaction. Undefined: it was not open (or not there).
     */
    async answer(
      id: string,
      values: { outcome: PrivacyTicketOutcome; answer: string; answeredAt: Date; answeredBy: string },
      after: (scope: DbScope, row: PrivacyRequestRow) => Promise<void>,
    ): Promise<PrivacyRequestRow | undefined> {
      return orm.transaction(async (tx) => {
        const [row] = await tx
          .update(privacyRequests)
          .set({ ...values, status: 'answered' })
          .where(and(eq(privacyRequests.id, id), eq(privacyRequests.status, 'open')))
          .returning();
        if (row) await after(tx, row);
        return row;
      });
    },

    /** The candidate withdraws their own open request. Undefined: not theirs, or not open. */
    async close(profileId: string, id: string, at: Date): Promise<PrivacyRequestRow | undefined> {
      const [row] = await orm
        .update(privacyRequests)
        .set({ status: 'closed', closedAt: at })
        .where(
          and(
            eq(privacyRequests.id, id),
            eq(privacyRequests.profileId, profileId),
            eq(privacyRequests.status, 'open'),
          ),
        )
        .returning();
      return row;
    },
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
