import type {
  InsufficiencyHistory,
  OpsAssignResponse,
  OpsCase,
  OpsCaseDocument,
  OpsCaseList,
  OpsCaseListQuery,
  OpsDecisionRequest,
  OpsDecisionResponse,
  OpsExpectedDateResponse,
  OpsLockReleaseResponse,
  OpsLockResponse,
  OpsVerificationLock,
  VerificationConfig,
} from '@veridocs/shared';
import { createHmac } from 'node:crypto';
import { OPS_API_PATHS, verificationTypeOf } from '@veridocs/shared';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import type { FilesService } from '../files/files-service.js';
import type { OpsAuthService, OpsOrigin, OpsUser } from '../ops-auth/ops-auth-service.js';
import {
  insufficiencyRoundsOf,
  ISSUER_SOURCE_KEY,
  type IssuerSourceMark,
  type TransactionsService,
  verifiedAtSourceOf,
} from '../transactions/transactions-service.js';
import {
  auditedQuery,
  decodeCursor,
  displayValue,
  encodeCursor,
  fileIdsIn,
  labelsOf,
  maskMobile,
  queueFilter,
} from './ops-cases.js';
import type { LockRow, OpsRepository } from './ops-repository.js';

/** How long a verification lock lives unless its holder renews it (ADR 0026). */
export const LOCK_SECONDS = 5 * 60;
const TIMELINE_LIMIT = 500;

const iso = (d: Date) => d.toISOString();
const lockOf = (row: LockRow): OpsVerificationLock => ({
  staffId: row.staffId,
  name: row.staffName,
  expiresAt: iso(row.expiresAt),
});

/**
 * The verification team's case work (issue 14, ADR 0019/0020/0026): the queues, a case, its documents,
 * assignment, verification locks, the expected date, and decisions. Every action is audited by the
 * ops-auth module, in the same database transaction as the change.
 */
/** The key searched mobile numbers and names are audited under, derived from the ops key for this only. */
export function deriveSearchAuditKey(opsKey: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', opsKey).update('veridocs:ops-audit-search:v1').digest());
}

export function createOpsService(deps: {
  repo: OpsRepository;
  transactions: Pick<
    TransactionsService,
    'opsDecide' | 'insufficiencyHistory' | 'opsWithTransaction' | 'opsAssign' | 'opsSetExpectedDate'
  >;
  files: Pick<FilesService, 'openAttached'>;
  auth: Pick<OpsAuthService, 'audit'>;
  /** Keys the HMAC a searched mobile number or name is audited as (deriveSearchAuditKey). */
  searchKey: Uint8Array;
  configs: () => Promise<ReadonlyMap<string, VerificationConfig>>;
  now: () => Date;
}) {
  const { repo, now } = deps;
  const txnKey = (txnId: string) => {
    if (!isUuid(txnId)) throw new AppError('TRANSACTION_NOT_FOUND');
    return txnId.toLowerCase();
  };

  /** 220 when someone else holds a live lock on the verification (run with the transaction row locked). */
  async function refuseOthersLock(scope: DbScope, txnId: string, name: string, staffId: string) {
    const held = (await repo.liveLocks(scope, txnId, now())).find((l) => l.verificationName === name);
    if (held && held.staffId !== staffId)
      throw new AppError('VERIFICATION_LOCKED', undefined, { lock: lockOf(held) });
  }

  /**
   * A decision under the verification's lock (another's is 220), audited in its database transaction;
   * from an issuer's answer, its mark joins the record and the audit, and `within` writes beside it.
   */
  function decideAudited(
    staff: OpsUser,
    txnId: string,
    decision: OpsDecisionRequest,
    origin: OpsOrigin,
    fromSource?: { source: IssuerSourceMark; within: (scope: DbScope) => Promise<void> },
  ): Promise<OpsDecisionResponse> {
    const { verificationName, state, ...rest } = decision;
    return deps.transactions.opsDecide(
      txnId,
      decision,
      staff.staffId,
      async (scope) => {
        if (fromSource) await fromSource.within(scope);
        await deps.auth.audit(
          {
            staffId: staff.staffId,
            action: 'verification.decide',
            targetType: 'verification',
            targetId: `${txnId.toLowerCase()}/${verificationName}`,
            detail: fromSource ? { state, ...rest, source: fromSource.source } : { state, ...rest },
            ip: origin.ip,
          },
          scope,
        );
      },
      (scope, id) => refuseOthersLock(scope, id, verificationName, staff.staffId),
      fromSource?.source,
    );
  }

  return {
    /**
     * The candidate's, organisation's and form's names of cases (the institutions module's e-mails and
     * queue, the organisation's notifications).
     */
    async caseNames(
      txnIds: readonly string[],
    ): Promise<Map<string, { candidateName: string; organisation: string; formName: string }>> {
      const rows = await repo.caseNames(txnIds.filter(isUuid).map((id) => id.toLowerCase()));
      return new Map(rows.map(({ txnId, ...names }) => [txnId, names]));
    },

    decide: (staff: OpsUser, txnId: string, decision: OpsDecisionRequest, origin: OpsOrigin) =>
      decideAudited(staff, txnId, decision, origin),

    /**
     * The issuer's own answer matched (API Setu, issue 26), or an institution answered the team's
     * request (issue 27): the verification is COMPLETED (or FAILED) by the team member, with the mark, under the same lock and audit as a decision; `within`
     * writes the caller's evidence row in that database transaction.
     */
    decideFromSource: (
      staff: OpsUser,
      txnId: string,
      verificationName: string,
      source: IssuerSourceMark,
      origin: OpsOrigin,
      within: (scope: DbScope) => Promise<void>,
      /** An institution's answer (issue 27) may also fail it, with the team's reason. */
      outcome: { state: 'COMPLETED' } | { state: 'FAILED'; reason: string } = { state: 'COMPLETED' },
    ) => decideAudited(staff, txnId, { verificationName, ...outcome }, origin, { source, within }),

    async history(staff: OpsUser, txnId: string, origin: OpsOrigin): Promise<InsufficiencyHistory> {
      const history = await deps.transactions.insufficiencyHistory(txnId);
      await deps.auth.audit({
        staffId: staff.staffId,
        action: 'insufficiency.read',
        targetType: 'transaction',
        targetId: history.txnId,
        ip: origin.ip,
      });
      return history;
    },

    /**
     * One keyset page of a queue (ADR 0026). Audited (issue 23): a list shows names and the owners of
     * searched numbers; the row records the query (auditedQuery), how many cases it answered and, for a
     * search, which.
     */
    async list(staff: OpsUser, query: OpsCaseListQuery, origin: OpsOrigin): Promise<OpsCaseList> {
      const after = decodeCursor(query);
      const rows = await repo.queuePage(queueFilter(query), after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      await deps.auth.audit({
        staffId: staff.staffId,
        action: 'cases.list',
        detail: {
          ...auditedQuery(query, deps.searchKey),
          count: page.length,
          ...(query.q ? { txnIds: page.map((r) => r.id) } : {}),
        },
        ip: origin.ip,
      });
      return {
        list: page.map((r) => ({
          txnId: r.id,
          candidateName: r.candidateName || null,
          mobileMasked: maskMobile(r.mobile),
          orgId: r.orgId,
          orgName: r.orgName,
          formId: r.formId,
          formName: r.formName,
          state: r.state,
          queue: r.queue,
          fastTrack: r.rank === 0,
          deadline: r.expectedMaxDate ? iso(r.expectedMaxDate) : null,
          submittedAt: r.submittedAt ? iso(r.submittedAt) : null,
          verificationCount: r.verificationCount,
          assignee: r.assigneeId ? { staffId: r.assigneeId, name: r.assigneeName ?? '' } : null,
        })),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor(query, {
                rank: last.rank,
                deadline: last.deadlineKey,
                since: last.sinceKey,
                id: last.id,
              })
            : null,
      };
    },

    /** The whole case (schemas/ops-cases.ts); the read is audited. */
    async caseView(staff: OpsUser, txnId: string, origin: OpsOrigin): Promise<OpsCase> {
      const id = txnKey(txnId);
      const head = await repo.caseHead(id);
      if (!head) throw new AppError('TRANSACTION_NOT_FOUND');
      const at = now();
      const [parts, configs] = await Promise.all([repo.caseParts(id, at), deps.configs()]);
      const { txn, profile } = head;
      const names = new Map(parts.documents.map((d) => [d.id, d.originalName]));
      const byId = new Map(parts.documents.map((d) => [d.id, d]));
      const document = (fileId: string, fieldKey: string | null): OpsCaseDocument | null => {
        const d = byId.get(fileId);
        if (!d) return null;
        const text = d.ocrText?.trim();
        return {
          fileId: d.id,
          fieldKey,
          originalName: d.originalName,
          mimeType: d.mimeType,
          sizeBytes: d.size,
          pageCount: d.pageCount,
          state: d.state,
          issues: d.issues,
          ocrStatus: d.ocrStatus,
          ocrText: text ? text.slice(0, 2000) : null,
          fileUrl: OPS_API_PATHS.file(d.id),
          uploadedAt: iso(d.createdAt),
        };
      };
      const rounds = insufficiencyRoundsOf(parts.rounds, parts.answers);
      const locks = new Map(parts.locks.map((l) => [l.verificationName, lockOf(l)]));
      const verifications = parts.records.map((rec) => {
        const { label, fields, options } = labelsOf(rec.name, configs);
        const data = rec.data ?? {};
        // The server's own mark of a verification completed at its source is not something the candidate
        // gave: its evidence is the case's issuer pulls (GET …/issuer-sources), not a field.
        const keys = [
          ...new Set([...[...fields.keys()].filter((k) => k in data), ...Object.keys(data)]),
        ].filter((key) => key !== ISSUER_SOURCE_KEY);
        const own = rounds.filter((r) => r.verificationName === rec.name);
        const refs = [
          ...fileIdsIn(data),
          ...own.flatMap((r) => r.answers.map((a) => ({ key: a.key, fileId: a.fileId.toLowerCase() }))),
        ];
        const seen = new Set<string>();
        const documents = refs.flatMap((ref) => {
          if (seen.has(ref.fileId)) return [];
          seen.add(ref.fileId);
          const doc = document(ref.fileId, ref.key);
          return doc ? [doc] : [];
        });
        return {
          name: rec.name,
          label,
          category: rec.category,
          subType: rec.subType,
          state: rec.state,
          markedAsSkip: rec.markedAsSkip,
          fields: keys.map((key) => ({
            key,
            label: fields.get(key) ?? key,
            value:
              (typeof data[key] === 'string' ? options.get(key)?.get(data[key]) : undefined) ??
              displayValue(data[key], names),
          })),
          documents,
          insufficiencies: own,
          lock: locks.get(rec.name) ?? null,
          updatedAt: iso(rec.updatedAt),
          // How it was verified at its source (issuer pull, institution's answer), from the record's mark.
          verifiedAtSource: verifiedAtSourceOf(rec),
        };
      });
      const aadhaar = parts.records.find((r) => verificationTypeOf(r.name) === 'aadhaar');
      const passport = parts.records.find((r) => verificationTypeOf(r.name) === 'passport');
      const done = (r: { state: string } | undefined) =>
        r && r.state !== 'NOT_INITIALIZED' && r.state !== 'DATA_SAVED';
      let identity: OpsCase['identity'] = null;
      if (aadhaar && (profile.aadhaarVerifiedAt || done(aadhaar)))
        identity = {
          method: 'aadhaar',
          state: aadhaar.state,
          name: profile.verifiedName,
          documentNumber: profile.aadhaarLast4,
          verifiedAt: profile.aadhaarVerifiedAt ? iso(profile.aadhaarVerifiedAt) : null,
        };
      else if (passport && done(passport)) {
        const d = passport.data;
        const name = [d.givenName, d.surname].filter((v) => typeof v === 'string' && v).join(' ');
        identity = {
          method: 'passport',
          state: passport.state,
          name: name || (typeof d.name === 'string' ? d.name : null),
          documentNumber: typeof d.passportNumber === 'string' ? d.passportNumber : null,
          verifiedAt: passport.state === 'COMPLETED' ? iso(passport.updatedAt) : null,
        };
      }
      const view: OpsCase = {
        txnId: txn.id,
        state: txn.state,
        queue: txn.queue,
        fastTrack: txn.queueRank === 0,
        deadline: txn.expectedMaxDate ? iso(txn.expectedMaxDate) : null,
        submittedAt: txn.submittedAt ? iso(txn.submittedAt) : null,
        createdAt: iso(txn.createdAt),
        assignee: txn.assigneeStaffId
          ? { staffId: txn.assigneeStaffId, name: head.assigneeName ?? '' }
          : null,
        candidate: {
          profileId: profile.id,
          name: profile.name || null,
          verifiedName:
            profile.verifiedName && profile.verifiedName !== profile.name ? profile.verifiedName : null,
          mobile: profile.mobile,
          email: null,
          dateOfBirth: profile.dateOfBirth ?? profile.basicDetails?.dateOfBirth ?? null,
        },
        organisation: { id: txn.orgId, name: head.orgName },
        form: { id: txn.formId, name: head.formName },
        identity,
        evaluationPartner:
          txn.evalProvider && txn.evalReference
            ? {
                provider: txn.evalProvider,
                reference: txn.evalReference,
                emailMasked: txn.evalEmailMasked,
                validatedAt: txn.evalValidatedAt ? iso(txn.evalValidatedAt) : null,
              }
            : null,
        payments: parts.orders.map((o) => ({
          orderId: o.id,
          status: o.status,
          amount: o.amount,
          currency: o.currency,
          provider: o.provider,
          express: o.express,
          createdAt: iso(o.createdAt),
          refunds: parts.refunds
            .filter((r) => r.orderId === o.id)
            .map((r) => ({
              id: r.id,
              amount: r.amount,
              status: r.status,
              reason: r.reason,
              createdAt: iso(r.createdAt),
            })),
        })),
        verifications,
        timeline: parts.changes.slice(0, TIMELINE_LIMIT).map((c) => ({
          at: iso(c.at),
          entity: c.entity,
          verificationName: c.verificationName,
          fromState: c.fromState,
          toState: c.toState,
          action: c.action,
        })),
        resultsPurgedAt: txn.resultsPurgedAt ? iso(txn.resultsPurgedAt) : null,
      };
      await deps.auth.audit({
        staffId: staff.staffId,
        action: 'case.read',
        targetType: 'transaction',
        targetId: id,
        ip: origin.ip,
      });
      return view;
    },

    /** A case document's bytes (only a file attached to a transaction); audited. */
    async file(staff: OpsUser, fileId: string, download: boolean, origin: OpsOrigin) {
      const content = await deps.files.openAttached(fileId);
      await deps.auth.audit({
        staffId: staff.staffId,
        action: download ? 'case.file.download' : 'case.file.read',
        targetType: 'file',
        targetId: fileId.toLowerCase(),
        detail: { txnId: content.txnId },
        ip: origin.ip,
      });
      return content;
    },

    /** Assigns the case to oneself (staffId omitted), another team member, or nobody (null); audited. */
    async assign(
      staff: OpsUser,
      txnId: string,
      target: string | null | undefined,
      origin: OpsOrigin,
    ): Promise<OpsAssignResponse> {
      const id = txnKey(txnId);
      const staffId = target === undefined ? staff.staffId : target;
      let assignee: OpsAssignResponse['assignee'] = null;
      if (staffId !== null) {
        const found = isUuid(staffId) ? await repo.activeStaff(staffId.toLowerCase()) : undefined;
        if (!found) throw new AppError('STAFF_NOT_FOUND');
        assignee = { staffId: found.id, name: found.name };
      }
      await deps.transactions.opsAssign(id, assignee?.staffId ?? null, (scope, key) =>
        deps.auth.audit(
          {
            staffId: staff.staffId,
            action: 'case.assign',
            targetType: 'transaction',
            targetId: key,
            detail: { assignee: assignee?.staffId ?? null },
            ip: origin.ip,
          },
          scope,
        ),
      );
      return { txnId: id, assignee };
    },

    /**
     * Takes or renews the caller's lock on one verification for LOCK_SECONDS; another's live lock: 220
     * with `data.lock`. The transaction row is locked meanwhile, as a decision holds it.
     */
    lock(staff: OpsUser, txnId: string, name: string): Promise<OpsLockResponse> {
      return deps.transactions.opsWithTransaction(txnId, async (scope, txn) => {
        const names = await repoRecordNames(scope, txn.id);
        if (!names.includes(name))
          throw new AppError('VERIFICATION_NOT_IN_FORM', `${name} is not part of this request`);
        const at = now();
        const row = await repo.claimLock(scope, {
          txnId: txn.id,
          verificationName: name,
          staffId: staff.staffId,
          now: at,
          expiresAt: new Date(at.getTime() + LOCK_SECONDS * 1000),
        });
        if (!row) {
          await refuseOthersLock(scope, txn.id, name, staff.staffId);
          throw new AppError('VERIFICATION_LOCKED');
        }
        return {
          verificationName: name,
          lock: { staffId: staff.staffId, name: staff.name, expiresAt: iso(row.expiresAt) },
        };
      });
    },

    /** Releases the caller's lock (nothing to release is not an error: `released` false). */
    async unlock(staff: OpsUser, txnId: string, name: string): Promise<OpsLockReleaseResponse> {
      const id = txnKey(txnId);
      const released = await repo.releaseLock(repo.scope, id, name, staff.staffId);
      return { verificationName: name, released };
    },

    /** The expected completion date the candidate sees; audited. */
    async expectedDate(
      staff: OpsUser,
      txnId: string,
      date: string,
      origin: OpsOrigin,
    ): Promise<OpsExpectedDateResponse> {
      const result = await deps.transactions.opsSetExpectedDate(txnKey(txnId), date, (scope, key) =>
        deps.auth.audit(
          {
            staffId: staff.staffId,
            action: 'case.expected-date',
            targetType: 'transaction',
            targetId: key,
            detail: { date },
            ip: origin.ip,
          },
          scope,
        ),
      );
      return { txnId: result.txnId, deadline: result.expectedMaxDate };
    },
  };

  function repoRecordNames(scope: DbScope, txnId: string): Promise<string[]> {
    return repo.recordNames(scope, txnId);
  }
}
export type OpsService = ReturnType<typeof createOpsService>;
