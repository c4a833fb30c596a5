import {
  OTP_ONLY_VERIFICATIONS,
  checkFormData,
  type FormDataIssue,
  type ValidationIssue,
  type VerificationConfig,
} from '@veridocs/shared';
import { AppError, isAppError, validationFailed } from '../../errors.js';
import type { AttachedFile } from '../files/files-service.js';
import type { TransactionsServiceDeps } from './transaction-access.js';
import type { RecordRow, TransactionSnapshot } from './transactions-repository.js';
import {
  LATEST_UTC_OFFSET_MS,
  configFields,
  configFor,
  fileIssues,
  fileItems,
  inFieldOrder,
  profileNameValues,
  savedFileFields,
  withFileVerdicts,
  withoutReadOnly,
} from './verification-data-fns.js';

/** What a record becomes when submitted, judged at the stored updatedAt it was read with. */
export interface JudgedRecord {
  updatedAt: number;
  data: Record<string, unknown>;
  fileIds: string[];
}

/** A body's data as judgeData stores it, and the files it uses as they were read for the judgement. */
export interface JudgedData {
  data: Record<string, unknown>;
  fileIds: string[];
  /** Every file of the data is linked to this transaction already. */
  linked: boolean;
  /** The files, by id, described as the candidate sees them (once linked to this transaction). */
  files: Map<string, AttachedFile>;
}

/**
 * Checking the candidate's verification data and files (ADR 0006 "Saved data", ADR 0009): what a save
 * or a submit may store, what a final submit finds stored, and saved data as the candidate sees it.
 * The parts that need no database are verification-data-fns.ts.
 */
export function createSavedDataChecks({
  forms,
  profiles,
  files,
  reference,
}: Pick<TransactionsServiceDeps, 'forms' | 'profiles' | 'files' | 'reference'>) {
  /**
   * The body's data judged against the verification's fields (ADR 0006 "Saved data"): the shared
   * checkFormData (unknown keys, types, options, dates, lengths; the whole form on submit; the name from
   * the profile), then what needs the database: every file the candidate's own, not another
   * transaction's and of an allowed type; every reference id in its list. Returns what is stored.
   */
  async function judgeData(
    profileId: string,
    txnId: string,
    config: VerificationConfig,
    subType: string | null,
    data: Record<string, unknown>,
    mode: 'save' | 'submit',
    at: Date,
  ): Promise<JudgedData> {
    if (subType !== null && !config.authOptions.some((o) => o.type === subType)) {
      throw validationFailed([{ path: 'subType', message: `Unknown way to verify: ${subType}` }]);
    }
    const fields = configFields(config, subType);
    const readOnlyFields = config.readOnly?.profile ?? [];
    const profileName = (await profiles.get(profileId)).profileDetails.name ?? '';
    const check = checkFormData(fields, data, {
      // "Not in the future" by the candidate's calendar: the latest one on Earth (UTC+14) is ahead of
      // the server's, so a date that is today in India is never refused by a server on UTC.
      now: new Date(at.getTime() + LATEST_UTC_OFFSET_MS),
      complete: mode === 'submit',
      fixed: profileNameValues(fields, readOnlyFields, profileName),
      readOnlyFields,
    });
    const issues: FormDataIssue[] = [...check.issues];
    const stored = { ...check.data };

    const fileIds = [...new Set(check.files.map((f) => f.fileId))];
    const found = await files.forTransaction(profileId, txnId, fileIds);
    issues.push(...fileIssues(check.files, found, fields));

    for (const source of new Set(check.references.map((r) => r.source))) {
      const wanted = check.references.filter((r) => r.source === source);
      const names = await reference.resolve(
        source,
        wanted.map((r) => r.value),
      );
      for (const { field, value } of wanted) {
        const name = names.get(value);
        if (name === undefined) issues.push({ field, message: 'Choose one of the options' });
        else stored[field] = { value, name };
      }
    }

    if (issues.length > 0) {
      throw validationFailed(
        inFieldOrder(issues, fields).map((i) => ({ path: `data.${i.field}`, message: i.message })),
      );
    }
    return {
      data: stored,
      fileIds,
      linked: fileIds.every((id) => found.get(id)?.linked === true),
      files: new Map([...found].map(([id, f]) => [id, f.file])),
    };
  }

  /**
   * The final submit's check of what is stored (ADR 0006 "Saved data"): every READY_TO_SUBMIT record
   * judged again as a submit judges a body, so data stored before the checks existed (another
   * candidate's file, a client's verdict, passingYear "1066") cannot reach SUBMITTED. Read-only fields
   * are the server's: taken from the profile again, not judged. Refuses with every issue, its path
   * naming the verification (`verificationList.<name>.data.<field>`); else what each record becomes,
   * by name, with the stored updatedAt it was judged at.
   */
  async function judgeStored(
    profileId: string,
    snap: TransactionSnapshot,
    records: readonly RecordRow[],
    at: Date,
  ): Promise<Map<string, JudgedRecord>> {
    const configs = await forms.allConfigs();
    const judged = new Map<string, JudgedRecord>();
    const issues: ValidationIssue[] = [];
    const judgeable = records.filter(
      (r) => r.state === 'READY_TO_SUBMIT' && !OTP_ONLY_VERIFICATIONS.includes(r.name),
    );
    for (const record of judgeable) {
      const config = configFor(configs, record.name);
      if (!config) throw new AppError('VERIFICATION_NOT_IN_FORM', `${record.name} is not part of this form`);
      const data = withoutReadOnly(config, record.subType, record.data);
      try {
        const { data: stored, fileIds } = await judgeData(
          profileId,
          snap.txn.id,
          config,
          record.subType,
          data,
          'submit',
          at,
        );
        judged.set(record.name, { updatedAt: record.updatedAt.getTime(), data: stored, fileIds });
      } catch (error) {
        if (!isAppError(error) || error.errorName !== 'VALIDATION_FAILED') throw error;
        for (const issue of error.data as ValidationIssue[]) {
          issues.push({ path: `verificationList.${record.name}.${issue.path}`, message: issue.message });
        }
      }
    }
    if (issues.length > 0) throw validationFailed(issues, { withPath: true });
    return judged;
  }

  /**
   * Saved data as the candidate sees it: each stored `{ fileId }` (a camera photo's `geolocation`
   * kept) with the file's description and the verdict (state, issues) of the files table, never one a
   * client sent (ADR 0009). A file that is not the candidate's or not linked to this transaction (data
   * saved before the checks existed) is shown as missing: left out, so the form asks for it again;
   * so is a key that is none of the config's fields.
   */
  async function shownWithVerdicts(
    profileId: string,
    txnId: string,
    config: VerificationConfig,
    data: Record<string, unknown>,
    /** The files as just read and linked by this request's write: no second read when every id is here. */
    known?: Map<string, AttachedFile>,
  ): Promise<Record<string, unknown>> {
    const ids = savedFileFields(config, data).flatMap((name) => fileItems(data[name]).map((i) => i.fileId));
    const described =
      ids.length === 0
        ? new Map()
        : known && ids.every((id) => known.has(id))
          ? known
          : await files.describe(profileId, txnId, ids);
    return withFileVerdicts(config, data, described);
  }

  return { judgeData, judgeStored, shownWithVerdicts };
}
export type SavedDataChecks = ReturnType<typeof createSavedDataChecks>;
