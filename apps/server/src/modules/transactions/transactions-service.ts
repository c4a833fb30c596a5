import {
  JOURNEY_TEXT,
  isFormExpired,
  transactionInfoSchema,
  type CandidateTransaction,
  type CreateTransactionRequest,
  type CreateTransactionResponse,
  type HistoryEntry,
  type PreStartQuestion,
  type TransactionInfo,
  type State,
  type TransactionRef,
  type UserResponseRequest,
  type ValidationIssue,
} from '@veridocs/shared';
import { AppError, validationFailed } from '../../errors.js';
import { encodedEnvelopes, encodedOk } from '../../http/envelope.js';
import { createInsufficiencyRounds } from './insufficiency-rounds.js';
import { createSavedDataChecks } from './saved-data-checks.js';
import { OPEN_TRANSACTION_STATES, transitionTransaction } from './state-machine.js';
import { assertSubmittableRecords, createSubmission } from './submission.js';
import { createPrivacyPorts } from './privacy-ports.js';
import { createTeamActions } from './team-actions.js';
import {
  candidatePays,
  createTransactionAccess,
  type TransactionsServiceDeps,
} from './transaction-access.js';
import { createInstitutionPorts } from './institution-ports.js';
import { createSourcePorts } from './source-ports.js';
import { createTransactionPorts } from './transaction-ports.js';
import {
  candidateTransactionOf,
  historyEntryOf,
  isState,
  questionsWithAnswers,
} from './transaction-view-fns.js';
import type { TransactionSnapshot } from './transactions-repository.js';
import { createVerificationActions } from './verification-actions.js';
import { configFor } from './verification-data-fns.js';

export type {
  ConsentGate,
  LockedForPayment,
  OrgUsageCharge,
  PaymentGuard,
  TransactionsServiceDeps,
} from './transaction-access.js';
export type { EvaluationRecord } from './transaction-view-fns.js';
export type { IssuerSourceMark } from './verification-data-fns.js';
export type { ExpectationBasis } from './institution-ports.js';
export { ISSUER_SOURCE_KEY } from './verification-data-fns.js';
/** The ops module maps the rounds of a case with the same function (one mapping, ADR 0020). */
export { insufficiencyRoundsOf } from './insufficiency-fns.js';
export { verifiedAtSourceOf } from './transaction-view-fns.js';

const HISTORY_LIMIT = 1000;

/** What a transaction's privacy notice names (the privacy module renders it). */
export interface NoticeSubject {
  txnId: string;
  orgId: string;
  formId: string;
  organisation: string;
  form: string;
  verificationTypes: string[];
  partnerRequired: boolean;
  /** The partner the candidate named (eval-info), if any yet. */
  partner: string | null;
  state: State;
}

/**
 * The candidate's verification journey (spec §3, §4, §7): transactions, their verification records,
 * the pre-start questionnaire, saving and submitting input. Every state change goes through the state
 * machines (state-machine.ts) inside one database transaction with its audit row.
 *
 * This file holds the transaction-level routes and composes the rest: transaction-access.ts (the
 * caller's transaction, guards, row lock), verification-actions.ts (one verification's input),
 * saved-data-checks.ts (what may be stored), submission.ts, insufficiency-rounds.ts (ADR 0020),
 * team-actions.ts (the ops module's) and transaction-ports.ts (evaluation, identity, payments,
 * reports). The pure parts are the *-fns.ts files.
 */
export function createTransactionsService(deps: TransactionsServiceDeps) {
  const { repo, forms, now, payments, orgBilling } = deps;
  const access = createTransactionAccess(deps);
  const checks = createSavedDataChecks(deps);
  const submission = createSubmission(deps);
  const {
    owned,
    ownedOpen,
    assertStartable,
    withLockedTransaction,
    withLockedOpenTransaction,
    infoOf,
    info,
  } = access;

  /**
   * Transaction info as the bytes of its success envelope, checked against the shared schema when
   * built and kept per snapshot (ADR 0005: a snapshot is replaced on every write, so this goes with
   * it) until the form's expiry flips `isExpired`.
   */
  const encodedInfo = encodedEnvelopes<TransactionSnapshot>();
  async function infoEncoded(profileId: string, ref: { orgId: string; txnId: string }): Promise<Buffer> {
    const snap = await owned(profileId, ref);
    // Not cached: the reason is the profile's, which may change after the request closed.
    const reason = await access.closedReason(snap);
    if (reason)
      return encodedOk(
        JSON.stringify(transactionInfoSchema.parse({ ...(await infoOf(snap)), closedReason: reason })),
      );
    const at = now().getTime();
    const hit = encodedInfo.get(snap, at);
    if (hit) return hit;
    const json = JSON.stringify(transactionInfoSchema.parse(await infoOf(snap)));
    const expiresAt = snap.form.expiry * 1000;
    return encodedInfo.set(snap, json, snap.form.expiry !== -1 && at <= expiresAt ? expiresAt + 1 : Infinity);
  }

  /**
   * `infoEncoded`'s answer when memory alone holds it (the caller's snapshot cached, its envelope kept,
   * the transaction not closed: a closed one's reason asks the consent ledger); undefined otherwise,
   * then `infoEncoded` answers. The hot read's path without a promise (issue 31 §4).
   */
  function infoEncodedFromMemory(
    profileId: string,
    ref: { orgId: string; txnId: string },
  ): Buffer | undefined {
    const snap = access.ownedFromMemory(profileId, ref);
    if (!snap || snap.txn.state === 'CLOSED') return undefined;
    return encodedInfo.get(snap, now().getTime());
  }

  return {
    info,
    infoEncoded,
    infoEncodedFromMemory,

    ...createVerificationActions(deps, access, checks),
    ...createTransactionPorts(deps, access, checks, submission),
    ...createSourcePorts(deps, access, checks),
    ...createInstitutionPorts(deps, access),
    ...createTeamActions(deps, access),
    ...createPrivacyPorts(deps, access),
    ...createInsufficiencyRounds(deps, access),

    async create(profileId: string, body: CreateTransactionRequest): Promise<CreateTransactionResponse> {
      const found = await forms.findOrgForm(body.orgId, body.eKycFormId);
      if (!found) throw new AppError('ORG_NOT_FOUND');
      const { org, form } = found;
      if (!form) throw new AppError('FORM_NOT_FOUND');
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

    /**
     * What the privacy notice of the caller's transaction names (ADR 0049): its organisation and form,
     * the form's verification types, its evaluation partner (when the form has one) and its state.
     */
    async noticeSubject(profileId: string, ref: TransactionRef): Promise<NoticeSubject> {
      const snap = await owned(profileId, ref);
      return {
        txnId: snap.txn.id,
        orgId: snap.txn.orgId,
        formId: snap.form.id,
        organisation: snap.org.name,
        form: snap.form.name,
        verificationTypes: snap.form.verifications.map((v) => v.name),
        partnerRequired: snap.form.evaluationPartnerRequired,
        partner: snap.txn.evalProvider,
        state: snap.txn.state,
      };
    },

    /** Start: NOT_INITIALIZED → DATA_SAVED; once started, answers the info unchanged. */
    async process(profileId: string, ref: TransactionRef): Promise<TransactionInfo> {
      const snap = await owned(profileId, ref);
      if (snap.txn.state === 'NOT_INITIALIZED') {
        await assertStartable(snap);
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
      return { total, list: rows.map(candidateTransactionOf) };
    },

    async history(
      profileId: string,
      query: { formId: string; orgId: string },
    ): Promise<{ list: HistoryEntry[]; total: number }> {
      const rows = await repo.history(profileId, query.formId, query.orgId, HISTORY_LIMIT);
      const list = rows.map(historyEntryOf);
      return { list, total: list.length };
    },

    async purposes(
      profileId: string,
      query: { formId: string; orgId: string; id?: string | undefined; seed: number; count: number },
    ): Promise<{ list: PreStartQuestion[]; total: number }> {
      // The caller's transaction (cached) names its form: no form read when it is the one asked. The
      // form's organisation is still judged first (119), as the route always has.
      const snap = query.id
        ? await owned(profileId, { orgId: query.orgId, txnId: query.id }).catch((error: unknown) => {
            if (error instanceof AppError && error.errorName === 'TRANSACTION_ACCESS_DENIED') return null;
            throw error;
          })
        : null;
      const form = snap?.form.id === query.formId ? snap.form : await forms.findForm(query.formId);
      if (!form || form.orgId !== query.orgId) throw new AppError('FORM_NOT_FOUND');
      if (query.id && (!snap || snap.txn.formId !== form.id)) throw new AppError('TRANSACTION_ACCESS_DENIED');
      const answers = snap?.answers ?? {};
      const all = questionsWithAnswers(await forms.listQuestions(form.id), answers);
      return { list: all.slice(query.seed, query.seed + query.count), total: all.length };
    },

    /** Saves the pre-start answers: every required question answered, each answer one of its options. */
    async saveAnswers(
      profileId: string,
      body: UserResponseRequest,
    ): Promise<{ list: PreStartQuestion[]; total: number }> {
      const snap = await ownedOpen(profileId, body);
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

    /**
     * Submit: nothing remaining (every verification ready to submit or skipped), the minimum set met,
     * no payment required; the transaction and its READY_TO_SUBMIT records move to SUBMITTED.
     */
    async submit(profileId: string, ref: TransactionRef): Promise<TransactionInfo> {
      const snap = await owned(profileId, ref);
      if (snap.txn.state === 'SUBMITTED') return infoOf(snap);
      // A paid form is submitted by its payment's success (settlePayment); this route too once it is paid.
      const paidByCandidate = candidatePays(snap.form);
      if (paidByCandidate && snap.paidOrders.length === 0) throw new AppError('PAYMENT_REQUIRED');
      const at = now();
      const context = { action: 'submit', profileId, now: at };
      // Read past the snapshot cache: what is judged must be what is stored.
      const judged = await checks.judgeStored(profileId, snap, await repo.records(snap.txn.id), at);
      await withLockedTransaction(snap.txn.id, async (ops, txn) => {
        // Paid for exactly what is submitted: the successful order's quote is the current one (checked
        // after what is missing, which the candidate must finish first).
        if (paidByCandidate && payments && OPEN_TRANSACTION_STATES.includes(txn.state)) {
          const records = await ops.records(txn.id);
          if (txn.state !== 'NOT_INITIALIZED') assertSubmittableRecords(snap, txn, records);
          await payments.assertPaidFor(ops.scope, { txn, records });
        }
        const submitting = txn.state !== 'SUBMITTED';
        await submission.submitLocked(ops, txn, snap, judged, context);
        // The organisation pays: charged in this database transaction, so a refusal (320) undoes it all.
        if (submitting && snap.form.payer === 'organisation' && orgBilling)
          await orgBilling.chargeSubmission(ops.scope, {
            txn,
            form: snap.form,
            records: await ops.records(txn.id),
            at,
          });
      });
      return info(profileId, ref);
    },
  };
}
export type TransactionsService = ReturnType<typeof createTransactionsService>;
