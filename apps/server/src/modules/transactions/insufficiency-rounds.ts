import { randomUUID } from 'node:crypto';
import type {
  InsufficiencyAnswerRequest,
  InsufficiencyRound,
  State,
  TransactionInfo,
} from '@veridocs/shared';
import { AppError, validationFailed } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { transitionTransaction, transitionVerification } from './state-machine.js';
import {
  answerIssues,
  followMoves,
  givenAnswers,
  insufficiencyRoundsOf,
  sameAnswer,
} from './insufficiency-fns.js';
import type { TransactionAccess, TransactionsServiceDeps } from './transaction-access.js';
import type { TransactionRow, TransactionWriteOps } from './transactions-repository.js';
import { FILE_TAKEN } from './verification-data-fns.js';

/** What a record keeps of its open round for transaction info (ADR 0020). */
export interface OpenedRound {
  id: string;
  reason: string;
  raisedAt: string;
  documents: { key: string; label: string }[];
}

/** Opens an insufficiency round (its row) and returns what the record keeps of it for transaction info. */
export async function openRound(
  ops: TransactionWriteOps,
  txnId: string,
  name: string,
  reason: string,
  documents: { key: string; label: string }[],
  staffId: string | null,
  at: Date,
): Promise<OpenedRound> {
  const id = randomUUID();
  const docs = documents.map((d) => ({ key: d.key, label: d.label }));
  await ops.insertInsufficiencyRequest({
    id,
    txnId,
    verificationName: name,
    reason,
    documents: docs,
    raisedBy: staffId,
    raisedAt: at,
  });
  return { id, reason, raisedAt: at.toISOString(), documents: docs };
}

/**
 * The transaction follows its verifications (ADR 0020, within ADR 0007's table; the moves are
 * `followMoves`), each move audited. Returns its state after.
 */
export async function followTransaction(
  ops: TransactionWriteOps,
  txn: TransactionRow,
  records: readonly { state: State; markedAsSkip: boolean }[],
  context: { action: string; profileId: string | null; now: Date },
): Promise<State> {
  let current = { id: txn.id, state: txn.state };
  for (const to of followMoves(txn.state, records)) {
    await transitionTransaction(ops, current, to, context);
    current = { ...current, state: to };
  }
  if (current.state === txn.state) await ops.updateTransaction(txn.id, { updatedAt: context.now });
  return current.state;
}

/** The rounds' reads and the candidate's answer (ADR 0020); the team opens rounds by its decisions. */
export function createInsufficiencyRounds(
  { repo, files, now }: Pick<TransactionsServiceDeps, 'repo' | 'files' | 'now'>,
  access: TransactionAccess,
) {
  return {
    /** Ops: every insufficiency round of a transaction with the candidate's answers, oldest first. */
    async insufficiencyHistory(txnId: string): Promise<{ txnId: string; list: InsufficiencyRound[] }> {
      if (!isUuid(txnId) || !(await repo.exists(txnId.toLowerCase())))
        throw new AppError('TRANSACTION_NOT_FOUND');
      const id = txnId.toLowerCase();
      const { requests, answers } = await repo.insufficiencyHistory(id);
      return { txnId: id, list: insufficiencyRoundsOf(requests, answers) };
    },

    /**
     * POST /bgv/insufficiency (ADR 0020): the candidate's files for exactly the documents the open round
     * asks for, each the candidate's own, not another transaction's, of an allowed type and not refused by
     * the checks. The record goes back to the team (INSUFFICIENT_DATA → SUBMITTED), the round is marked
     * answered, the files are linked to the transaction, and the transaction goes back to IN_PROGRESS once
     * no verification waits for the candidate. The same answer again answers the info unchanged; any
     * other state is refused (123) with nothing changed.
     */
    async answerInsufficiency(profileId: string, body: InsufficiencyAnswerRequest): Promise<TransactionInfo> {
      const snap = await access.owned(profileId, body);
      if (!snap.records.some((r) => r.name === body.verificationName))
        throw new AppError('VERIFICATION_NOT_IN_FORM');
      const given = givenAnswers(body.documents);
      const fileIds = [...new Set(given.map((g) => g.fileId))];
      const found = await files.forTransaction(
        profileId,
        snap.txn.id,
        fileIds.filter((f) => isUuid(f)),
      );
      const at = now();
      const context = { action: 'insufficiency-answer', profileId, now: at };
      await access.withLockedTransaction(snap.txn.id, async (ops, txn) => {
        const records = await ops.records(txn.id);
        const record = records.find((r) => r.name === body.verificationName);
        if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM');
        const notWaiting = () =>
          new AppError('INVALID_TRANSITION', `${record.name} is not waiting for documents`, {
            state: record.state,
            verificationName: record.name,
          });
        if (record.state !== 'INSUFFICIENT_DATA') {
          // A retry of an answer that went through: the same files for the latest round change nothing.
          const latest = await ops.latestInsufficiencyRequest(txn.id, record.name);
          if (latest?.answeredAt && sameAnswer(await ops.insufficiencyAnswersOf(latest.id), given)) return;
          throw notWaiting();
        }
        const open = await ops.openInsufficiencyRequest(txn.id, record.name);
        if (!open) throw notWaiting();
        const issues = answerIssues(open.documents, body.documents, found);
        if (issues.length > 0) throw validationFailed(issues);
        if ((await files.attach(profileId, txn.id, fileIds, ops.scope)) === null)
          throw validationFailed([{ path: 'documents', message: FILE_TAKEN }]);
        await ops.answerInsufficiency(open.id, given, at);
        await transitionVerification(ops, txn.id, record, 'SUBMITTED', context, { insufficiency: null });
        const submitted: State = 'SUBMITTED';
        const after = records.map((r) => (r.name === record.name ? { ...r, state: submitted } : r));
        await followTransaction(ops, txn, after, context);
      });
      return access.info(profileId, body);
    },
  };
}
