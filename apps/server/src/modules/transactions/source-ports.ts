import type { State, TransactionRef, VerificationConfig } from '@veridocs/shared';
import type { DbScope } from '../../db/client.js';
import { AppError, validationFailed } from '../../errors.js';
import type { SavedDataChecks } from './saved-data-checks.js';
import { EDITABLE_STATES, transitionTransaction, transitionVerification } from './state-machine.js';
import type { TransactionAccess, TransactionsServiceDeps } from './transaction-access.js';
import {
  FILE_TAKEN,
  ISSUER_SOURCE_KEY,
  configFor,
  fileFieldOf,
  type IssuerSourceMark,
} from './verification-data-fns.js';

export { ISSUER_SOURCE_KEY, type IssuerSourceMark };

/** One verification of the caller's open transaction that an issuer's document may verify. */
export interface SourceTarget {
  txnId: string;
  orgId: string;
  formId: string;
  orgName: string;
  name: string;
  label: string;
  state: State;
  /** The candidate's saved input (what they typed so far). */
  data: Record<string, unknown>;
  config: VerificationConfig;
}

/**
 * What the sources module calls on a transaction (issue 26): the verification a DigiLocker fetch is for,
 * and completing it with the issuer's document. Like Aadhaar's identity check, a source-verified
 * record becomes COMPLETED before the transaction is submitted (action `source-verified`, ADR 0045).
 */
export function createSourcePorts(
  {
    repo,
    forms,
    profiles,
    files,
    now,
  }: Pick<TransactionsServiceDeps, 'repo' | 'forms' | 'profiles' | 'files' | 'now'>,
  access: TransactionAccess,
  checks: SavedDataChecks,
) {
  const { ownedOpen, assertStartable, withLockedOpenTransaction, infoOf } = access;

  return {
    /**
     * The caller's verification `name` of an open transaction, still editable (a completed or submitted
     * one is refused with 123). 122 for another's transaction; 125 (not in form) for an unknown name.
     */
    async sourceTarget(
      profileId: string,
      ref: TransactionRef,
      name: string,
    ): Promise<SourceTarget & { profileName: string; dateOfBirth: string | null }> {
      const snap = await ownedOpen(profileId, ref);
      if (snap.txn.state === 'NOT_INITIALIZED') await assertStartable(snap);
      const record = snap.records.find((r) => r.name === name);
      const config = configFor(await forms.allConfigs(), name);
      if (!record || !config) throw new AppError('VERIFICATION_NOT_IN_FORM');
      if (record.state === 'COMPLETED')
        throw new AppError('INVALID_TRANSITION', 'This verification is already verified', {
          state: record.state,
        });
      if (!EDITABLE_STATES.includes(record.state))
        throw new AppError('INVALID_TRANSITION', `${name} has already been submitted`, {
          state: record.state,
        });
      const info = await infoOf(snap);
      const profile = await profiles.get(profileId);
      return {
        txnId: snap.txn.id,
        orgId: snap.txn.orgId,
        formId: snap.txn.formId,
        orgName: info.org.name,
        name,
        label: info.verificationList[name]?.label ?? name,
        state: record.state,
        data: record.data,
        config,
        profileName: profile.profileDetails.name,
        dateOfBirth: profile.basicDetails?.dateOfBirth ?? null,
      };
    },

    /**
     * What the team asks an issuer about (API Setu, issue 26): one verification of a case with the
     * candidate's input, name and date of birth; no owner check (the ops family's guard ran). 121/125.
     */
    async opsSourceTarget(txnId: string, name: string) {
      const snap = await repo.snapshot(txnId);
      if (!snap) throw new AppError('TRANSACTION_NOT_FOUND');
      const record = snap.records.find((r) => r.name === name);
      if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM', `${name} is not part of this request`);
      const info = await infoOf(snap);
      const profile = await profiles.get(snap.txn.profileId);
      return {
        txnId: snap.txn.id,
        orgId: snap.txn.orgId,
        orgName: info.org.name,
        profileId: snap.txn.profileId,
        name,
        label: info.verificationList[name]?.label ?? name,
        state: record.state,
        data: record.data,
        profileName: profile.profileDetails.name,
        mobile: profile.mobile,
        dateOfBirth: profile.basicDetails?.dateOfBirth ?? null,
        updatedAt: snap.txn.updatedAt,
      };
    },

    /** The candidate's consent to contact institutions (issue 27), as the request copies it; null if none. */
    async contactConsent(txnId: string): Promise<{ givenAt: string; text: string } | null> {
      const row = await repo.contactConsent(txnId);
      return row ? { givenAt: row.givenAt.toISOString(), text: row.text } : null;
    },

    /**
     * Completes the verification with the issuer's data: judged like a submit of the form (the file
     * must be the caller's), the file attached, the record COMPLETED with the source's mark, and a
     * transaction not yet started DATA_SAVED; `within` writes the caller's rows (the pull, the session)
     * in the same database transaction. A record that changed state meanwhile is refused (123).
     */
    async completeFromSource(
      profileId: string,
      txnId: string,
      name: string,
      values: Record<string, unknown>,
      mark: IssuerSourceMark,
      within: (scope: DbScope) => Promise<void>,
    ): Promise<State> {
      const at = now();
      const config = configFor(await forms.allConfigs(), name);
      if (!config) throw new AppError('VERIFICATION_NOT_IN_FORM');
      const judged = await checks.judgeData(profileId, txnId, config, null, values, 'submit', at);
      const context = { action: 'source-verified', profileId, now: at };
      await withLockedOpenTransaction(txnId, async (ops, txn) => {
        if (txn.profileId !== profileId) throw new AppError('TRANSACTION_ACCESS_DENIED');
        const record = (await ops.records(txn.id)).find((r) => r.name === name);
        if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM');
        if (!EDITABLE_STATES.includes(record.state))
          throw new AppError('INVALID_TRANSITION', 'This verification is already verified or submitted', {
            state: record.state,
          });
        if ((await files.attach(profileId, txn.id, judged.fileIds, ops.scope)) === null) {
          const field = fileFieldOf(config, null, values);
          throw validationFailed([{ path: `data.${field}`, message: FILE_TAKEN }]);
        }
        await within(ops.scope);
        await transitionVerification(ops, txn.id, record, 'COMPLETED', context, {
          data: { ...judged.data, [ISSUER_SOURCE_KEY]: mark },
          subType: null,
          markedAsSkip: false,
        });
        if (txn.state === 'NOT_INITIALIZED') await transitionTransaction(ops, txn, 'DATA_SAVED', context);
        else await ops.updateTransaction(txn.id, { updatedAt: at });
      });
      return 'COMPLETED';
    },
  };
}
