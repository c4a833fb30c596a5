import {
  MAX_INSTANCES,
  OTP_ONLY_VERIFICATIONS,
  acceptsMultiple,
  instanceLabel,
  instanceNumberOf,
  isFormExpired,
  nextInstanceKey,
  verificationTypeOf,
  type AddInstanceRequest,
  type AddInstanceResponse,
  type DeleteVerificationQuery,
  type MarkAsSkipRequest,
  type SaveVerificationDataRequest,
  type TransactionInfo,
  type TransactionRef,
  type VerificationInfo,
  CONTACT_CONSENT_TEXT,
} from '@veridocs/shared';
import { AppError, validationFailed } from '../../errors.js';
import type { AttachedFile } from '../files/files-service.js';
import type { SavedDataChecks } from './saved-data-checks.js';
import {
  EDITABLE_STATES,
  SKIPPABLE_STATES,
  transitionTransaction,
  transitionVerification,
} from './state-machine.js';
import type { TransactionAccess, TransactionsServiceDeps } from './transaction-access.js';
import type { RecordRow, TransactionSnapshot } from './transactions-repository.js';
import { shownData, verificationEntry } from './transaction-view-fns.js';
import {
  FILE_TAKEN,
  OTP_ONLY_MESSAGE,
  configFor,
  fileFieldOf,
  recordFileIds,
} from './verification-data-fns.js';

/**
 * The candidate's actions on one verification of an open transaction (spec §7, ADR 0006/0022): its
 * info, saving and submitting its input, skipping, adding and deleting instances.
 */
export function createVerificationActions(
  { forms, profiles, files, now }: Pick<TransactionsServiceDeps, 'forms' | 'profiles' | 'files' | 'now'>,
  access: TransactionAccess,
  checks: SavedDataChecks,
) {
  const { owned, ownedOpen, storedOnRefusal, assertStartable, withLockedOpenTransaction, info, autosave } =
    access;

  async function typeInfo(
    profileId: string,
    type: string,
    ref: TransactionRef,
    known?: Map<string, AttachedFile>,
  ): Promise<VerificationInfo> {
    const snap = await owned(profileId, ref);
    const record = snap.records.find((r) => r.name === type);
    if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM');
    return recordInfo(profileId, snap, record, known);
  }

  /** One verification's info: its record as `record` (read, or just written) in the snapshot's transaction. */
  async function recordInfo(
    profileId: string,
    snap: Pick<TransactionSnapshot, 'txn' | 'form'>,
    record: RecordRow,
    known?: Map<string, AttachedFile>,
  ): Promise<VerificationInfo> {
    const configs = await forms.allConfigs();
    const config = configFor(configs, record.name);
    if (!config) throw new AppError('VERIFICATION_NOT_IN_FORM');
    const profile = await profiles.get(profileId);
    return {
      txnId: snap.txn.id,
      orgId: snap.txn.orgId,
      formId: snap.txn.formId,
      profileName: profile.profileDetails.name,
      verification: verificationEntry(record, configs),
      config,
      data: await checks.shownWithVerdicts(profileId, snap.txn.id, config, shownData(record), known),
      formExpired: isFormExpired(snap.form.expiry, now()),
    };
  }

  /** Saves (PUT /bgv → DATA_SAVED) or submits (POST /bgv → READY_TO_SUBMIT) one verification's input. */
  async function writeVerification(
    profileId: string,
    body: SaveVerificationDataRequest,
    mode: 'save' | 'submit',
    language = 'en',
  ): Promise<VerificationInfo> {
    // The consent is given beside Submit's words (issue 27): a save carrying it is refused, not ignored.
    if (mode === 'save' && body.contactConsent)
      throw validationFailed([
        { path: 'contactConsent', message: 'The consent is given when the verification is submitted' },
      ]);
    let snap = await ownedOpen(profileId, body);
    if (snap.txn.state === 'NOT_INITIALIZED') await assertStartable(snap);
    let known = snap.records.find((r) => r.name === body.verificationName);
    // Sent back for more information on another instance a moment ago: the stored record decides.
    if (known && !EDITABLE_STATES.includes(known.state)) {
      snap = await storedOnRefusal(snap);
      known = snap.records.find((r) => r.name === body.verificationName);
    }
    if (!known) throw new AppError('VERIFICATION_NOT_IN_FORM');
    // Only the OTP check completes Aadhaar (issue 11): no typed number is stored, nothing submitted.
    if (OTP_ONLY_VERIFICATIONS.includes(known.name))
      throw new AppError('INVALID_TRANSITION', OTP_ONLY_MESSAGE, { verificationName: known.name });
    const name = known.name;
    const notEditable = (state: string) =>
      new AppError('INVALID_TRANSITION', `${name} has already been submitted`, { state });
    if (!EDITABLE_STATES.includes(known.state)) throw notEditable(known.state);
    const config = configFor(await forms.allConfigs(), known.name);
    if (!config) throw new AppError('VERIFICATION_NOT_IN_FORM');
    const subType = body.subType === undefined ? known.subType : body.subType;
    const at = now();
    const judged = await checks.judgeData(profileId, snap.txn.id, config, subType, body.data, mode, at);

    // The steady autosave (the record saved before, its files linked): one statement, its guards
    // checked on the locked rows; anything else, or a guard that does not hold, takes the path below.
    if (
      mode === 'save' &&
      known.state === 'DATA_SAVED' &&
      snap.txn.state !== 'NOT_INITIALIZED' &&
      judged.linked
    ) {
      const saved = await autosave({
        txnId: snap.txn.id,
        profileId,
        name: known.name,
        data: judged.data,
        subType,
        fileIds: judged.fileIds,
        at,
      });
      if (saved) return recordInfo(profileId, snap, saved, judged.files);
    }

    const context = { action: mode === 'save' ? 'save' : 'submit-verification', profileId, now: at };
    await withLockedOpenTransaction(snap.txn.id, async (ops, txn) => {
      const record = (await ops.records(txn.id)).find((r) => r.name === body.verificationName);
      if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM');
      if (!EDITABLE_STATES.includes(record.state)) throw notEditable(record.state);
      // The files are linked in the record's own database transaction: a write that fails unlinks
      // only what it linked, never a file another save of this transaction stored meanwhile.
      if ((await files.attach(profileId, txn.id, judged.fileIds, ops.scope)) === null) {
        const field = fileFieldOf(config, subType, body.data);
        throw validationFailed([{ path: `data.${field}`, message: FILE_TAKEN }]);
      }
      const patch = { data: judged.data, subType, markedAsSkip: false };
      const to = mode === 'save' ? 'DATA_SAVED' : 'READY_TO_SUBMIT';
      if (record.state === 'READY_TO_SUBMIT' && to === 'READY_TO_SUBMIT') {
        // Submitting again before the transaction is submitted: new data, same state (not a change).
        await ops.updateRecord(txn.id, record.name, { ...patch, updatedAt: at });
      } else {
        await transitionVerification(ops, txn.id, record, to, context, patch);
      }
      if (mode === 'submit' && body.contactConsent)
        await ops.insertContactConsent(txn.id, CONTACT_CONSENT_TEXT, language, at);
      if (txn.state === 'NOT_INITIALIZED') await transitionTransaction(ops, txn, 'DATA_SAVED', context);
      else await ops.updateTransaction(txn.id, { updatedAt: at });
    });
    return typeInfo(profileId, body.verificationName, body, judged.files);
  }

  return {
    typeInfo,

    saveData: (profileId: string, body: SaveVerificationDataRequest) =>
      writeVerification(profileId, body, 'save'),
    /** `language`: the request's (http/language.ts), kept with a consent it carries. */
    submitVerification: (profileId: string, body: SaveVerificationDataRequest, language?: 'en' | 'hi') =>
      writeVerification(profileId, body, 'submit', language),

    /** Marks verifications as skipped (ADR 0006): all or nothing. */
    async markAsSkip(profileId: string, body: MarkAsSkipRequest): Promise<TransactionInfo> {
      const snap = await ownedOpen(profileId, body);
      const names = [...new Set(body.verificationNameList)];
      const at = now();
      await withLockedOpenTransaction(snap.txn.id, async (ops, txn) => {
        const records = new Map((await ops.records(txn.id)).map((r) => [r.name, r]));
        const chosen = names.map((name) => {
          const record = records.get(name);
          if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM', `${name} is not part of this form`);
          if (!record.skipAllowed) throw new AppError('SKIP_NOT_ALLOWED', `${name} cannot be skipped`);
          if (!SKIPPABLE_STATES.includes(record.state)) {
            throw new AppError('SKIP_NOT_ALLOWED', `${name} cannot be skipped once it is ready to submit`);
          }
          return record;
        });
        const skipped = chosen.filter((r) => !r.markedAsSkip);
        await ops.markSkipped(
          txn.id,
          skipped.map((r) => r.name),
          at,
        );
        await ops.insertChanges(
          skipped.map((record) => ({
            txnId: txn.id,
            entity: 'verification' as const,
            verificationName: record.name,
            from: record.state,
            to: record.state,
            action: 'skip',
            profileId,
          })),
          at,
        );
        await ops.updateTransaction(txn.id, { updatedAt: at });
      });
      return info(profileId, body);
    },

    /**
     * "Add Another Degree" (issue 12): the next instance of a type that accepts several submissions
     * ("<type>~<n>"), a NOT_INITIALIZED record after the type's last one, audited (null → NOT_INITIALIZED,
     * action `add-instance`). While the last added instance is still NOT_INITIALIZED and not skipped,
     * that one is the answer (created: false): a double click, a retry or a second tab never adds two.
     * At most MAX_INSTANCES of one type (INSTANCE_LIMIT, 180); a type that takes one submission is
     * refused (MULTIPLE_NOT_ALLOWED, 181).
     */
    async addInstance(profileId: string, body: AddInstanceRequest): Promise<AddInstanceResponse> {
      const snap = await ownedOpen(profileId, body);
      if (snap.txn.state === 'NOT_INITIALIZED') await assertStartable(snap);
      const type = verificationTypeOf(body.type);
      const configs = await forms.allConfigs();
      const config = configFor(configs, type);
      if (!config || !snap.records.some((r) => verificationTypeOf(r.name) === type))
        throw new AppError('VERIFICATION_NOT_IN_FORM');
      if (!acceptsMultiple(type, config.additionalInfo.acceptMultipleSubmissions))
        throw new AppError('MULTIPLE_NOT_ALLOWED');
      const at = now();
      const context = { action: 'add-instance', profileId, now: at };
      const name = await withLockedOpenTransaction(snap.txn.id, async (ops, txn) => {
        const records = await ops.records(txn.id);
        const instances = records.filter((r) => verificationTypeOf(r.name) === type);
        const last = instances.reduce((a, b) =>
          instanceNumberOf(b.name) > instanceNumberOf(a.name) ? b : a,
        );
        if (instanceNumberOf(last.name) > 1 && last.state === 'NOT_INITIALIZED' && !last.markedAsSkip)
          return { name: last.name, created: false };
        if (instances.length >= MAX_INSTANCES) {
          throw new AppError(
            'INSTANCE_LIMIT',
            `You can add at most ${MAX_INSTANCES} of ${config.metadata.label}`,
            {
              max: MAX_INSTANCES,
            },
          );
        }
        const key = nextInstanceKey(
          type,
          records.map((r) => r.name),
        );
        const first = instances.find((r) => r.name === type) ?? last;
        const position = Math.max(...instances.map((r) => r.position)) + 1;
        await ops.insertRecord(txn.id, {
          name: key,
          position,
          category: first.category,
          subType: first.subType,
          state: 'NOT_INITIALIZED',
          markedAsSkip: false,
          skipAllowed: first.skipAllowed,
          marksheetRequired: first.marksheetRequired,
          data: {},
          updatedAt: at,
        });
        await ops.insertChanges(
          [
            {
              txnId: txn.id,
              entity: 'verification',
              verificationName: key,
              from: null,
              to: 'NOT_INITIALIZED',
              action: context.action,
              profileId,
            },
          ],
          at,
        );
        if (txn.state === 'NOT_INITIALIZED') await transitionTransaction(ops, txn, 'DATA_SAVED', context);
        else await ops.updateTransaction(txn.id, { updatedAt: at });
        return { name: key, created: true };
      });
      return {
        ...name,
        label: instanceLabel(config.metadata.orgSpecificName ?? config.metadata.label, name.name),
      };
    },

    /**
     * DELETE /bgv (spec §7): an added instance ("<type>~<n>") is deleted; the first instance (the type's
     * own key) is cleared back to NOT_INITIALIZED (data emptied, skip mark removed). Only while the
     * candidate may still change it (ADR 0007: transaction open, record NOT_INITIALIZED, DATA_SAVED or
     * READY_TO_SUBMIT); otherwise INVALID_TRANSITION (123) and nothing changes. The record's files are
     * released from the transaction in the same database transaction (ones another record of the
     * transaction still uses stay linked). Audited: from the record's state to NOT_INITIALIZED with
     * action `delete-instance` (the row is gone) or `clear`.
     */
    async deleteVerification(profileId: string, query: DeleteVerificationQuery): Promise<TransactionInfo> {
      const snap = await ownedOpen(profileId, query);
      const configs = await forms.allConfigs();
      const config = configFor(configs, query.type);
      if (!config || !snap.records.some((r) => r.name === query.type))
        throw new AppError('VERIFICATION_NOT_IN_FORM');
      if (OTP_ONLY_VERIFICATIONS.includes(query.type))
        throw new AppError('INVALID_TRANSITION', OTP_ONLY_MESSAGE, { verificationName: query.type });
      const at = now();
      await withLockedOpenTransaction(snap.txn.id, async (ops, txn) => {
        const records = await ops.records(txn.id);
        const record = records.find((r) => r.name === query.type);
        if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM');
        if (query.subType !== undefined && record.subType !== null && record.subType !== query.subType)
          throw validationFailed([{ path: 'subType', message: `Unknown way to verify: ${query.subType}` }]);
        if (!EDITABLE_STATES.includes(record.state)) {
          throw new AppError('INVALID_TRANSITION', `${record.name} has already been submitted`, {
            state: record.state,
            verificationName: record.name,
          });
        }
        const added = instanceNumberOf(record.name) > 1;
        // Files another record of this transaction still holds stay linked.
        const keep = new Set(
          records
            .filter((r) => r.name !== record.name)
            .flatMap((r) => {
              const c = configFor(configs, r.name);
              return c ? recordFileIds(c, r.data) : [];
            }),
        );
        const release = recordFileIds(config, record.data).filter((id) => !keep.has(id));
        await files.release(profileId, txn.id, release, ops.scope);
        if (added) await ops.deleteRecord(txn.id, record.name);
        else
          await ops.updateRecord(txn.id, record.name, {
            state: 'NOT_INITIALIZED',
            data: {},
            markedAsSkip: false,
            updatedAt: at,
          });
        await ops.insertChanges(
          [
            {
              txnId: txn.id,
              entity: 'verification',
              verificationName: record.name,
              from: record.state,
              to: 'NOT_INITIALIZED',
              action: added ? 'delete-instance' : 'clear',
              profileId,
            },
          ],
          at,
        );
        await ops.updateTransaction(txn.id, { updatedAt: at });
      });
      return info(profileId, query);
    },
  };
}
