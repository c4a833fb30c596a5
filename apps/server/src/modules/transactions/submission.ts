import { isUnfinished, minimumSetMet } from '@veridocs/shared';
import { AppError, validationFailed } from '../../errors.js';
import { assertTransition, transitionTransaction, transitionVerification } from './state-machine.js';
import type { TransactionsServiceDeps } from './transaction-access.js';
import { addWorkingDays, like } from './transaction-view-fns.js';
import type { JudgedRecord } from './saved-data-checks.js';
import type {
  RecordRow,
  TransactionRow,
  TransactionSnapshot,
  TransactionWriteOps,
} from './transactions-repository.js';
import { FILE_TAKEN, configFor, fileFieldOf } from './verification-data-fns.js';

/** Every verification done or skipped, the minimum set met, the evaluation partner proved (submit's rules). */
export function assertSubmittableRecords(
  snap: TransactionSnapshot,
  txn: TransactionRow,
  records: readonly RecordRow[],
) {
  assertTransition('transaction', txn.state, 'SUBMITTED');
  // Step 3 (spec §1): the form's evaluation partner reference, proved by e-mail OTP (eval-info).
  if (snap.form.evaluationPartnerRequired && !txn.evalValidatedAt)
    throw new AppError('EVAL_REFERENCE_REQUIRED');
  // An OTP-only verification counts as done only once COMPLETED by its check (not READY_TO_SUBMIT
  // from an older typed form).
  // The shared rule the form home's Continue reads too: what it lets through, submit accepts.
  const pending = records.filter((r) => isUnfinished(like(r)));
  if (pending.length > 0) {
    const names = pending.map((r) => r.name);
    throw new AppError(
      'INVALID_TRANSITION',
      `Complete or skip these verifications first: ${names.join(', ')}`,
      {
        pending: names,
      },
    );
  }
  if (!minimumSetMet(records.map(like))) {
    throw new AppError(
      'INVALID_TRANSITION',
      'Complete at least one of the degree, 12th or 10th verifications',
      {
        pending: [],
      },
    );
  }
}

/**
 * The submit of a transaction (the candidate's, or a payment's success), on its locked row: shared by
 * the candidate's route and the payments port.
 */
export function createSubmission({ files, forms }: Pick<TransactionsServiceDeps, 'files' | 'forms'>) {
  /**
   * The submit itself, on the locked transaction row: the checks, the files of the judged records
   * attached, the transaction and its READY_TO_SUBMIT records to SUBMITTED with the expected date.
   */
  async function submitLocked(
    ops: TransactionWriteOps,
    txn: TransactionRow,
    snap: TransactionSnapshot,
    judged: ReadonlyMap<string, JudgedRecord>,
    context: { action: string; profileId: string; now: Date },
  ): Promise<void> {
    const { profileId, now: at } = context;
    // Submitted meanwhile (a second tap): the answer is the same info.
    if (txn.state === 'SUBMITTED') return;
    if (txn.state === 'NOT_INITIALIZED') {
      throw new AppError('INVALID_TRANSITION', 'Start the verification before submitting it', {
        state: txn.state,
      });
    }
    const records = await ops.records(txn.id);
    assertSubmittableRecords(snap, txn, records);
    const ready = records.filter((r) => r.state === 'READY_TO_SUBMIT');
    const patches = new Map<string, { data: Record<string, unknown> }>();
    for (const record of ready) {
      // Judged as read before the lock; a record written since then was judged whole by the
      // submit that wrote it (writeVerification is the only candidate path to READY_TO_SUBMIT).
      const checked = judged.get(record.name);
      if (!checked || checked.updatedAt !== record.updatedAt.getTime()) continue;
      // Its files become this transaction's (data saved before they were linked), or it is refused.
      if ((await files.attach(profileId, txn.id, checked.fileIds, ops.scope)) === null) {
        const config = configFor(await forms.allConfigs(), record.name);
        const field = config ? fileFieldOf(config, record.subType, record.data) : 'files';
        throw validationFailed(
          [{ path: `verificationList.${record.name}.data.${field}`, message: FILE_TAKEN }],
          {
            withPath: true,
          },
        );
      }
      patches.set(record.name, { data: checked.data });
    }
    await transitionTransaction(ops, txn, 'SUBMITTED', context, {
      expectedMaxDate: addWorkingDays(at, snap.form.expectedWorkingDays),
    });
    for (const record of ready) {
      await transitionVerification(ops, txn.id, record, 'SUBMITTED', context, patches.get(record.name));
    }
  }

  return { submitLocked };
}
export type Submission = ReturnType<typeof createSubmission>;
