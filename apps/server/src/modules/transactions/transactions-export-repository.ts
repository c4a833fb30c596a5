import type { ExportRequest } from '@veridocs/shared';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import {
  ekycForms,
  organisations,
  transactionAnswers,
  transactions,
  verificationRecords,
} from '../../db/schema/index.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The transactions module's part of a candidate's data export (ADR 0049 "Export"): each request with
 * its form, the answers and every verification's data and state. Staff-side fields (queue, assignee,
 * search columns) are the team's working state, not the candidate's data.
 */
export function createTransactionsExportRepository(orm: Orm) {
  return {
    async requests(profileId: string): Promise<ExportRequest[]> {
      const txns = await orm
        .select({
          t: transactions,
          orgName: organisations.name,
          formName: ekycForms.name,
        })
        .from(transactions)
        .innerJoin(organisations, eq(organisations.id, transactions.orgId))
        .innerJoin(ekycForms, eq(ekycForms.id, transactions.formId))
        .where(eq(transactions.profileId, profileId))
        .orderBy(desc(transactions.createdAt), asc(transactions.id));
      const ids = txns.map((r) => r.t.id);
      if (ids.length === 0) return [];
      const answers = await orm
        .select()
        .from(transactionAnswers)
        .where(inArray(transactionAnswers.txnId, ids))
        .orderBy(asc(transactionAnswers.questionId));
      const records = await orm
        .select()
        .from(verificationRecords)
        .where(inArray(verificationRecords.txnId, ids))
        .orderBy(asc(verificationRecords.position));
      return txns.map(({ t, orgName, formName }) => ({
        id: t.id,
        orgId: t.orgId,
        orgName,
        formId: t.formId,
        formName,
        state: t.state,
        createdAt: t.createdAt.toISOString(),
        submittedAt: iso(t.submittedAt),
        expectedBy: iso(t.expectedMaxDate),
        evaluation: t.evalProvider
          ? {
              partner: t.evalProvider,
              reference: t.evalReference,
              emailMasked: t.evalEmailMasked,
              validatedAt: iso(t.evalValidatedAt),
            }
          : null,
        answers: answers
          .filter((a) => a.txnId === t.id)
          .map((a) => ({ questionId: a.questionId, answer: a.answer, updatedAt: a.updatedAt.toISOString() })),
        verifications: records
          .filter((r) => r.txnId === t.id)
          .map((r) => ({
            name: r.name,
            category: r.category,
            subType: r.subType,
            state: r.state,
            skipped: r.markedAsSkip,
            data: r.data,
            insufficiency: r.insufficiency ?? null,
            updatedAt: r.updatedAt.toISOString(),
          })),
      }));
    },
  };
}
