import { isFormExpired, type State, type TransactionInfo } from '@veridocs/shared';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import type { FilesService } from '../files/files-service.js';
import type { FormsService } from '../forms/forms-service.js';
import type { ProfileService } from '../profile/profile-service.js';
import type { ReferenceService } from '../reference/reference-service.js';
import { OPEN_TRANSACTION_STATES } from './state-machine.js';
import { buildTransactionInfo, questionnaireAnswered } from './transaction-view-fns.js';
import type {
  AutosaveInput,
  FormRow,
  RecordRow,
  TransactionRow,
  TransactionSnapshot,
  TransactionWriteOps,
  TransactionsRepository,
} from './transactions-repository.js';

export interface TransactionsServiceDeps {
  repo: TransactionsRepository;
  forms: Pick<FormsService, 'findOrg' | 'findForm' | 'findOrgForm' | 'allConfigs' | 'listQuestions'>;
  profiles: Pick<ProfileService, 'get'>;
  files: Pick<FilesService, 'forTransaction' | 'attach' | 'describe' | 'release'>;
  reference: Pick<ReferenceService, 'resolve'>;
  now: Clock;
  /** The payments module's checks on the locked transaction row (ADR 0023); app.ts wires it. */
  payments?: PaymentGuard;
  /** The org-billing module's charge of an organisation-paid form's submission (ADR 0047). */
  orgBilling?: OrgUsageCharge;
  /** The privacy module's consent ledger: a form starts only with its required purposes (ADR 0049). */
  consent: ConsentGate;
}

/**
 * Whether the candidate's standing consent to a request grants every required purpose (ADR 0049): a
 * form does not start (NOT_INITIALIZED → DATA_SAVED) without it.
 */
export interface ConsentGate {
  hasConsented(profileId: string, txnId: string): Promise<boolean>;
  /** The profile was refused as under 18 (ADR 0049 "Minors"): no form of theirs starts again (350). */
  refusedAsMinor?(profileId: string): Promise<boolean>;
}

/**
 * Whether the candidate pays (at /payment): a paid form, unless the organisation pays for it (ADR
 * 0047: the candidate then sees no payment step).
 */
export const candidatePays = (form: Pick<FormRow, 'paymentRequired' | 'payer'>): boolean =>
  form.paymentRequired && form.payer !== 'organisation';

/**
 * An organisation-paid form's submission (ADR 0047): priced and charged (one `usage` row per
 * transaction) in the submission's database transaction; a prepaid balance that does not cover it
 * refuses the submission (320) and nothing changes.
 */
export interface OrgUsageCharge {
  chargeSubmission(
    scope: DbScope,
    submitted: { txn: TransactionRow; form: FormRow; records: RecordRow[]; at: Date },
  ): Promise<void>;
}

/** What a payment guard sees: the transaction row, locked in this database transaction, and its records. */
export interface LockedForPayment {
  txn: TransactionRow;
  records: RecordRow[];
}

/**
 * The payments module's side of a paid form (ADR 0023), run with the transaction row locked so that a
 * priced change and a payment's success are serialised.
 */
export interface PaymentGuard {
  /**
   * After a candidate's write: an open order that no longer matches the transaction's quote is
   * cancelled (superseded), in this database transaction. `records` loads them as written.
   */
  afterCandidateWrite(
    scope: DbScope,
    txn: TransactionRow,
    records: () => Promise<RecordRow[]>,
  ): Promise<void>;
  /** Before the submit of a paid form: a successful order for exactly the current quote, else 127 / 200. */
  assertPaidFor(scope: DbScope, locked: LockedForPayment): Promise<void>;
  /**
   * The statuses of an order still open: a write that finds none has nothing for afterCandidateWrite
   * to do (a steady autosave then skips it, issue 31 §4).
   */
  readonly openOrderStatuses: readonly string[];
}

/** A transaction ref as every candidate route names it. */
export interface TxnRef {
  orgId: string;
  txnId: string;
}

/** The snapshot is the caller's transaction, in the organisation they named. */
function isOwned(
  snap: TransactionSnapshot | undefined,
  profileId: string,
  ref: TxnRef,
): snap is TransactionSnapshot {
  return snap !== undefined && snap.txn.profileId === profileId && snap.txn.orgId === ref.orgId;
}

/**
 * What every part of the transactions service stands on: finding the caller's transaction, the guards
 * on its state, the row lock that serialises writes, and its info.
 */
export function createTransactionAccess({
  repo,
  forms,
  now,
  payments,
  consent,
}: Pick<TransactionsServiceDeps, 'repo' | 'forms' | 'now' | 'payments' | 'consent'>) {
  /**
   * The caller's transaction. Unknown, another candidate's or another organisation's: one answer,
   * 122 "Access not allowed", so that no answer tells which transaction ids exist (ADR 0003).
   */
  async function owned(profileId: string, ref: TxnRef): Promise<TransactionSnapshot> {
    const snap = isUuid(ref.txnId) ? await repo.snapshot(ref.txnId.toLowerCase()) : undefined;
    if (!isOwned(snap, profileId, ref)) throw new AppError('TRANSACTION_ACCESS_DENIED');
    return snap;
  }

  /** `owned`'s answer when the cache holds the caller's transaction; undefined otherwise (then `owned`). */
  function ownedFromMemory(profileId: string, ref: TxnRef): TransactionSnapshot | undefined {
    const snap = isUuid(ref.txnId) ? repo.snapshotKnown(ref.txnId.toLowerCase()) : undefined;
    return isOwned(snap, profileId, ref) ? snap : undefined;
  }

  /**
   * Starting (NOT_INITIALIZED → DATA_SAVED) needs a live form, when required the questionnaire, and the
   * candidate's consent to the notice's required purposes (340 otherwise, ADR 0049).
   */
  async function assertStartable(snap: TransactionSnapshot) {
    if (isFormExpired(snap.form.expiry, now())) throw new AppError('FORM_EXPIRED');
    await assertConsented(snap);
    if (
      snap.form.questionnaireRequired &&
      !questionnaireAnswered(snap) &&
      !questionnaireAnswered(await storedOnRefusal(snap))
    )
      throw new AppError('QUESTIONNAIRE_REQUIRED');
  }

  /**
   * The snapshot to refuse on: when the cached one would refuse, the stored one (ADR 0005's caches lag
   * another instance's write by some milliseconds, and a refusal must not rest on that lag). A cached
   * snapshot that allows goes on: the write then checks the locked row.
   */
  async function storedOnRefusal(snap: TransactionSnapshot): Promise<TransactionSnapshot> {
    return (await repo.freshSnapshot(snap.txn.id)) ?? snap;
  }

  /** The candidate consented to the request's required purposes and was not refused as a minor (ADR 0049). */
  async function assertConsented(snap: TransactionSnapshot) {
    if (await consent.refusedAsMinor?.(snap.txn.profileId)) throw new AppError('CANDIDATE_UNDER_18');
    if (!(await consent.hasConsented(snap.txn.profileId, snap.txn.id)))
      throw new AppError('CONSENT_REQUIRED');
  }

  /**
   * The caller's transaction, open for their input (122 / the submitted refusal otherwise); a refusal
   * is judged on the stored state, not a cached one that may lag another instance's write (a request
   * sent back for more information opens again).
   */
  async function ownedOpen(profileId: string, ref: TxnRef): Promise<TransactionSnapshot> {
    const snap = await owned(profileId, ref);
    if (OPEN_TRANSACTION_STATES.includes(snap.txn.state)) return snap;
    const stored = await storedOnRefusal(snap);
    assertOpen(stored.txn.state);
    return stored;
  }

  function assertOpen(state: State) {
    if (!OPEN_TRANSACTION_STATES.includes(state)) {
      throw new AppError('INVALID_TRANSITION', 'This verification request has already been submitted', {
        state,
      });
    }
  }

  /**
   * Runs `fn` in one database transaction with the transaction row locked until it ends, so the
   * state `fn` reads is the state it writes over (the snapshot read before may be stale). A row gone
   * meanwhile answers like an unknown id: 122 for candidates (ADR 0003), `missing` for ops.
   */
  function withLockedTransaction<T>(
    txnId: string,
    fn: (ops: TransactionWriteOps, txn: TransactionRow) => Promise<T>,
    missing: 'TRANSACTION_ACCESS_DENIED' | 'TRANSACTION_NOT_FOUND' = 'TRANSACTION_ACCESS_DENIED',
  ): Promise<T> {
    return repo.write(txnId, async (ops) => {
      const locked = await ops.lockTransaction(txnId);
      if (!locked) throw new AppError(missing);
      const { openOrder: _openOrder, ...txn } = locked;
      return fn(ops, txn);
    });
  }

  /** The same, for the candidate's input: refused once the transaction has been submitted. */
  function withLockedOpenTransaction<T>(
    txnId: string,
    fn: (ops: TransactionWriteOps, txn: TransactionRow) => Promise<T>,
  ): Promise<T> {
    return repo.write(txnId, async (ops) => {
      // The candidate's input touches the row: the lock is that update, and tells whether an order
      // is open (issue 31 §4: one statement, not three).
      const locked = await ops.lockTransaction(txnId, {
        touchAt: now(),
        openOrderStatuses: payments?.openOrderStatuses ?? [],
      });
      if (!locked) throw new AppError('TRANSACTION_ACCESS_DENIED');
      const { openOrder, ...txn } = locked;
      assertOpen(txn.state);
      const result = await fn(ops, txn);
      // A priced change ends an order opened for the old quote, before the gateway can complete it;
      // with none open when the row was locked there is nothing to end.
      if (openOrder) await payments?.afterCandidateWrite(ops.scope, txn, () => ops.records(txn.id));
      return result;
    });
  }

  /**
   * A steady autosave in one statement (repo.autosave): the guards of withLockedOpenTransaction (an open
   * transaction, past NOT_INITIALIZED; no open payment order, so afterCandidateWrite has nothing to
   * do), checked on the locked row. Undefined: a condition did not hold, nothing was written.
   */
  function autosave(input: Omit<AutosaveInput, 'txnStates' | 'openOrderStatuses'>) {
    return repo.autosave({
      ...input,
      txnStates: OPEN_TRANSACTION_STATES.filter((s) => s !== 'NOT_INITIALIZED'),
      openOrderStatuses: payments?.openOrderStatuses ?? [],
    });
  }

  /** Transaction info of a snapshot, with the configs and the clock of now. */
  async function infoOf(snap: TransactionSnapshot): Promise<TransactionInfo> {
    return buildTransactionInfo(snap, await forms.allConfigs(), now());
  }

  /** The caller's transaction info (122 otherwise). */
  async function info(profileId: string, ref: TxnRef): Promise<TransactionInfo> {
    const snap = await owned(profileId, ref);
    const reason = await closedReason(snap);
    const info = await infoOf(snap);
    return reason ? { ...info, closedReason: reason } : info;
  }

  /** A request stopped because the candidate is under 18 says so on its form home (ADR 0049 "Minors"). */
  async function closedReason(snap: TransactionSnapshot): Promise<'under-18' | null> {
    if (snap.txn.state !== 'CLOSED') return null;
    return (await consent.refusedAsMinor?.(snap.txn.profileId)) ? 'under-18' : null;
  }

  return {
    owned,
    ownedFromMemory,
    ownedOpen,
    closedReason,
    storedOnRefusal,
    assertConsented,
    assertStartable,
    assertOpen,
    withLockedTransaction,
    withLockedOpenTransaction,
    autosave,
    infoOf,
    info,
  };
}
export type TransactionAccess = ReturnType<typeof createTransactionAccess>;
