import type { OpsDecisionRequest, OpsDecisionResponse, State } from '@veridocs/shared';
import type { DbScope } from '../../db/client.js';
import { AppError, validationFailed } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { assertTransition, transitionTransaction, transitionVerification } from './state-machine.js';
import { followTransaction, openRound } from './insufficiency-rounds.js';
import type { TransactionAccess, TransactionsServiceDeps } from './transaction-access.js';
import { ISSUER_SOURCE_KEY, type IssuerSourceMark } from './verification-data-fns.js';

/**
 * The verification team's actions on a transaction (ADR 0019/0020/0026), for the ops module: decisions,
 * assignment, the expected date, and the row lock its own writes share. Unknown transaction: 121.
 */
export function createTeamActions({ now }: Pick<TransactionsServiceDeps, 'now'>, access: TransactionAccess) {
  const { withLockedTransaction } = access;

  return {
    /** Ops: moves a transaction along its table; audited without a profile. */
    async opsTransitionTransaction(txnId: string, to: State, action: string): Promise<void> {
      await withLockedTransaction(
        txnId,
        (ops, txn) => transitionTransaction(ops, txn, to, { action, profileId: null, now: now() }),
        'TRANSACTION_NOT_FOUND',
      );
    },

    /**
     * Ops: moves one verification record along its table, without the transaction following
     * (INSUFFICIENT_DATA opens a round asking for one document named by the reason). Tests and tools;
     * the team's route uses `opsDecide`.
     */
    async opsTransitionVerification(
      txnId: string,
      name: string,
      to: State,
      action: string,
      insufficiencyReason?: string,
    ): Promise<void> {
      await withLockedTransaction(
        txnId,
        async (ops) => {
          const record = (await ops.records(txnId)).find((r) => r.name === name);
          if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM');
          const at = now();
          const reason = insufficiencyReason ?? 'More information is needed';
          const open =
            to === 'INSUFFICIENT_DATA'
              ? await openRound(ops, txnId, name, reason, [{ key: 'document', label: reason }], null, at)
              : null;
          await transitionVerification(
            ops,
            txnId,
            record,
            to,
            { action, profileId: null, now: at },
            { insufficiency: open },
          );
        },
        'TRANSACTION_NOT_FOUND',
      );
    },

    /**
     * The verification team's decision on one verification (ADR 0020): the record moves along its
     * table, INSUFFICIENT_DATA opens a round (reason, documents asked, who, when: never overwritten),
     * and the transaction follows (`followTransaction`). `within` writes the ops audit row in the same
     * database transaction. Unknown transaction 121; a move the table refuses 123; nothing changes.
     */
    async opsDecide(
      txnId: string,
      decision: OpsDecisionRequest,
      staffId: string | null,
      within?: (scope: DbScope) => Promise<void>,
      /** Runs first, with the transaction row locked: the ops module refuses another's lock there (220). */
      guard?: (scope: DbScope, txnId: string) => Promise<void>,
      /** A completion with the issuer's answer (API Setu, issue 26): its mark joins the record's data. */
      source?: IssuerSourceMark,
    ): Promise<OpsDecisionResponse> {
      if (!isUuid(txnId)) throw new AppError('TRANSACTION_NOT_FOUND');
      const id = txnId.toLowerCase();
      return withLockedTransaction(
        id,
        async (ops, txn) => {
          const records = await ops.records(id);
          if (guard) await guard(ops.scope, id);
          const record = records.find((r) => r.name === decision.verificationName);
          if (!record)
            throw new AppError(
              'VERIFICATION_NOT_IN_FORM',
              `${decision.verificationName} is not part of this request`,
            );
          const at = now();
          const to = decision.state;
          const context = { action: `ops-${to.toLowerCase().replace(/_/g, '-')}`, profileId: null, now: at };
          assertTransition('verification', record.state, to, record.name);
          const open =
            decision.state === 'INSUFFICIENT_DATA'
              ? await openRound(ops, id, record.name, decision.reason, decision.documents, staffId, at)
              : null;
          const marked =
            source && to === 'COMPLETED' ? { data: { ...record.data, [ISSUER_SOURCE_KEY]: source } } : {};
          await transitionVerification(ops, id, record, to, context, { insufficiency: open, ...marked });
          const after = records.map((r) => (r.name === record.name ? { ...r, state: to } : r));
          const transactionState = await followTransaction(ops, txn, after, context);
          if (within) await within(ops.scope);
          const round = open
            ? {
                id: open.id,
                verificationName: record.name,
                reason: open.reason,
                documents: open.documents,
                raisedBy: staffId,
                raisedAt: open.raisedAt,
                answeredAt: null,
                answers: [],
              }
            : null;
          return {
            txnId: id,
            transactionState,
            verificationName: record.name,
            state: to,
            openInsufficiency: round,
          };
        },
        'TRANSACTION_NOT_FOUND',
      );
    },

    /**
     * Ops: runs `fn` with the transaction row locked (FOR UPDATE) in one database transaction: what the
     * ops module writes beside it (verification locks, audit) is serialised with decisions. 121 unknown.
     */
    opsWithTransaction<T>(
      txnId: string,
      fn: (scope: DbScope, txn: { id: string; state: State }) => Promise<T>,
    ): Promise<T> {
      if (!isUuid(txnId)) return Promise.reject(new AppError('TRANSACTION_NOT_FOUND'));
      const id = txnId.toLowerCase();
      return withLockedTransaction(id, (ops, txn) => fn(ops.scope, txn), 'TRANSACTION_NOT_FOUND');
    },

    /** Ops: assigns the case to a team member, or to nobody (null). 121 unknown. */
    opsAssign(
      txnId: string,
      staffId: string | null,
      within: (scope: DbScope, txnId: string) => Promise<void>,
    ): Promise<void> {
      if (!isUuid(txnId)) return Promise.reject(new AppError('TRANSACTION_NOT_FOUND'));
      const id = txnId.toLowerCase();
      return withLockedTransaction(
        id,
        async (ops) => {
          await ops.setAssignee(id, staffId, now());
          await within(ops.scope, id);
        },
        'TRANSACTION_NOT_FOUND',
      );
    },

    /**
     * Ops: the expected completion date the candidate sees (transaction info's expectedMaxDate), a
     * UTC date today or later; refused (221) once the transaction is terminal. 121 unknown.
     */
    opsSetExpectedDate(
      txnId: string,
      date: string,
      within: (scope: DbScope, txnId: string) => Promise<void>,
    ): Promise<{ txnId: string; expectedMaxDate: string }> {
      if (!isUuid(txnId)) return Promise.reject(new AppError('TRANSACTION_NOT_FOUND'));
      const id = txnId.toLowerCase();
      const today = now().toISOString().slice(0, 10);
      if (date < today)
        return Promise.reject(
          validationFailed([{ path: 'date', message: 'The expected date cannot be in the past' }]),
        );
      return withLockedTransaction(
        id,
        async (ops, txn) => {
          if (['COMPLETED', 'FAILED', 'CLOSED'].includes(txn.state))
            throw new AppError('CASE_FINISHED', undefined, { state: txn.state });
          const at = new Date(`${date}T00:00:00.000Z`);
          await ops.updateTransaction(id, { expectedMaxDate: at, updatedAt: now() });
          await ops.refreshQueue(id);
          await within(ops.scope, id);
          return { txnId: id, expectedMaxDate: at.toISOString() };
        },
        'TRANSACTION_NOT_FOUND',
      );
    },
  };
}
