import { randomUUID } from 'node:crypto';
import {
  API_PATHS,
  type CaseInstitutionRequests,
  type DecideFromAnswer,
  type InstitutionAnswer,
  type InstitutionRequest,
  type InstitutionRequestList,
  type InstitutionRequestListQuery,
  type OpsDecisionResponse,
  type SendInstitutionRequest,
} from '@veridocs/shared';
import { AppError, validationFailed } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import type { OpsOrigin, OpsUser } from '../ops-auth/ops-auth-service.js';
import { contactView } from './directory-service.js';
import type { InstitutionsDeps } from './institutions-deps.js';
import { claimedFacts, institutionNamed, nameKeyOf, type NamedInstitution } from './institutions-fns.js';
import type { InstitutionRow } from './institutions-repository.js';
import { hashLinkToken, linkTokenFor } from './institution-links.js';
import {
  isUniqueViolation,
  OPEN_ITEM_INDEX,
  type AnswerRow,
  type RequestRow,
} from './requests-repository.js';

/** A disclosure's detail: the verifications asked about and how many documents went (no facts). */
export function disclosureDetail(claims: readonly { label: string; fileIds: readonly string[] }[]): string {
  const documents = claims.reduce((n, c) => n + c.fileIds.length, 0);
  return `${claims.map((c) => c.label).join(', ')}; ${documents} ${documents === 1 ? 'document' : 'documents'}`;
}

const REFERENCE_SOURCE = {
  institute: API_PATHS.utility.institutes,
  board: API_PATHS.utility.boards,
} as const;

export const answerView = (a: AnswerRow): InstitutionAnswer => ({
  id: a.id,
  requestId: a.requestId,
  verificationName: a.verificationName,
  responderName: a.responderName,
  designation: a.designation,
  fromEmail: a.fromEmail,
  facts: a.facts,
  allConfirmed: a.allConfirmed,
  letterFileId: a.letterFileId,
  answeredAt: a.answeredAt.toISOString(),
  correctsAnswerId: a.correctsAnswerId,
});

/** The candidate's uploads a verification's data names (every `{ fileId }` in it). */
export function fileIdsOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) fileIdsOf(v, out);
  else if (value && typeof value === 'object') {
    const { fileId } = value as { fileId?: unknown };
    if (typeof fileId === 'string' && isUuid(fileId)) out.push(fileId.toLowerCase());
    else for (const v of Object.values(value)) fileIdsOf(v, out);
  }
  return out;
}

/**
 * The team's side of requests to institutions (issue 27): what a case can ask of whom, sending one
 * request to one confirmed contact, and deciding a verification from the institution's latest answer
 * through ops' one audited decision path.
 */
export function createRequestsService(deps: InstitutionsDeps) {
  const { directory, requests, transactions, now } = deps;
  const txnKey = (txnId: string) => {
    if (!isUuid(txnId)) throw new AppError('TRANSACTION_NOT_FOUND');
    return txnId.toLowerCase();
  };
  async function contextOf(txnId: string) {
    const context = await transactions.reportContext(txnKey(txnId));
    if (!context) throw new AppError('TRANSACTION_NOT_FOUND');
    return context;
  }

  /** The verifications being checked whose data names an institution, with its name. */
  async function namedRecords(context: NonNullable<Awaited<ReturnType<typeof transactions.reportContext>>>) {
    const named = context.snap.records.flatMap((r) => {
      if (r.state !== 'IN_PROGRESS') return [];
      const institution = institutionNamed(r.data);
      return institution ? [{ record: r, institution }] : [];
    });
    const names = new Map<string, string>();
    for (const kind of ['institute', 'board'] as const) {
      const values = named.flatMap((n) =>
        n.institution.kind === kind && n.institution.refValue ? [n.institution.refValue] : [],
      );
      if (values.length === 0) continue;
      for (const [value, name] of await deps.reference.resolve(REFERENCE_SOURCE[kind], values))
        names.set(`${kind}:${value}`, name);
    }
    const nameOf = (i: NamedInstitution) =>
      i.typedName ?? names.get(`${i.kind}:${i.refValue ?? ''}`) ?? i.refValue ?? '';
    return named.map((n) => ({ ...n, name: nameOf(n.institution) }));
  }

  /** Whether a directory entry is the institution a verification names. */
  const matches = (entry: InstitutionRow, named: NamedInstitution, name: string) =>
    entry.kind === named.kind &&
    (named.refValue ? entry.refValue === named.refValue : entry.nameKey === nameKeyOf(name));

  async function requestViews(rows: readonly RequestRow[]): Promise<InstitutionRequest[]> {
    const answers = await requests.answersOfRequests(rows.map((r) => r.id));
    const entries = new Map<string, InstitutionRow | undefined>();
    const emails = new Map<string, string>();
    for (const r of rows) {
      if (!entries.has(r.institutionId)) entries.set(r.institutionId, await directory.find(r.institutionId));
      if (!emails.has(r.contactId))
        emails.set(r.contactId, (await directory.findContact(r.contactId))?.email ?? '');
    }
    return rows.map((r) => {
      const entry = entries.get(r.institutionId);
      return {
        id: r.id,
        institution: { id: r.institutionId, name: entry?.name ?? '', kind: entry?.kind ?? 'institute' },
        contactEmail: emails.get(r.contactId) ?? '',
        status: r.status,
        verificationNames: r.claims.map((c) => c.verificationName),
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
        linkExpiresAt: r.linkExpiresAt.toISOString(),
        remindersSent: r.remindersSent,
        nextReminderAt: r.nextReminderAt?.toISOString() ?? null,
        escalatedAt: r.escalatedAt?.toISOString() ?? null,
        answers: answers.filter((a) => a.requestId === r.id).map(answerView),
      };
    });
  }

  async function caseView(txnId: string): Promise<CaseInstitutionRequests> {
    const context = await contextOf(txnId);
    const id = context.snap.txn.id;
    const named = await namedRecords(context);
    const byRef = new Map<string, InstitutionRow>();
    for (const kind of ['institute', 'board', 'employer'] as const) {
      const ofKind = named.filter((n) => n.institution.kind === kind);
      const refs = ofKind.flatMap((n) => (n.institution.refValue ? [n.institution.refValue] : []));
      const keys = ofKind.flatMap((n) => (n.institution.refValue ? [] : [nameKeyOf(n.name)]));
      for (const e of [
        ...(await directory.findByRef(kind, refs)),
        ...(await directory.findByNameKey(kind, keys)),
      ])
        byRef.set(e.id, e);
    }
    const entries = [...byRef.values()];
    const contacts = await directory.contactsOf(entries.map((e) => e.id));
    const open = await requests.openItems(id);
    const [consent, rows] = await Promise.all([transactions.contactConsent(id), requests.requestsOfTxn(id)]);
    return {
      consent,
      askable: named.map(({ record, institution, name }) => {
        const entry = entries.find((e) => matches(e, institution, name));
        return {
          verificationName: record.name,
          label: context.info.verificationList[record.name]?.label ?? record.name,
          institution: {
            kind: institution.kind,
            name: entry?.name ?? name,
            refValue: institution.refValue,
            id: entry?.id ?? null,
            contacts: entry ? contacts.filter((c) => c.institutionId === entry.id).map(contactView) : [],
            method: entry?.method ?? null,
          },
          openRequestId: open.get(record.name) ?? null,
        };
      }),
      requests: await requestViews(rows),
    };
  }

  return {
    caseView,

    /**
     * The candidate withdrew (issue 29, ADR 0049): the case's requests still waiting are withdrawn and
     * their links stop working; answered ones stay. Idempotent; answers how many were withdrawn now.
     */
    async withdrawForTxn(txnId: string): Promise<number> {
      const ids = await requests.cancelOpenOfTxn(txnId);
      if (ids.length > 0) await deps.onRequestChanged?.(txnId);
      return ids.length;
    },

    /** The team's queue of requests across cases (escalated ones by default). */
    async list(query: InstitutionRequestListQuery): Promise<InstitutionRequestList> {
      const { rows, total } = await requests.requestsByStatus(query.status, query.offset, query.limit);
      const views = await requestViews(rows);
      // The candidate's name as it is now (the profile's), not as a claim once copied it.
      const names = await deps.ops.caseNames(rows.map((r) => r.txnId));
      return {
        items: views.map(({ answers: _answers, ...view }, i) => ({
          ...view,
          txnId: rows[i]!.txnId,
          candidateName: names.get(rows[i]!.txnId)?.candidateName ?? '',
        })),
        total,
      };
    },

    /** One request to one confirmed contact for chosen verifications of the case (audited). */
    async send(
      staff: OpsUser,
      txnId: string,
      body: SendInstitutionRequest,
      origin: OpsOrigin,
    ): Promise<CaseInstitutionRequests> {
      const context = await contextOf(txnId);
      const id = context.snap.txn.id;
      const consent = await transactions.contactConsent(id);
      if (!consent) throw new AppError('CONTACT_CONSENT_MISSING');
      const entry = isUuid(body.institutionId)
        ? await directory.find(body.institutionId.toLowerCase())
        : undefined;
      if (!entry) throw new AppError('INSTITUTION_NOT_FOUND');
      const contact = isUuid(body.contactId)
        ? await directory.findContact(body.contactId.toLowerCase())
        : undefined;
      if (!contact || contact.institutionId !== entry.id || !contact.confirmedAt || contact.removedAt)
        throw new AppError('CONTACT_NOT_CONFIRMED');
      const names = [...new Set(body.verificationNames)];
      const named = await namedRecords(context);
      const chosen = names.map((name, index) => {
        const found = named.find((n) => n.record.name === name);
        if (!found || !matches(entry, found.institution, found.name))
          throw validationFailed([
            {
              path: `verificationNames.${index}`,
              message: `${name} is not being checked or does not name ${entry.name}`,
            },
          ]);
        return found;
      });
      const open = await requests.openItems(id);
      if (names.some((n) => open.has(n))) throw new AppError('REQUEST_ALREADY_OPEN');
      const target = await transactions.opsSourceTarget(id, names[0]!);
      const claims = chosen.map(({ record }) => ({
        verificationName: record.name,
        label: context.info.verificationList[record.name]?.label ?? record.name,
        facts: claimedFacts(record.name, record.data, target.profileName),
        fileIds: [...new Set(fileIdsOf(record.data))],
      }));
      const at = now();
      const requestId = randomUUID();
      try {
        await requests.insertRequest(
          {
            id: requestId,
            institutionId: entry.id,
            contactId: contact.id,
            txnId: id,
            orgId: context.snap.txn.orgId,
            staffId: staff.staffId,
            claims,
            consent,
            linkTokenHash: hashLinkToken(linkTokenFor(deps.keys.institutions, requestId, contact.id)),
            linkExpiresAt: new Date(at.getTime() + deps.config.linkTtlDays * 86_400_000),
            createdAt: at,
          },
          names,
          at,
          // The institution receives the claimed facts and the documents (ADR 0049 "Disclosures").
          async (scope) => {
            await deps.disclose?.(scope, {
              profileId: context.snap.txn.profileId,
              txnId: id,
              recipientKind: 'institution',
              recipientName: entry.name,
              what: 'request',
              detail: disclosureDetail(claims),
              at,
            });
          },
        );
      } catch (error) {
        // Two verifiers at once: the partial unique index keeps one open request per verification.
        if (isUniqueViolation(error, OPEN_ITEM_INDEX)) throw new AppError('REQUEST_ALREADY_OPEN');
        throw error;
      }
      await deps.auth.audit({
        staffId: staff.staffId,
        action: 'institution.request',
        targetType: 'transaction',
        targetId: id,
        detail: { requestId, institutionId: entry.id, contactId: contact.id, verificationNames: names },
        ip: origin.ip,
      });
      await deps.onRequestChanged?.(id);
      deps.kick?.();
      return caseView(id);
    },

    /**
     * Completes or fails a verification from the institution's latest answer about it, through ops'
     * audited decision (lock, audit) with the institution's mark on the record.
     */
    async decideFromAnswer(
      staff: OpsUser,
      txnId: string,
      name: string,
      body: DecideFromAnswer,
      origin: OpsOrigin,
    ): Promise<OpsDecisionResponse> {
      const id = txnKey(txnId);
      const answer = isUuid(body.answerId)
        ? await requests.findAnswer(body.answerId.toLowerCase())
        : undefined;
      if (!answer || answer.txnId !== id || answer.verificationName !== name)
        throw new AppError('ANSWER_NOT_FOUND');
      const latest = await requests.latestAnswer(id, name);
      if (latest?.id !== answer.id)
        throw new AppError('INVALID_TRANSITION', 'A later answer corrects this one: decide from the latest', {
          latestAnswerId: latest?.id ?? null,
        });
      // A difference the verifier judges immaterial (a spelling, a rounded mark) may be completed with a
      // note saying why; a fact the institution has no record of may not.
      if (body.state === 'COMPLETED' && !answer.allConfirmed) {
        const noRecord = answer.facts.filter((f) => f.verdict === 'no_record').map((f) => f.label);
        if (noRecord.length > 0)
          throw new AppError(
            'INVALID_TRANSITION',
            `The institution has no record of: ${noRecord.join(', ')}. Fail it, or ask the institution again`,
          );
        if (!body.reason) {
          const differs = answer.facts
            .filter((f) => f.verdict === 'differs')
            .map((f) => `${f.label} (on record: ${f.onRecord ?? ''})`);
          throw validationFailed([
            {
              path: 'reason',
              message: `The institution's answer differs: ${differs.join(', ')}. Say why it can be completed`,
            },
          ]);
        }
      }
      if (body.state === 'FAILED' && !body.reason)
        throw validationFailed([{ path: 'reason', message: 'Say why the verification failed' }]);
      const request = await requests.findRequest(answer.requestId);
      const entry = request ? await directory.find(request.institutionId) : undefined;
      const decided = await deps.ops.decideFromSource(
        staff,
        id,
        name,
        {
          channel: 'institution',
          issuer: entry?.name ?? '',
          doctype: '',
          pullId: answer.id,
          at: answer.answeredAt.toISOString(),
          responder: { name: answer.responderName, designation: answer.designation },
          ...(body.state === 'COMPLETED' && body.reason ? { note: body.reason } : {}),
        },
        origin,
        async () => undefined,
        body.state === 'FAILED' ? { state: 'FAILED', reason: body.reason ?? '' } : { state: 'COMPLETED' },
      );
      return decided;
    },
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;
