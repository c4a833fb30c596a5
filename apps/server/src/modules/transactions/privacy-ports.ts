import { REFUSED_UNDER_18_ACTION, WITHDRAWN_BY_CANDIDATE_ACTION, type State } from '@veridocs/shared';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { transitionTransaction, transitionVerification } from './state-machine.js';
import type { TransactionAccess, TransactionsServiceDeps } from './transaction-access.js';

/** States a request or verification has ended in: nothing more to close. */
const ENDED: readonly State[] = ['COMPLETED', 'FAILED', 'CLOSED'];

/**
 * What the privacy module calls on a transaction (issue 29, ADR 0049): the candidate's request as the
 * privacy page names it, and the stop that withdrawing `verify` or `report_organisation` means.
 */
export function createPrivacyPorts(
  { repo, now }: Pick<TransactionsServiceDeps, 'repo' | 'now'>,
  access: TransactionAccess,
) {
  const { withLockedTransaction } = access;

  return {
    /** The candidate's request (unknown or another candidate's: 122), named for the privacy page. */
    async privacyRequest(profileId: string, txnId: string) {
      const snap = isUuid(txnId) ? await repo.snapshot(txnId.toLowerCase()) : undefined;
      if (!snap || snap.txn.profileId !== profileId) throw new AppError('TRANSACTION_ACCESS_DENIED');
      return {
        txnId: snap.txn.id,
        orgId: snap.txn.orgId,
        orgName: snap.org.name,
        formId: snap.txn.formId,
        formName: snap.form.name,
        state: snap.txn.state,
      };
    },

    /**
     * The candidate withdrew: every verification still open closes, then the request does (CLOSED is in
     * both tables from every state before an end), audited with WITHDRAWN_BY_CANDIDATE_ACTION, so the
     * report job makes no report of it. Decided verifications keep their result. Idempotent.
     */
    stopForWithdrawal: (profileId: string, txnId: string) =>
      stop(profileId, txnId, WITHDRAWN_BY_CANDIDATE_ACTION),

    /**
     * The verified date of birth makes the candidate under 18 (ADR 0049 "Minors"): the request stops
     * as a withdrawal does, CLOSED with REFUSED_UNDER_18_ACTION (no report is made of it). Idempotent.
     */
    stopForMinor: (profileId: string, txnId: string) => stop(profileId, txnId, REFUSED_UNDER_18_ACTION),
  };

  async function stop(
    profileId: string,
    txnId: string,
    action: string,
  ): Promise<{ requestClosed: boolean; verificationsClosed: number }> {
    if (!isUuid(txnId)) throw new AppError('TRANSACTION_ACCESS_DENIED');
    return withLockedTransaction(txnId.toLowerCase(), async (ops, txn) => {
      if (txn.profileId !== profileId) throw new AppError('TRANSACTION_ACCESS_DENIED');
      const context = { action, profileId, now: now() };
      let verificationsClosed = 0;
      for (const record of await ops.records(txn.id)) {
        if (record.markedAsSkip || record.state === 'SKIPPED' || ENDED.includes(record.state)) continue;
        await transitionVerification(ops, txn.id, record, 'CLOSED', context, { insufficiency: null });
        verificationsClosed++;
      }
      const requestClosed = !ENDED.includes(txn.state);
      if (requestClosed) await transitionTransaction(ops, txn, 'CLOSED', context);
      await ops.refreshQueue(txn.id);
      return { requestClosed, verificationsClosed };
    });
  }
}
