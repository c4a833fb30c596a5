import { randomUUID } from 'node:crypto';
import type { DbScope } from '../../db/client.js';
import {
  FILE_LIMITS,
  FILE_TEXT,
  JOURNEY_TEXT,
  MIME_BY_SUBTYPE,
  PROFILE_NAME_FIELDS,
  MAX_INSTANCES,
  STATES,
  acceptsMultiple,
  checkFormData,
  instanceLabel,
  instanceNumberOf,
  nextInstanceKey,
  verificationTypeOf,
  withCandidateIdFormats,
  fieldLabel,
  filterVerifications,
  formPaymentConfigSchema,
  isFormExpired,
  isReadOnlyField,
  isProceeded,
  isUnfinished,
  minimumSetMet,
  OTP_ONLY_VERIFICATIONS,
  transactionInfoSchema,
  type AddInstanceRequest,
  type AddInstanceResponse,
  type CandidateTransaction,
  type DeleteVerificationQuery,
  type CreateTransactionRequest,
  type CreateTransactionResponse,
  type DynamicInputField,
  type FormDataIssue,
  type HistoryEntry,
  type InsufficiencyAnswerRequest,
  type InsufficiencyRound,
  type OpsDecisionRequest,
  type OpsDecisionResponse,
  type MarkAsSkipRequest,
  type PreStartQuestion,
  type SaveVerificationDataRequest,
  type State,
  type TransactionInfo,
  type TransactionRef,
  type UserResponseRequest,
  type ValidationIssue,
  type VerificationConfig,
  type VerificationEntry,
  type VerificationInfo,
} from '@veridocs/shared';
import { AppError, isAppError, validationFailed } from '../../errors.js';
import { encodedEnvelopes } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import type { FilesService } from '../files/files-service.js';
import type { FormsService } from '../forms/forms-service.js';
import type { ProfileService } from '../profile/profile-service.js';
import type { ReferenceService } from '../reference/reference-service.js';
import {
  EDITABLE_STATES,
  OPEN_TRANSACTION_STATES,
  SKIPPABLE_STATES,
  assertTransition,
  transitionTransaction,
  transitionVerification,
} from './state-machine.js';
import type {
  InsufficiencyAnswerRow,
  InsufficiencyRequestRow,
  RecordRow,
  TransactionRow,
  TransactionSnapshot,
  TransactionWriteOps,
  TransactionsRepository,
} from './transactions-repository.js';

export interface TransactionsServiceDeps {
  repo: TransactionsRepository;
  forms: Pick<FormsService, 'findOrg' | 'findForm' | 'allConfigs' | 'listQuestions'>;
  profiles: Pick<ProfileService, 'get'>;
  files: Pick<FilesService, 'forTransaction' | 'attach' | 'describe' | 'release'>;
  reference: Pick<ReferenceService, 'resolve'>;
  now: Clock;
  /** The payments module's checks on the locked transaction row (ADR 0023); app.ts wires it. */
  payments?: PaymentGuard;
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
}

/** A transaction's validated evaluation partner (all null until one is validated). */
export interface EvaluationRecord {
  provider: string | null;
  reference: string | null;
  maskedEmail: string | null;
  validatedAt: Date | null;
}

const HISTORY_LIMIT = 1000;
/** UTC+14 (Line Islands): no calendar on Earth is ahead of it. */
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

const iso = (d: Date) => d.toISOString();
const isState = (value: string): value is State => (STATES as readonly string[]).includes(value);
/** What the shared journey rules read of a record. */
const like = (r: RecordRow) => ({
  name: r.name,
  state: r.state,
  markedAsSkip: r.markedAsSkip,
  skipAllowed: r.skipAllowed,
});

/** Adds working days (Monday to Friday) to a date. */
function addWorkingDays(from: Date, days: number): Date {
  const date = new Date(from.getTime());
  let left = Math.max(0, days);
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return date;
}

/**
 * The spec's priceList (§3 "Transaction info") from the form's payment config when it has one (INR, in
 * paise; secondary = the percent off additional instances), else the form's own list.
 */
function priceListOf(form: TransactionSnapshot['form']): TransactionInfo['priceList'] {
  const parsed = form.paymentConfig == null ? null : formPaymentConfigSchema.safeParse(form.paymentConfig);
  if (!parsed?.success) return form.priceList;
  return parsed.data.prices.map((p) => ({
    verificationName: p.verificationName,
    mrp: p.INR.mrp,
    price: { primary: p.INR.price },
    discount: { primary: p.INR.mrp - p.INR.price, secondary: p.additionalDiscountPercent },
  }));
}

/** A verification's config: by its own name, else by its type ("bgv-degree~2" → "bgv-degree"). */
function configFor(configs: Map<string, VerificationConfig>, name: string): VerificationConfig | undefined {
  return configs.get(name) ?? configs.get(verificationTypeOf(name));
}

/**
 * The inputs of a config's chosen auth option (by subType, else the first), the candidate ID carrying
 * its format by institute (candidateIdSchemaByInstitute), as the web form reads them.
 */
function configFields(config: VerificationConfig, subType: string | null | undefined): DynamicInputField[] {
  const option = config.authOptions.find((o) => o.type === subType) ?? config.authOptions[0];
  if (!option) return [];
  return withCandidateIdFormats(
    option.page.config.flatMap((section) => section.inputs),
    option.candidateIdSchemaByInstitute,
  );
}

/** Every file field of a config (all its options). */
function fileFieldNames(config: VerificationConfig): string[] {
  return config.authOptions.flatMap((o) =>
    o.page.config.flatMap((c) =>
      c.inputs.filter((f) => FILE_INPUTS.includes(f.inputType)).map((f) => f.fieldName),
    ),
  );
}

const FILE_INPUTS: readonly string[] = ['file', 'live-cam-with-geolocation'];
const NO_SUCH_FILE = 'This file does not exist';
const FILE_TAKEN = 'This file is part of another verification request; upload it again here';
const OTP_ONLY_MESSAGE = 'Aadhaar is verified only by an OTP sent to your Aadhaar-linked mobile';

/** Whether a stored file's detected type is one of the field's subtypes (the spec's four by default). */
function fileTypeAllowed(mimeType: string, field: DynamicInputField): boolean {
  const subtypes = field.allowedFileTypes ?? FILE_LIMITS.allowedTypes;
  return subtypes.some((subtype) => MIME_BY_SUBTYPE[subtype.toLowerCase()] === mimeType);
}

/** The `{ fileId }` items of a stored file value (one item or a list). */
function fileItems(value: unknown): { fileId: string }[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter(
    (i): i is { fileId: string } =>
      typeof i === 'object' && i !== null && typeof (i as { fileId?: unknown }).fileId === 'string',
  );
}

/** Whether stored answers are exactly the files given (a retry of the same answer). */
function sameAnswer(
  stored: readonly { documentKey: string; fileId: string }[],
  given: readonly { documentKey: string; fileId: string }[],
): boolean {
  const key = (a: { documentKey: string; fileId: string }) =>
    `${a.documentKey}\u0000${a.fileId.toLowerCase()}`;
  const left = new Set(stored.map(key));
  const right = new Set(given.map(key));
  return left.size === right.size && [...left].every((k) => right.has(k));
}

/**
 * The candidate's verification journey (spec §3, §4, §7): transactions, their verification records,
 * the pre-start questionnaire, saving and submitting input. Every state change goes through the state
 * machines (state-machine.ts) inside one database transaction with its audit row.
 */
export function createTransactionsService({
  repo,
  forms,
  profiles,
  files,
  reference,
  now,
  payments,
}: TransactionsServiceDeps) {
  function entry(record: RecordRow, configs: Map<string, VerificationConfig>): VerificationEntry {
    const config = configFor(configs, record.name);
    const label =
      config?.metadata.orgSpecificName ??
      config?.metadata.label ??
      fieldLabel(verificationTypeOf(record.name));
    return {
      name: record.name,
      // "Degree", "Degree 2", "Degree 3"…
      label: instanceLabel(label, record.name),
      state: record.state,
      category: { name: record.category },
      proceeded: isProceeded(like(record)),
      markedAsSkip: record.markedAsSkip,
      skipAllowed: record.skipAllowed,
      marksheetRequired: record.marksheetRequired,
      subType: record.subType,
      insufficiency: record.insufficiency
        ? { ...record.insufficiency, documents: record.insufficiency.documents ?? [] }
        : null,
      acceptMultipleSubmissions: acceptsMultiple(
        record.name,
        config?.additionalInfo.acceptMultipleSubmissions,
      ),
      updatedAt: iso(record.updatedAt),
    };
  }

  function questionnaireAnswered(snap: TransactionSnapshot): boolean {
    return snap.requiredQuestionIds.every((id) => snap.answers[id] !== undefined);
  }

  function buildInfo(snap: TransactionSnapshot, configs: Map<string, VerificationConfig>): TransactionInfo {
    const { txn, form, org, records } = snap;
    const expired = isFormExpired(form.expiry, now());
    return {
      txnId: txn.id,
      orgId: txn.orgId,
      formId: txn.formId,
      org: { name: org.name, imageUrl: org.imageUrl },
      state: txn.state,
      form: { name: form.name, isExpired: expired, expiry: form.expiry },
      verificationList: Object.fromEntries(records.map((r) => [r.name, entry(r, configs)])),
      filtered: filterVerifications(records.map(like)),
      expectedCompletionDate: txn.expectedMaxDate ? { maxDate: iso(txn.expectedMaxDate) } : null,
      updatedAt: iso(txn.updatedAt),
      paymentRequired: form.paymentRequired,
      userPaymentRequired: form.userPaymentRequired,
      // One entry per successful order; it was paid for every verification the candidate completed.
      paymentDetails: snap.paidOrders.map((o) => ({
        allVerificationsCompleted: true,
        expressOpt: o.express,
      })),
      discount: { percentage: form.discountPercentage },
      priceList: priceListOf(form),
      expressAllowed: form.expressAllowed,
      questionnaire: { isRequired: form.questionnaireRequired, answered: questionnaireAnswered(snap) },
      manualProfileRequired: form.manualProfileRequired,
      basicDetailsRequired: form.basicDetailsRequired,
      userInputList: [],
      requiredVerificationFieldList: [],
      nameChangeRequest: { requested: snap.nameChangeRequested },
      evaluationInfo: { provider: txn.evalProvider, required: form.evaluationPartnerRequired },
      isExpired: expired,
      proceeded: txn.state !== 'NOT_INITIALIZED',
      report: snap.report
        ? {
            status:
              snap.report.status === 'sent'
                ? 'sent'
                : snap.report.status === 'no_partner'
                  ? 'no_partner'
                  : 'preparing',
            sentTo: snap.report.sentTo,
            sentAt: snap.report.sentAt ? iso(new Date(snap.report.sentAt)) : null,
          }
        : null,
    };
  }

  /**
   * The caller's transaction. Unknown, another candidate's or another organisation's: one answer,
   * 122 "Access not allowed", so that no answer tells which transaction ids exist (ADR 0003).
   */
  async function owned(
    profileId: string,
    ref: { orgId: string; txnId: string },
  ): Promise<TransactionSnapshot> {
    const snap = isUuid(ref.txnId) ? await repo.snapshot(ref.txnId.toLowerCase()) : undefined;
    if (!snap || snap.txn.profileId !== profileId || snap.txn.orgId !== ref.orgId)
      throw new AppError('TRANSACTION_ACCESS_DENIED');
    return snap;
  }

  /** Starting (NOT_INITIALIZED → DATA_SAVED) needs a live form and, when required, the questionnaire. */
  function assertStartable(snap: TransactionSnapshot) {
    if (isFormExpired(snap.form.expiry, now())) throw new AppError('FORM_EXPIRED');
    if (snap.form.questionnaireRequired && !questionnaireAnswered(snap))
      throw new AppError('QUESTIONNAIRE_REQUIRED');
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
      const txn = await ops.lockTransaction(txnId);
      if (!txn) throw new AppError(missing);
      return fn(ops, txn);
    });
  }

  /** The same, for the candidate's input: refused once the transaction has been submitted. */
  function withLockedOpenTransaction<T>(
    txnId: string,
    fn: (ops: TransactionWriteOps, txn: TransactionRow) => Promise<T>,
  ): Promise<T> {
    return withLockedTransaction(txnId, async (ops, txn) => {
      assertOpen(txn.state);
      const result = await fn(ops, txn);
      // A priced change ends an order opened for the old quote, before the gateway can complete it.
      await payments?.afterCandidateWrite(ops.scope, txn, () => ops.records(txn.id));
      return result;
    });
  }

  /**
   * Transaction info as the bytes of its success envelope, checked against the shared schema when
   * built and kept per snapshot (ADR 0005: a snapshot is replaced on every write, so this goes with
   * it) until the form's expiry flips `isExpired`.
   */
  const encodedInfo = encodedEnvelopes<TransactionSnapshot>();
  async function infoEncoded(profileId: string, ref: { orgId: string; txnId: string }): Promise<Buffer> {
    const snap = await owned(profileId, ref);
    const at = now().getTime();
    const hit = encodedInfo.get(snap, at);
    if (hit) return hit;
    const json = JSON.stringify(transactionInfoSchema.parse(buildInfo(snap, await forms.allConfigs())));
    const expiresAt = snap.form.expiry * 1000;
    return encodedInfo.set(snap, json, snap.form.expiry !== -1 && at <= expiresAt ? expiresAt + 1 : Infinity);
  }

  async function info(profileId: string, ref: { orgId: string; txnId: string }): Promise<TransactionInfo> {
    const snap = await owned(profileId, ref);
    return buildInfo(snap, await forms.allConfigs());
  }

  /** A typed Aadhaar number of a legacy record is never answered (migration 0007 removes it too). */
  function shownData(record: RecordRow): Record<string, unknown> {
    if (!OTP_ONLY_VERIFICATIONS.includes(record.name) || !('aadhaarNumber' in record.data))
      return record.data;
    const { aadhaarNumber: _hidden, ...rest } = record.data;
    return rest;
  }

  async function typeInfo(profileId: string, type: string, ref: TransactionRef): Promise<VerificationInfo> {
    const snap = await owned(profileId, ref);
    const record = snap.records.find((r) => r.name === type);
    const configs = await forms.allConfigs();
    const config = configFor(configs, type);
    if (!record || !config) throw new AppError('VERIFICATION_NOT_IN_FORM');
    const profile = await profiles.get(profileId);
    return {
      txnId: snap.txn.id,
      orgId: snap.txn.orgId,
      formId: snap.txn.formId,
      profileName: profile.profileDetails.name,
      verification: entry(record, configs),
      config,
      data: await withFileVerdicts(profileId, snap.txn.id, config, shownData(record)),
      formExpired: isFormExpired(snap.form.expiry, now()),
    };
  }

  /**
   * Saved data as the candidate sees it: each stored `{ fileId }` (a camera photo's `geolocation`
   * kept) with the file's description and the verdict (state, issues) of the files table, never one a
   * client sent (ADR 0009). A file that is not the candidate's or not linked to this transaction (data
   * saved before the checks existed) is shown as missing: left out, so the form asks for it again;
   * so is a key that is none of the config's fields.
   */
  async function withFileVerdicts(
    profileId: string,
    txnId: string,
    config: VerificationConfig,
    data: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const inputs = config.authOptions.flatMap((o) => o.page.config.flatMap((c) => c.inputs));
    // Only the config's fields: a key stored before the checks existed (a client's "state") is not shown.
    const known = new Set(inputs.map((f) => f.fieldName));
    const out = Object.fromEntries(Object.entries(data).filter(([key]) => known.has(key)));
    const names = inputs
      .filter((f) => FILE_INPUTS.includes(f.inputType))
      .map((f) => f.fieldName)
      .filter((name) => data[name] !== undefined);
    if (names.length === 0) return out;
    const ids = names.flatMap((name) => fileItems(data[name]).map((i) => i.fileId));
    const described = ids.length > 0 ? await files.describe(profileId, txnId, ids) : new Map();
    const show = (item: unknown) => {
      const id = fileItems(item)[0]?.fileId;
      const file = id ? described.get(id) : undefined;
      if (!file) return undefined;
      const { geolocation } = item as { geolocation?: unknown };
      return geolocation === undefined ? { ...file } : { ...file, geolocation };
    };
    for (const name of [...new Set(names)]) {
      const value = data[name];
      const shown = Array.isArray(value) ? value.map(show).filter((i) => i !== undefined) : show(value);
      if (shown === undefined) delete out[name];
      else out[name] = shown;
    }
    return out;
  }

  function questionsWithAnswers(
    rows: Awaited<ReturnType<FormsService['listQuestions']>>,
    answers: Record<string, string>,
  ): PreStartQuestion[] {
    return rows.map((q) => ({
      _id: q.id,
      question: q.question,
      options: q.options,
      required: q.required,
      answer: answers[q.id] ?? null,
    }));
  }

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
  ): Promise<{ data: Record<string, unknown>; fileIds: string[] }> {
    if (subType !== null && !config.authOptions.some((o) => o.type === subType)) {
      throw validationFailed([{ path: 'subType', message: `Unknown way to verify: ${subType}` }]);
    }
    const fields = configFields(config, subType);
    const readOnlyFields = config.readOnly?.profile ?? [];
    const profileName = (await profiles.get(profileId)).profileDetails.name ?? '';
    const fixed = Object.fromEntries(
      fields
        .filter((f) => isReadOnlyField(f, readOnlyFields) && PROFILE_NAME_FIELDS.includes(f.fieldName))
        .map((f) => [f.fieldName, profileName]),
    );
    const check = checkFormData(fields, data, {
      // "Not in the future" by the candidate's calendar: the latest one on Earth (UTC+14) is ahead of
      // the server's, so a date that is today in India is never refused by a server on UTC.
      now: new Date(at.getTime() + LATEST_UTC_OFFSET_MS),
      complete: mode === 'submit',
      fixed,
      readOnlyFields,
    });
    const issues: FormDataIssue[] = [...check.issues];
    const stored = { ...check.data };
    const byName = new Map(fields.map((f) => [f.fieldName, f]));

    const fileIds = [...new Set(check.files.map((f) => f.fileId))];
    const found = await files.forTransaction(profileId, txnId, fileIds);
    const fileIssues = new Map<string, string>();
    for (const { field, fileId } of check.files) {
      const entry = found.get(fileId);
      const rule = byName.get(field);
      let message: string | null = null;
      if (!entry) message = NO_SUCH_FILE;
      else if (entry.otherTransaction) message = FILE_TAKEN;
      else if (rule && !fileTypeAllowed(entry.file.mimeType, rule))
        message = FILE_TEXT.wrongType(rule.allowedFileTypes ?? FILE_LIMITS.allowedTypes);
      if (message && !fileIssues.has(field)) fileIssues.set(field, message);
    }
    for (const [field, message] of fileIssues) issues.push({ field, message });

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
      const order = new Map(fields.map((f, i) => [f.fieldName, i]));
      const rank = (field: string) => order.get(field) ?? Number.MAX_SAFE_INTEGER;
      issues.sort((a, b) => rank(a.field) - rank(b.field));
      throw validationFailed(issues.map((i) => ({ path: `data.${i.field}`, message: i.message })));
    }
    return { data: stored, fileIds };
  }

  /** Saves (PUT /bgv → DATA_SAVED) or submits (POST /bgv → READY_TO_SUBMIT) one verification's input. */
  async function writeVerification(
    profileId: string,
    body: SaveVerificationDataRequest,
    mode: 'save' | 'submit',
  ): Promise<VerificationInfo> {
    const snap = await owned(profileId, body);
    assertOpen(snap.txn.state);
    if (snap.txn.state === 'NOT_INITIALIZED') assertStartable(snap);
    const known = snap.records.find((r) => r.name === body.verificationName);
    if (!known) throw new AppError('VERIFICATION_NOT_IN_FORM');
    // Only the OTP check completes Aadhaar (issue 11): no typed number is stored, nothing submitted.
    if (OTP_ONLY_VERIFICATIONS.includes(known.name))
      throw new AppError('INVALID_TRANSITION', OTP_ONLY_MESSAGE, { verificationName: known.name });
    const notEditable = (state: string) =>
      new AppError('INVALID_TRANSITION', `${known.name} has already been submitted`, { state });
    if (!EDITABLE_STATES.includes(known.state)) throw notEditable(known.state);
    const config = configFor(await forms.allConfigs(), known.name);
    if (!config) throw new AppError('VERIFICATION_NOT_IN_FORM');
    const subType = body.subType === undefined ? known.subType : body.subType;
    const at = now();
    const judged = await judgeData(profileId, snap.txn.id, config, subType, body.data, mode, at);

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
      if (txn.state === 'NOT_INITIALIZED') await transitionTransaction(ops, txn, 'DATA_SAVED', context);
      else await ops.updateTransaction(txn.id, { updatedAt: at });
    });
    return typeInfo(profileId, body.verificationName, body);
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
  ): Promise<Map<string, { updatedAt: number; data: Record<string, unknown>; fileIds: string[] }>> {
    const configs = await forms.allConfigs();
    const judged = new Map<string, { updatedAt: number; data: Record<string, unknown>; fileIds: string[] }>();
    const issues: ValidationIssue[] = [];
    const judgeable = records.filter(
      (r) => r.state === 'READY_TO_SUBMIT' && !OTP_ONLY_VERIFICATIONS.includes(r.name),
    );
    for (const record of judgeable) {
      const config = configFor(configs, record.name);
      if (!config) throw new AppError('VERIFICATION_NOT_IN_FORM', `${record.name} is not part of this form`);
      const readOnly = config.readOnly?.profile ?? [];
      const data = { ...record.data };
      for (const f of configFields(config, record.subType)) {
        if (isReadOnlyField(f, readOnly)) delete data[f.fieldName];
      }
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

  /** The file ids a record's data holds (every file field of its config). */
  function recordFileIds(config: VerificationConfig, data: Record<string, unknown>): string[] {
    return fileFieldNames(config).flatMap((name) => fileItems(data[name]).map((i) => i.fileId));
  }

  /** The first file field with a value (where a lost race for a file is reported). */
  function fileFieldOf(config: VerificationConfig, subType: string | null, data: Record<string, unknown>) {
    const field = configFields(config, subType).find(
      (f) => FILE_INPUTS.includes(f.inputType) && data[f.fieldName] !== undefined,
    );
    return field?.fieldName ?? 'files';
  }

  /** Opens an insufficiency round (its row) and returns what the record keeps of it for transaction info. */
  async function openRound(
    ops: TransactionWriteOps,
    txnId: string,
    name: string,
    reason: string,
    documents: { key: string; label: string }[],
    staffId: string | null,
    at: Date,
  ) {
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
    return { id, reason, raisedAt: iso(at), documents: docs };
  }

  /**
   * The transaction follows its verifications (ADR 0020, within ADR 0007's table): the team starting one
   * moves a SUBMITTED transaction to IN_PROGRESS; one waiting for the candidate makes it INSUFFICIENT_DATA;
   * none waiting any more brings it back to IN_PROGRESS; every verification that is not skipped decided
   * settles it (all closed: CLOSED; any failed: FAILED; else COMPLETED). Returns its state after.
   */
  async function followTransaction(
    ops: TransactionWriteOps,
    txn: TransactionRow,
    records: readonly { state: State; markedAsSkip: boolean }[],
    context: { action: string; profileId: string | null; now: Date },
  ): Promise<State> {
    let current = { id: txn.id, state: txn.state };
    const move = async (to: State) => {
      await transitionTransaction(ops, current, to, context);
      current = { ...current, state: to };
    };
    const watched: readonly State[] = ['SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA'];
    if (!watched.includes(current.state)) {
      await ops.updateTransaction(txn.id, { updatedAt: context.now });
      return current.state;
    }
    const active = records.filter((r) => !r.markedAsSkip);
    const waiting = active.some((r) => r.state === 'INSUFFICIENT_DATA');
    const decided = (s: State) => s === 'COMPLETED' || s === 'FAILED' || s === 'CLOSED';
    const started = active.some(
      (r) => r.state !== 'SUBMITTED' && !decided(r.state) && r.state !== 'READY_TO_SUBMIT',
    );
    if (active.length > 0 && active.every((r) => decided(r.state))) {
      const target: State = active.every((r) => r.state === 'CLOSED')
        ? 'CLOSED'
        : active.some((r) => r.state === 'FAILED')
          ? 'FAILED'
          : 'COMPLETED';
      if (target !== 'CLOSED' && current.state !== 'IN_PROGRESS') await move('IN_PROGRESS');
      await move(target);
    } else if (waiting) {
      if (current.state === 'SUBMITTED') await move('IN_PROGRESS');
      if (current.state === 'IN_PROGRESS') await move('INSUFFICIENT_DATA');
    } else if (current.state === 'INSUFFICIENT_DATA' || (current.state === 'SUBMITTED' && started)) {
      await move('IN_PROGRESS');
    }
    if (current.state === txn.state) await ops.updateTransaction(txn.id, { updatedAt: context.now });
    return current.state;
  }

  /** A round as the ops side reads it. */
  function roundOf(
    r: InsufficiencyRequestRow,
    answers: readonly InsufficiencyAnswerRow[],
  ): InsufficiencyRound {
    return {
      id: r.id,
      verificationName: r.verificationName,
      reason: r.reason,
      documents: r.documents,
      raisedBy: r.raisedBy,
      raisedAt: iso(r.raisedAt),
      answeredAt: r.answeredAt ? iso(r.answeredAt) : null,
      answers: answers
        .filter((a) => a.requestId === r.id)
        .map((a) => ({ key: a.documentKey, fileId: a.fileId, answeredAt: iso(a.answeredAt) })),
    };
  }

  /** The validated evaluation partner of a transaction (eval-info), as stored. */
  function evaluationOf(txn: TransactionRow): EvaluationRecord {
    return {
      provider: txn.evalProvider,
      reference: txn.evalReference,
      maskedEmail: txn.evalEmailMasked,
      validatedAt: txn.evalValidatedAt,
    };
  }

  /** Every verification done or skipped, the minimum set met, the evaluation partner proved (submit's rules). */
  function assertSubmittableRecords(
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
   * The submit itself, on the locked transaction row: the checks, the files of the judged records
   * attached, the transaction and its READY_TO_SUBMIT records to SUBMITTED with the expected date.
   */
  async function submitLocked(
    ops: TransactionWriteOps,
    txn: TransactionRow,
    snap: TransactionSnapshot,
    judged: Map<string, { updatedAt: number; data: Record<string, unknown>; fileIds: string[] }>,
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
          { withPath: true },
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

  return {
    info,
    infoEncoded,
    typeInfo,

    /** The caller's transaction (122 otherwise) with its evaluation partner, for the evaluation module. */
    async evaluationTarget(
      profileId: string,
      ref: TransactionRef,
    ): Promise<{ txnId: string; state: State; evaluation: EvaluationRecord }> {
      const snap = await owned(profileId, ref);
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

    async create(profileId: string, body: CreateTransactionRequest): Promise<CreateTransactionResponse> {
      const org = await forms.findOrg(body.orgId);
      if (!org) throw new AppError('ORG_NOT_FOUND');
      const form = await forms.findForm(body.eKycFormId);
      if (!form || form.orgId !== org.id) throw new AppError('FORM_NOT_FOUND');
      const existing = await repo.findByProfileAndForm(profileId, form.id);
      if (existing) return { transactionId: existing.id, state: existing.state, created: false };
      if (isFormExpired(form.expiry, now())) throw new AppError('FORM_EXPIRED');
      const configs = await forms.allConfigs();
      const { row, created } = await repo.createOnce({
        profileId,
        orgId: org.id,
        formId: form.id,
        now: now(),
        records: form.verifications.map((v, position) => ({
          name: v.name,
          position,
          category: configFor(configs, v.name)?.additionalInfo.category ?? 'Other',
          subType: v.subType,
          state: 'NOT_INITIALIZED',
          markedAsSkip: false,
          skipAllowed: v.skipAllowed,
          marksheetRequired: v.marksheetRequired,
        })),
      });
      return { transactionId: row.id, state: row.state, created };
    },

    /** Start: NOT_INITIALIZED → DATA_SAVED; once started, answers the info unchanged. */
    async process(profileId: string, ref: TransactionRef): Promise<TransactionInfo> {
      const snap = await owned(profileId, ref);
      if (snap.txn.state === 'NOT_INITIALIZED') {
        assertStartable(snap);
        await withLockedTransaction(snap.txn.id, async (ops, txn) => {
          // Started meanwhile (another tab): nothing to do.
          if (txn.state !== 'NOT_INITIALIZED') return;
          await transitionTransaction(ops, txn, 'DATA_SAVED', { action: 'process', profileId, now: now() });
        });
      }
      return info(profileId, ref);
    },

    async candidateTransactions(
      profileId: string,
      query: { seed: number; count: number; states?: string | undefined },
    ): Promise<{ list: CandidateTransaction[]; total: number }> {
      const asked = query.states
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = asked?.find((s) => !isState(s));
      if (unknown) throw validationFailed([{ path: 'states', message: `Unknown state: ${unknown}` }]);
      const states = asked?.filter(isState);
      const { rows, total } = await repo.listForCandidate(
        profileId,
        states && states.length > 0 ? states : undefined,
        query.seed,
        query.count,
      );
      return {
        total,
        list: rows.map((r) => ({
          txnId: r.txn.id,
          orgId: r.txn.orgId,
          formId: r.txn.formId,
          state: r.txn.state,
          form: { name: r.formName },
          org: { name: r.orgName, imageUrl: r.orgImage },
          createdAt: iso(r.txn.createdAt),
          updatedAt: iso(r.txn.updatedAt),
        })),
      };
    },

    async history(
      profileId: string,
      query: { formId: string; orgId: string },
    ): Promise<{ list: HistoryEntry[]; total: number }> {
      const rows = await repo.history(profileId, query.formId, query.orgId, HISTORY_LIMIT);
      const list = rows.map((c) => ({
        txnId: c.txnId,
        entity: c.entity,
        verificationName: c.verificationName,
        from: c.fromState,
        to: c.toState,
        action: c.action,
        at: iso(c.at),
      }));
      return { list, total: list.length };
    },

    async purposes(
      profileId: string,
      query: { formId: string; orgId: string; id?: string | undefined; seed: number; count: number },
    ): Promise<{ list: PreStartQuestion[]; total: number }> {
      const form = await forms.findForm(query.formId);
      if (!form || form.orgId !== query.orgId) throw new AppError('FORM_NOT_FOUND');
      let answers: Record<string, string> = {};
      if (query.id) {
        const snap = await owned(profileId, { orgId: query.orgId, txnId: query.id });
        if (snap.txn.formId !== form.id) throw new AppError('TRANSACTION_ACCESS_DENIED');
        answers = snap.answers;
      }
      const all = questionsWithAnswers(await forms.listQuestions(form.id), answers);
      return { list: all.slice(query.seed, query.seed + query.count), total: all.length };
    },

    /** Saves the pre-start answers: every required question answered, each answer one of its options. */
    async saveAnswers(
      profileId: string,
      body: UserResponseRequest,
    ): Promise<{ list: PreStartQuestion[]; total: number }> {
      const snap = await owned(profileId, body);
      assertOpen(snap.txn.state);
      const questions = await forms.listQuestions(snap.form.id);
      const byId = new Map(questions.map((q) => [q.id, q]));
      const issues: ValidationIssue[] = [];
      const seen = new Set<string>();
      body.data.forEach((item, i) => {
        const question = byId.get(item.questionId);
        if (!question) {
          issues.push({ path: `data.${i}.questionId`, message: `Unknown question: ${item.questionId}` });
        } else if (seen.has(item.questionId)) {
          issues.push({ path: `data.${i}.questionId`, message: `"${question.question}" is answered twice` });
        } else if (question.options.length > 0 && !question.options.some((o) => o.value === item.answer)) {
          issues.push({
            path: `data.${i}.answer`,
            message: `"${item.answer}" is not one of the options of "${question.question}"`,
          });
        }
        seen.add(item.questionId);
      });
      for (const q of questions) {
        if (q.required && !seen.has(q.id))
          issues.push({ path: 'data', message: JOURNEY_TEXT.questionRequired(q.question) });
      }
      if (issues.length > 0) throw validationFailed(issues);
      await withLockedOpenTransaction(snap.txn.id, (ops, txn) => ops.upsertAnswers(txn.id, body.data, now()));
      const saved = Object.fromEntries(body.data.map((item) => [item.questionId, item.answer]));
      const list = questionsWithAnswers(questions, { ...snap.answers, ...saved });
      return { list, total: list.length };
    },

    /** Marks verifications as skipped (ADR 0006): all or nothing. */
    async markAsSkip(profileId: string, body: MarkAsSkipRequest): Promise<TransactionInfo> {
      const snap = await owned(profileId, body);
      assertOpen(snap.txn.state);
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
        for (const record of chosen.filter((r) => !r.markedAsSkip)) {
          await ops.updateRecord(txn.id, record.name, { markedAsSkip: true, updatedAt: at });
          await ops.insertChanges(
            [
              {
                txnId: txn.id,
                entity: 'verification',
                verificationName: record.name,
                from: record.state,
                to: record.state,
                action: 'skip',
                profileId,
              },
            ],
            at,
          );
        }
        await ops.updateTransaction(txn.id, { updatedAt: at });
      });
      return info(profileId, body);
    },

    /**
     * Before an identity check starts: the caller's open transaction has the verification `name`, not
     * done yet. Returns the transaction's id (lowercase).
     */
    async assertIdentityOpen(profileId: string, ref: TransactionRef, name: string): Promise<string> {
      const snap = await owned(profileId, ref);
      assertOpen(snap.txn.state);
      if (snap.txn.state === 'NOT_INITIALIZED') assertStartable(snap);
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
     * "Add Another Degree" (issue 12): the next instance of a type that accepts several submissions
     * ("<type>~<n>"), a NOT_INITIALIZED record after the type's last one, audited (null → NOT_INITIALIZED,
     * action `add-instance`). While the last added instance is still NOT_INITIALIZED and not skipped,
     * that one is the answer (created: false): a double click, a retry or a second tab never adds two.
     * At most MAX_INSTANCES of one type (INSTANCE_LIMIT, 170); a type that takes one submission is
     * refused (MULTIPLE_NOT_ALLOWED, 171).
     */
    async addInstance(profileId: string, body: AddInstanceRequest): Promise<AddInstanceResponse> {
      const snap = await owned(profileId, body);
      assertOpen(snap.txn.state);
      if (snap.txn.state === 'NOT_INITIALIZED') assertStartable(snap);
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
            { max: MAX_INSTANCES },
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
      const snap = await owned(profileId, query);
      assertOpen(snap.txn.state);
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

    saveData: (profileId: string, body: SaveVerificationDataRequest) =>
      writeVerification(profileId, body, 'save'),
    submitVerification: (profileId: string, body: SaveVerificationDataRequest) =>
      writeVerification(profileId, body, 'submit'),

    /**
     * Submit: nothing remaining (every verification ready to submit or skipped), the minimum set met,
     * no payment required; the transaction and its READY_TO_SUBMIT records move to SUBMITTED.
     */
    async submit(profileId: string, ref: TransactionRef): Promise<TransactionInfo> {
      const snap = await owned(profileId, ref);
      if (snap.txn.state === 'SUBMITTED') return buildInfo(snap, await forms.allConfigs());
      // A paid form is submitted by its payment's success (settlePayment); this route too once it is paid.
      if (snap.form.paymentRequired && snap.paidOrders.length === 0) throw new AppError('PAYMENT_REQUIRED');
      const at = now();
      const context = { action: 'submit', profileId, now: at };
      // Read past the snapshot cache: what is judged must be what is stored.
      const judged = await judgeStored(profileId, snap, await repo.records(snap.txn.id), at);
      await withLockedTransaction(snap.txn.id, async (ops, txn) => {
        // Paid for exactly what is submitted: the successful order's quote is the current one (checked
        // after what is missing, which the candidate must finish first).
        if (snap.form.paymentRequired && payments && OPEN_TRANSACTION_STATES.includes(txn.state)) {
          const records = await ops.records(txn.id);
          if (txn.state !== 'NOT_INITIALIZED') assertSubmittableRecords(snap, txn, records);
          await payments.assertPaidFor(ops.scope, { txn, records });
        }
        return submitLocked(ops, txn, snap, judged, context);
      });
      return info(profileId, ref);
    },

    /**
     * What the payments module reads of the caller's transaction (122 as every candidate route): the
     * snapshot (form, records with their saved data) and the info (labels, states).
     */
    async paymentContext(profileId: string, ref: TransactionRef) {
      const snap = await owned(profileId, ref);
      return { snap, info: buildInfo(snap, await forms.allConfigs()) };
    },

    /** What the verification report states of a transaction (ADR 0028): its snapshot and info, no owner check. */
    async reportContext(txnId: string) {
      const snap = await repo.snapshot(txnId);
      if (!snap) return undefined;
      return { snap, info: buildInfo(snap, await forms.allConfigs()) };
    },

    /** Refuses (as submit would) a transaction that could not be submitted now: before it is paid for. */
    async assertSubmittable(profileId: string, ref: TransactionRef): Promise<void> {
      const snap = await owned(profileId, ref);
      assertOpen(snap.txn.state);
      if (snap.txn.state === 'NOT_INITIALIZED')
        throw new AppError('INVALID_TRANSITION', 'Start the verification before submitting it', {
          state: snap.txn.state,
        });
      const records = await repo.records(snap.txn.id);
      assertSubmittableRecords(snap, snap.txn, records);
      await judgeStored(profileId, snap, records, now());
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
      const judged = await judgeStored(snap.txn.profileId, snap, await repo.records(txnId), at).catch(
        (error: unknown) => {
          if (isAppError(error)) return new Map<string, never>();
          throw error;
        },
      );
      return withLockedTransaction(
        txnId,
        async (ops, txn) => {
          const paid = await apply(ops.scope, { txn, records: await ops.records(txnId) });
          // An express order paid puts the case on the fast track (ADR 0026), submitted now or already.
          if (paid) await ops.refreshQueue(txnId);
          if (!paid || txn.state === 'SUBMITTED' || txn.state === 'NOT_INITIALIZED') return paid;
          try {
            await submitLocked(ops, txn, snap, judged, context);
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
          await transitionVerification(ops, id, record, to, context, { insufficiency: open });
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

    /** Ops: every insufficiency round of a transaction with the candidate's answers, oldest first. */
    async insufficiencyHistory(txnId: string): Promise<{ txnId: string; list: InsufficiencyRound[] }> {
      if (!isUuid(txnId) || !(await repo.exists(txnId.toLowerCase())))
        throw new AppError('TRANSACTION_NOT_FOUND');
      const id = txnId.toLowerCase();
      const { requests, answers } = await repo.insufficiencyHistory(id);
      return { txnId: id, list: requests.map((r) => roundOf(r, answers)) };
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
      const snap = await owned(profileId, body);
      if (!snap.records.some((r) => r.name === body.verificationName))
        throw new AppError('VERIFICATION_NOT_IN_FORM');
      const given = body.documents.flatMap((d) =>
        d.fileIds.map((fileId) => ({ documentKey: d.key, fileId })),
      );
      const fileIds = [...new Set(given.map((g) => g.fileId))];
      const found = await files.forTransaction(
        profileId,
        snap.txn.id,
        fileIds.filter((f) => isUuid(f)),
      );
      const at = now();
      const context = { action: 'insufficiency-answer', profileId, now: at };
      await withLockedTransaction(snap.txn.id, async (ops, txn) => {
        const records = await ops.records(txn.id);
        const record = records.find((r) => r.name === body.verificationName);
        if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM');
        if (record.state !== 'INSUFFICIENT_DATA') {
          // A retry of an answer that went through: the same files for the latest round change nothing.
          const latest = await ops.latestInsufficiencyRequest(txn.id, record.name);
          if (latest?.answeredAt && sameAnswer(await ops.insufficiencyAnswersOf(latest.id), given)) return;
          throw new AppError('INVALID_TRANSITION', `${record.name} is not waiting for documents`, {
            state: record.state,
            verificationName: record.name,
          });
        }
        const open = await ops.openInsufficiencyRequest(txn.id, record.name);
        if (!open)
          throw new AppError('INVALID_TRANSITION', `${record.name} is not waiting for documents`, {
            state: record.state,
            verificationName: record.name,
          });
        const issues: ValidationIssue[] = [];
        const asked = new Map(open.documents.map((d) => [d.key, d]));
        const seen = new Set<string>();
        body.documents.forEach((d, i) => {
          if (!asked.has(d.key))
            issues.push({ path: `documents.${i}.key`, message: 'This document was not asked for' });
          else if (seen.has(d.key))
            issues.push({ path: `documents.${i}.key`, message: `${asked.get(d.key)!.label} is given twice` });
          seen.add(d.key);
          d.fileIds.forEach((fileId, j) => {
            const entry = isUuid(fileId) ? (found.get(fileId.toLowerCase()) ?? found.get(fileId)) : undefined;
            let message: string | null = null;
            if (!entry) message = NO_SUCH_FILE;
            else if (entry.otherTransaction) message = FILE_TAKEN;
            else if (entry.file.state === 'ERROR') message = FILE_TEXT.unsupported;
            else if (!FILE_LIMITS.allowedTypes.some((t) => MIME_BY_SUBTYPE[t] === entry.file.mimeType))
              message = FILE_TEXT.wrongType(FILE_LIMITS.allowedTypes);
            if (message) issues.push({ path: `documents.${i}.fileIds.${j}`, message });
          });
        });
        for (const doc of open.documents) {
          if (!seen.has(doc.key)) issues.push({ path: 'documents', message: `Upload ${doc.label}` });
        }
        if (issues.length > 0) throw validationFailed(issues);
        if ((await files.attach(profileId, txn.id, fileIds, ops.scope)) === null)
          throw validationFailed([{ path: 'documents', message: FILE_TAKEN }]);
        await ops.answerInsufficiency(open.id, given, at);
        await transitionVerification(ops, txn.id, record, 'SUBMITTED', context, { insufficiency: null });
        const submitted: State = 'SUBMITTED';
        const after = records.map((r) => (r.name === record.name ? { ...r, state: submitted } : r));
        await followTransaction(ops, txn, after, context);
      });
      return info(profileId, body);
    },
  };
}
export type TransactionsService = ReturnType<typeof createTransactionsService>;
