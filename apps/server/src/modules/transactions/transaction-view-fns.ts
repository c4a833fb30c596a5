import {
  OTP_ONLY_VERIFICATIONS,
  STATES,
  acceptsMultiple,
  fieldLabel,
  filterVerifications,
  formPaymentConfigSchema,
  instanceLabel,
  isFormExpired,
  isProceeded,
  verificationTypeOf,
  type CandidateTransaction,
  type HistoryEntry,
  type PreStartQuestion,
  type State,
  type TransactionInfo,
  type VerificationConfig,
  type VerificationEntry,
  type VerifiedAtSource,
} from '@veridocs/shared';
import type { FormsService } from '../forms/forms-service.js';
import type {
  RecordRow,
  TransactionRow,
  TransactionSnapshot,
  TransactionsRepository,
} from './transactions-repository.js';
import { ISSUER_SOURCE_KEY, configFor } from './verification-data-fns.js';

type CandidateTransactionRow = Awaited<
  ReturnType<TransactionsRepository['listForCandidate']>
>['rows'][number];
type HistoryRow = Awaited<ReturnType<TransactionsRepository['history']>>[number];

/**
 * Building what the candidate and the other modules read of a transaction (spec §3 "Transaction
 * info"): pure, from a snapshot and the verification configs.
 */

/** A transaction's validated evaluation partner (all null until one is validated). */
export interface EvaluationRecord {
  provider: string | null;
  reference: string | null;
  maskedEmail: string | null;
  validatedAt: Date | null;
}

export const iso = (d: Date) => d.toISOString();
export const isState = (value: string): value is State => (STATES as readonly string[]).includes(value);

/** What the shared journey rules read of a record. */
export const like = (r: RecordRow) => ({
  name: r.name,
  state: r.state,
  markedAsSkip: r.markedAsSkip,
  skipAllowed: r.skipAllowed,
});

/** Adds working days (Monday to Friday) to a date. */
export function addWorkingDays(from: Date, days: number): Date {
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
export function priceListOf(form: TransactionSnapshot['form']): TransactionInfo['priceList'] {
  const parsed = form.paymentConfig == null ? null : formPaymentConfigSchema.safeParse(form.paymentConfig);
  if (!parsed?.success) return form.priceList;
  return parsed.data.prices.map((p) => ({
    verificationName: p.verificationName,
    mrp: p.INR.mrp,
    price: { primary: p.INR.price },
    discount: { primary: p.INR.mrp - p.INR.price, secondary: p.additionalDiscountPercent },
  }));
}

/** One record as transaction info lists it, labelled by its config ("Degree", "Degree 2"…). */
export function verificationEntry(
  record: RecordRow,
  configs: ReadonlyMap<string, VerificationConfig>,
): VerificationEntry {
  const config = configFor(configs, record.name);
  const label =
    config?.metadata.orgSpecificName ?? config?.metadata.label ?? fieldLabel(verificationTypeOf(record.name));
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
    acceptMultipleSubmissions: acceptsMultiple(record.name, config?.additionalInfo.acceptMultipleSubmissions),
    updatedAt: iso(record.updatedAt),
    verifiedAtSource: verifiedAtSourceOf(record),
  };
}

/** How a completed record was verified at its issuer (the server's mark in its data), or null. */
export function verifiedAtSourceOf(record: Pick<RecordRow, 'state' | 'data'>): VerifiedAtSource | null {
  const mark = record.data[ISSUER_SOURCE_KEY];
  if (record.state !== 'COMPLETED' || typeof mark !== 'object' || mark === null) return null;
  const { channel, issuer, at, result } = mark as Record<string, unknown>;
  if (
    (channel !== 'digilocker' && channel !== 'apisetu' && channel !== 'institution') ||
    typeof issuer !== 'string' ||
    typeof at !== 'string'
  )
    return null;
  return { channel, issuer, at, ...(typeof result === 'string' && result !== '' ? { result } : {}) };
}

export function questionnaireAnswered(snap: TransactionSnapshot): boolean {
  return snap.requiredQuestionIds.every((id) => snap.answers[id] !== undefined);
}

/** What a report's delivery row shows the candidate. */
function reportOf(
  report: NonNullable<TransactionSnapshot['report']>,
): NonNullable<TransactionInfo['report']> {
  return {
    status: report.status === 'sent' ? 'sent' : report.status === 'no_partner' ? 'no_partner' : 'preparing',
    sentTo: report.sentTo,
    sentAt: report.sentAt ? iso(new Date(report.sentAt)) : null,
  };
}

/** Transaction info (spec §3) of a snapshot; `at` decides whether the form has expired. */
export function buildTransactionInfo(
  snap: TransactionSnapshot,
  configs: ReadonlyMap<string, VerificationConfig>,
  at: Date,
): TransactionInfo {
  const { txn, form, org, records } = snap;
  const expired = isFormExpired(form.expiry, at);
  return {
    txnId: txn.id,
    orgId: txn.orgId,
    formId: txn.formId,
    org: { name: org.name, imageUrl: org.imageUrl },
    state: txn.state,
    form: { name: form.name, isExpired: expired, expiry: form.expiry },
    verificationList: Object.fromEntries(records.map((r) => [r.name, verificationEntry(r, configs)])),
    filtered: filterVerifications(records.map(like)),
    expectedCompletionDate: txn.expectedMaxDate ? { maxDate: iso(txn.expectedMaxDate) } : null,
    updatedAt: iso(txn.updatedAt),
    // An organisation-paid form shows the candidate no payment step (ADR 0047).
    paymentRequired: form.paymentRequired && form.payer !== 'organisation',
    userPaymentRequired: form.userPaymentRequired && form.payer !== 'organisation',
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
    report: snap.report ? reportOf(snap.report) : null,
  };
}

/** A typed Aadhaar number of a legacy record is never answered (migration 0007 removes it too). */
export function shownData(record: Pick<RecordRow, 'name' | 'data'>): Record<string, unknown> {
  if (!OTP_ONLY_VERIFICATIONS.includes(record.name) || !('aadhaarNumber' in record.data)) return record.data;
  const { aadhaarNumber: _hidden, ...rest } = record.data;
  return rest;
}

/** The form's pre-start questions with the transaction's answers (null when unanswered). */
export function questionsWithAnswers(
  rows: Awaited<ReturnType<FormsService['listQuestions']>>,
  answers: Readonly<Record<string, string>>,
): PreStartQuestion[] {
  return rows.map((q) => ({
    _id: q.id,
    question: q.question,
    options: q.options,
    required: q.required,
    answer: answers[q.id] ?? null,
  }));
}

/** The validated evaluation partner of a transaction (eval-info), as stored. */
export function evaluationOf(txn: TransactionRow): EvaluationRecord {
  return {
    provider: txn.evalProvider,
    reference: txn.evalReference,
    maskedEmail: txn.evalEmailMasked,
    validatedAt: txn.evalValidatedAt,
  };
}

/** One row of the candidate's list of transactions. */
export function candidateTransactionOf(r: CandidateTransactionRow): CandidateTransaction {
  return {
    txnId: r.txn.id,
    orgId: r.txn.orgId,
    formId: r.txn.formId,
    state: r.txn.state,
    form: { name: r.formName },
    org: { name: r.orgName, imageUrl: r.orgImage },
    createdAt: iso(r.txn.createdAt),
    updatedAt: iso(r.txn.updatedAt),
  };
}

/** One audited state change as the candidate's history shows it. */
export function historyEntryOf(c: HistoryRow): HistoryEntry {
  return {
    txnId: c.txnId,
    entity: c.entity,
    verificationName: c.verificationName,
    from: c.fromState,
    to: c.toState,
    action: c.action,
    at: iso(c.at),
  };
}
