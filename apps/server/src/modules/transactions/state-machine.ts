import {
  EDITABLE_STATES as SHARED_EDITABLE_STATES,
  SKIPPABLE_STATES as SHARED_SKIPPABLE_STATES,
  verificationTypeOf,
  type State,
} from '@veridocs/shared';
import { AppError } from '../../errors.js';

/**
 * The server's transition rules (docs/decisions/0007-state-machines.md). Every state change of a
 * transaction or of a verification record goes through `assertTransition` and is written together
 * with its `state_changes` audit row in one database transaction (transactions-repository.ts).
 */
export type Entity = 'transaction' | 'verification';

export const TRANSACTION_TRANSITIONS: Readonly<Partial<Record<State, readonly State[]>>> = {
  NOT_INITIALIZED: ['DATA_SAVED', 'CLOSED'],
  DATA_SAVED: ['SUBMITTED', 'CLOSED'],
  SUBMITTED: ['IN_PROGRESS', 'CLOSED'],
  IN_PROGRESS: ['COMPLETED', 'INSUFFICIENT_DATA', 'FAILED', 'CLOSED'],
  INSUFFICIENT_DATA: ['IN_PROGRESS', 'CLOSED'],
};

export const VERIFICATION_TRANSITIONS: Readonly<Partial<Record<State, readonly State[]>>> = {
  // → COMPLETED before submission: an identity a provider verified at once (Aadhaar OTP, issue 11).
  NOT_INITIALIZED: ['DATA_SAVED', 'READY_TO_SUBMIT', 'COMPLETED', 'CLOSED'],
  DATA_SAVED: ['DATA_SAVED', 'READY_TO_SUBMIT', 'COMPLETED', 'CLOSED'],
  READY_TO_SUBMIT: ['DATA_SAVED', 'SUBMITTED', 'COMPLETED', 'CLOSED'],
  SUBMITTED: ['IN_PROGRESS', 'CLOSED'],
  IN_PROGRESS: ['COMPLETED', 'FAILED', 'INSUFFICIENT_DATA', 'CLOSED'],
  INSUFFICIENT_DATA: ['SUBMITTED', 'CLOSED'],
};

/** Identities a provider may verify at once, before submission (action `identity-verified`). */
export const PROVIDER_VERIFIED_IDENTITIES: readonly string[] = ['aadhaar', 'passport'];
/**
 * Verifications an issuer's own document may complete at once, before submission (action
 * `source-verified`: DigiLocker, issue 26, ADR 0045).
 */
export const SOURCE_VERIFIED_TYPES: readonly string[] = ['bgv-tenth', 'bgv-twelfth', 'bgv-degree'];
export const SOURCE_VERIFIED_ACTION = 'source-verified';
const BEFORE_SUBMISSION: readonly State[] = ['NOT_INITIALIZED', 'DATA_SAVED', 'READY_TO_SUBMIT'];

/** States a verification may be skipped in (only with skipAllowed; ADR 0006). */
export const SKIPPABLE_STATES: readonly State[] = SHARED_SKIPPABLE_STATES;
/** States in which the candidate may still edit a verification's input (the shared list the client uses too). */
export const EDITABLE_STATES: readonly State[] = SHARED_EDITABLE_STATES;
/** Transaction states in which the candidate may still change their input (before submission). */
export const OPEN_TRANSACTION_STATES: readonly State[] = ['NOT_INITIALIZED', 'DATA_SAVED'];

export function canTransition(entity: Entity, from: State, to: State): boolean {
  const table = entity === 'transaction' ? TRANSACTION_TRANSITIONS : VERIFICATION_TRANSITIONS;
  return table[from]?.includes(to) ?? false;
}

const pretty = (state: State) => state.toLowerCase().replace(/_/g, ' ');

/**
 * Whether a verification may complete before submission: only an identity a provider verified (issue
 * 11), or a document its issuer gave (issue 26).
 */
function completesEarly(name: string | undefined, action: string | undefined): boolean {
  if (name === undefined) return false;
  const type = verificationTypeOf(name);
  return (
    PROVIDER_VERIFIED_IDENTITIES.includes(type) ||
    (action === SOURCE_VERIFIED_ACTION && SOURCE_VERIFIED_TYPES.includes(type))
  );
}

/** Refuses anything not in the tables with INVALID_TRANSITION (123). */
export function assertTransition(
  entity: Entity,
  from: State,
  to: State,
  name?: string,
  action?: string,
): void {
  // Only a verification can be early: the transaction table has no move to COMPLETED before submission.
  const early = to === 'COMPLETED' && BEFORE_SUBMISSION.includes(from);
  if (canTransition(entity, from, to) && (!early || completesEarly(name, action))) return;
  const what =
    entity === 'transaction' ? 'The verification request' : `The verification ${name ?? ''}`.trimEnd();
  throw new AppError('INVALID_TRANSITION', `${what} cannot move from ${pretty(from)} to ${pretty(to)}`, {
    entity,
    from,
    to,
    ...(name ? { verificationName: name } : {}),
  });
}

/** One audited change, as the repository writes it (from null: the row was created). */
export interface StateChange {
  txnId: string;
  entity: Entity;
  verificationName: string | null;
  from: State | null;
  to: State;
  action: string;
  profileId: string | null;
}

/** The writes a transition needs (TransactionWriteOps of the repository, inside one database transaction). */
export interface TransitionOps {
  updateTransaction(
    id: string,
    patch: { state?: State; expectedMaxDate?: Date | null; updatedAt: Date },
  ): Promise<void>;
  updateRecord(
    txnId: string,
    name: string,
    patch: {
      state?: State;
      markedAsSkip?: boolean;
      data?: Record<string, unknown>;
      subType?: string | null;
      /** The open insufficiency request as transaction info shows it (ADR 0020); null when none. */
      insufficiency?: {
        id?: string;
        reason: string;
        raisedAt: string;
        documents?: { key: string; label: string }[];
      } | null;
      updatedAt: Date;
    },
  ): Promise<void>;
  insertChanges(changes: readonly StateChange[], at: Date): Promise<void>;
}

interface Context {
  action: string;
  profileId: string | null;
  now: Date;
}

/** Checks and applies a transaction's transition and writes its audit row (same database transaction). */
export async function transitionTransaction(
  ops: TransitionOps,
  txn: { id: string; state: State },
  to: State,
  { action, profileId, now }: Context,
  patch: { expectedMaxDate?: Date | null } = {},
): Promise<void> {
  assertTransition('transaction', txn.state, to);
  await ops.updateTransaction(txn.id, { ...patch, state: to, updatedAt: now });
  await ops.insertChanges(
    [
      {
        txnId: txn.id,
        entity: 'transaction',
        verificationName: null,
        from: txn.state,
        to,
        action,
        profileId,
      },
    ],
    now,
  );
}

/**
 * Checks and applies a verification record's transition with its other changes (data, skip mark,
 * insufficiency); an allowed same-state move (DATA_SAVED → DATA_SAVED, saving as the candidate types)
 * updates the row but is not a state change, so it writes no audit row.
 */
export async function transitionVerification(
  ops: TransitionOps,
  txnId: string,
  record: { name: string; state: State },
  to: State,
  { action, profileId, now }: Context,
  patch: Omit<Parameters<TransitionOps['updateRecord']>[2], 'state' | 'updatedAt'> = {},
): Promise<void> {
  assertTransition('verification', record.state, to, record.name, action);
  await ops.updateRecord(txnId, record.name, { ...patch, state: to, updatedAt: now });
  if (record.state !== to) {
    await ops.insertChanges(
      [
        {
          txnId,
          entity: 'verification',
          verificationName: record.name,
          from: record.state,
          to,
          action,
          profileId,
        },
      ],
      now,
    );
  }
}
