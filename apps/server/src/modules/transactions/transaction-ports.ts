import type { State, TransactionRef } from '@veridocs/shared';
import type { DbScope } from '../../db/client.js';
import { AppError, isAppError } from '../../errors.js';
import type { SavedDataChecks } from './saved-data-checks.js';
import { EDITABLE_STATES, transitionTransaction, transitionVerification } from './state-machine.js';
import { assertSubmittableRecords, type Submission } from './submission.js';
import type { LockedForPayment, TransactionAccess, TransactionsServiceDeps } from './transaction-access.js';
import { evaluationOf, type EvaluationRecord } from './transaction-view-fns.js';

/**
 * What the other modules call on a transaction: evaluation (the partner proved by e-mail OTP),
 * identity (Aadhaar, passport), payments (ADR 0023) and reports (ADR 0028).
 */
export function createTransactionPorts(
  { repo, now }: Pick<TransactionsServiceDeps, 'repo' | 'now'>,
  access: TransactionAccess,
  checks: SavedDataChecks,
  submission: Submission,
) {
  const {
    owned,
    ownedOpen,
    assertOpen,
    assertConsented,
    assertStartable,
    withLockedTransaction,
    withLockedOpenTransaction,
    infoOf,
  } = access;

  return {
    /**
     * The caller's transaction (122 otherwise) with its evaluation partner, for the evaluation module.
     * `toSend`: a code is about to go to the partner's e-mail, which is processing for the request's
     * purposes: a request not started yet needs the candidate's consent first (340, ADR 0049), as a
     * single sign-on link opens the partner step before the form home's notice, and a request no longer
     * open (submitted, withdrawn, refused) sends nothing (after submission the pair cannot change).
     */
    async evaluationTarget(
      profileId: string,
      ref: TransactionRef,
      { toSend = false }: { toSend?: boolean } = {},
    ): Promise<{ txnId: string; state: State; evaluation: EvaluationRecord }> {
      const snap = toSend ? await ownedOpen(profileId, ref) : await owned(profileId, ref);
      if (toSend && snap.txn.state === 'NOT_INITIALIZED') await assertConsented(snap);
      return { txnId: snap.txn.id, state: snap.txn.state, evaluation: evaluationOf(snap.txn) };
    },

    /**
     * Stores the partner and reference the candidate proved by e-mail OTP. The same pair again changes
     * nothing (idempotent); another pair replaces it while the transaction is open.
     */
    async setEvaluation(
      txnId: string,
      value: { provider: string; reference: string; maskedEmail: string },
    ): Promise<EvaluationRecord> {
      return withLockedTransaction(txnId, async (ops, txn) => {
        if (txn.evalProvider === value.provider && txn.evalReference === value.reference)
          return evaluationOf(txn);
        assertOpen(txn.state);
        const at = now();
        const patch = {
          evalProvider: value.provider,
          evalReference: value.reference,
          evalEmailMasked: value.maskedEmail,
          evalValidatedAt: at,
        };
        await ops.setEvaluation(txnId, { ...patch, updatedAt: at });
        return evaluationOf({ ...txn, ...patch });
      });
    },

    /**
     * Before an identity check starts: the caller's open transaction has the verification `name`, not
     * done yet. Returns the transaction's id (lowercase).
     */
    async assertIdentityOpen(profileId: string, ref: TransactionRef, name: string): Promise<string> {
      const snap = await ownedOpen(profileId, ref);
      if (snap.txn.state === 'NOT_INITIALIZED') await assertStartable(snap);
      const record = snap.records.find((r) => r.name === name);
      if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM');
      if (record.state === 'COMPLETED')
        throw new AppError('INVALID_TRANSITION', 'Your identity has already been verified', {
          state: record.state,
        });
      if (!EDITABLE_STATES.includes(record.state))
        throw new AppError('INVALID_TRANSITION', `${name} has already been submitted`, {
          state: record.state,
        });
      return snap.txn.id;
    },

    /**
     * An identity verified by the provider (Aadhaar OTP): the record becomes COMPLETED with what the
     * check may keep (never the number), and a transaction not yet started becomes DATA_SAVED.
     */
    async completeIdentity(
      profileId: string,
      txnId: string,
      name: string,
      data: Record<string, unknown>,
      within?: (scope: DbScope) => Promise<void>,
    ): Promise<State> {
      const at = now();
      const context = { action: 'identity-verified', profileId, now: at };
      await withLockedOpenTransaction(txnId, async (ops, txn) => {
        if (txn.profileId !== profileId) throw new AppError('TRANSACTION_ACCESS_DENIED');
        const record = (await ops.records(txn.id)).find((r) => r.name === name);
        if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM');
        // The caller's own writes (the check used up, the profile filled) commit with this one or not at all.
        if (within) await within(ops.scope);
        if (record.state === 'COMPLETED') return;
        await transitionVerification(ops, txn.id, record, 'COMPLETED', context, {
          data,
          markedAsSkip: false,
        });
        if (txn.state === 'NOT_INITIALIZED') await transitionTransaction(ops, txn, 'DATA_SAVED', context);
        else await ops.updateTransaction(txn.id, { updatedAt: at });
      });
      return 'COMPLETED';
    },

    /**
     * What the payments module reads of the caller's transaction (122 as every candidate route): the
     * snapshot (form, records with their saved data) and the info (labels, states).
     */
    async paymentContext(profileId: string, ref: TransactionRef) {
      const snap = await owned(profileId, ref);
      return { snap, info: await infoOf(snap) };
    },

    /** What the verification report states of a transaction (ADR 0028): its snapshot and info, no owner check. */
    async reportContext(txnId: string) {
      const snap = await repo.snapshot(txnId);
      if (!snap) return undefined;
      return { snap, info: await infoOf(snap) };
    },

    /** Refuses (as submit would) a transaction that could not be submitted now: before it is paid for. */
    async assertSubmittable(profileId: string, ref: TransactionRef): Promise<void> {
      const snap = await ownedOpen(profileId, ref);
      if (snap.txn.state === 'NOT_INITIALIZED')
        throw new AppError('INVALID_TRANSITION', 'Start the verification before submitting it', {
          state: snap.txn.state,
        });
      const records = await repo.records(snap.txn.id);
      assertSubmittableRecords(snap, snap.txn, records);
      await checks.judgeStored(profileId, snap, records, now());
    },

    /**
     * A payment settles (issue 13): `apply` writes the order's change in the database transaction that
     * holds this transaction's row; when it answers true (the order became paid) the transaction is
     * submitted there too, as `submit` does. Not yet submittable (something changed since the payment
     * started): the order is still paid and the candidate's submit finishes it later. Answers `apply`'s.
     */
    async settlePayment(
      txnId: string,
      apply: (scope: DbScope, locked: LockedForPayment) => Promise<boolean>,
    ): Promise<boolean> {
      const snap = await repo.snapshot(txnId);
      if (!snap) throw new AppError('TRANSACTION_NOT_FOUND');
      const at = now();
      const context = { action: 'payment', profileId: snap.txn.profileId, now: at };
      const judged = await checks
        .judgeStored(snap.txn.profileId, snap, await repo.records(txnId), at)
        .catch((error: unknown) => {
          if (isAppError(error)) return new Map<string, never>();
          throw error;
        });
      return withLockedTransaction(
        txnId,
        async (ops, txn) => {
          const paid = await apply(ops.scope, { txn, records: await ops.records(txnId) });
          // An express order paid puts the case on the fast track (ADR 0026), submitted now or already.
          if (paid) await ops.refreshQueue(txnId);
          if (!paid || txn.state === 'SUBMITTED' || txn.state === 'NOT_INITIALIZED') return paid;
          try {
            await submission.submitLocked(ops, txn, snap, judged, context);
          } catch (error) {
            // Checks run before any write but a file's attach; refused, nothing of the submit is kept that matters.
            if (!isAppError(error)) throw error;
          }
          return paid;
        },
        'TRANSACTION_NOT_FOUND',
      );
    },

    /** Runs `fn` with the transaction row locked (a payment's change that submits nothing). */
    withPaymentLock<T>(
      txnId: string,
      fn: (scope: DbScope, locked: LockedForPayment) => Promise<T>,
    ): Promise<T> {
      return withLockedTransaction(
        txnId,
        async (ops, txn) => fn(ops.scope, { txn, records: await ops.records(txnId) }),
        'TRANSACTION_NOT_FOUND',
      );
    },
  };
}
