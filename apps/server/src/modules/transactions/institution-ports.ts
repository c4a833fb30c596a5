import { isUuid } from '../../lib/ids.js';
import type { TransactionAccess, TransactionsServiceDeps } from './transaction-access.js';
import { addWorkingDays } from './transaction-view-fns.js';

/** What the expected date of a case is computed from, besides the institutions' requests (issue 27). */
export interface ExpectationBasis {
  /** The form's own estimate, in working days (a request's fallback when the institution has no figures). */
  expectedWorkingDays: number;
  /** The submission's date (as submit computed it), kept for verifications no request covers; null before. */
  submissionDate: Date | null;
  /** The verifications still to be decided (not skipped, not finished): only they hold the date. */
  verificationNames: string[];
}

const UNFINISHED = ['SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA'];
const FINISHED = ['COMPLETED', 'FAILED', 'CLOSED', 'SKIPPED'];

/**
 * What the institutions module calls on a transaction (issue 27, ADR 0046): the expected completion
 * date (`expectedCompletionDate.maxDate`) follows the institutions' turnaround and answers.
 */
export function createInstitutionPorts(
  { repo, now }: Pick<TransactionsServiceDeps, 'repo' | 'now'>,
  access: TransactionAccess,
) {
  const { withLockedTransaction } = access;
  return {
    /** The basis of a case's expected date; null for an unknown one or one not submitted or finished. */
    async expectationBasis(txnId: string): Promise<ExpectationBasis | null> {
      if (!isUuid(txnId)) return null;
      const snap = await repo.snapshot(txnId.toLowerCase());
      if (!snap || !UNFINISHED.includes(snap.txn.state)) return null;
      const submittedAt = snap.txn.submittedAt;
      return {
        expectedWorkingDays: snap.form.expectedWorkingDays,
        submissionDate: submittedAt ? addWorkingDays(submittedAt, snap.form.expectedWorkingDays) : null,
        verificationNames: snap.records
          .filter((r) => !r.markedAsSkip && !FINISHED.includes(r.state))
          .map((r) => r.name),
      };
    },

    /**
     * Writes the expected date computed from the requests, with the queue's deadline column
     * (refreshQueue); nothing for a case finished meanwhile. Answers whether it was written.
     */
    async setInstitutionExpectedDate(txnId: string, date: Date): Promise<boolean> {
      if (!isUuid(txnId)) return false;
      const id = txnId.toLowerCase();
      return withLockedTransaction(
        id,
        async (ops, txn) => {
          if (!UNFINISHED.includes(txn.state)) return false;
          if (txn.expectedMaxDate?.getTime() === date.getTime()) return false;
          await ops.updateTransaction(id, { expectedMaxDate: date, updatedAt: now() });
          await ops.refreshQueue(id);
          return true;
        },
        'TRANSACTION_NOT_FOUND',
      );
    },
  };
}
