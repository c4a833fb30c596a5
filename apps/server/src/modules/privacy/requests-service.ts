import {
  PRIVACY_REQUEST_DUE_DAYS,
  PRIVACY_REQUEST_MAX_OPEN,
  PRIVACY_REQUEST_OUTCOMES,
  type CorrectionCategory,
  type GrievanceOfficer,
  type PrivacyTicket,
  type PrivacyTicketAnswer,
  type PrivacyTicketKind,
  type PrivacyTicketList,
  type PrivacyTicketOps,
  type PrivacyTicketOpsList,
  type PrivacyTicketOpsQuery,
} from '@veridocs/shared';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { LabelledRequestRow, PrivacyRequestRow, RequestsRepository } from './requests-repository.js';

const DAY_MS = 86_400_000;

/** The reference a candidate quotes: COR-000012, GRV-000013. */
export const referenceOf = (kind: PrivacyTicketKind, number: number) =>
  `${kind === 'correction' ? 'COR' : 'GRV'}-${String(number).padStart(6, '0')}`;

const label = (row: LabelledRequestRow) => (row.orgName ? `${row.orgName} — ${row.formName ?? ''}` : null);

export function toTicket(row: LabelledRequestRow): PrivacyTicket {
  return {
    id: row.id,
    reference: referenceOf(row.kind, row.number),
    kind: row.kind,
    category: row.category,
    txnId: row.txnId,
    requestLabel: label(row),
    subject: row.subject,
    text: row.text,
    proposed: row.proposed,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    outcome: row.outcome,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** What a notification of an answer says (the notifications module renders it in the reader's language). */
export interface AnsweredNotice {
  profileId: string;
  kind: PrivacyTicketKind;
  reference: string;
}

export interface RequestsServiceDeps {
  repo: RequestsRepository;
  officer: GrievanceOfficer;
  now: () => Date;
  /** Tells the candidate their request was answered, in the answer's database transaction. */
  notifyAnswered: (scope: DbScope, notice: AnsweredNotice) => Promise<void>;
}

type Filing = {
  kind: PrivacyTicketKind;
  category: CorrectionCategory | null;
  txnId: string | null;
  subject: string | null;
  text: string;
  proposed: string | null;
};

const same = (row: PrivacyRequestRow, f: Filing) =>
  row.kind === f.kind &&
  row.category === f.category &&
  row.txnId === f.txnId &&
  row.subject === f.subject &&
  row.text === f.text &&
  row.proposed === f.proposed;

/**
 * Correction requests and grievance tickets (issue 29, ADR 0049; DPDP Act ss. 12 and 13): the candidate
 * files and sees their own; the team lists, reads and answers them once, and the candidate is told.
 */
export function createRequestsService(deps: RequestsServiceDeps) {
  const { repo, now } = deps;

  async function file(profileId: string, filing: Filing): Promise<PrivacyTicket> {
    if (filing.txnId) {
      const mine = await repo.choicesOf(profileId);
      if (!mine.some((c) => c.txnId === filing.txnId)) throw new AppError('PRIVACY_REQUEST_TXN_UNKNOWN');
    }
    const at = now();
    const row = await repo.file(
      {
        profileId,
        ...filing,
        createdAt: at,
        dueAt: new Date(at.getTime() + PRIVACY_REQUEST_DUE_DAYS * DAY_MS),
      },
      (open) => {
        // A retry of the same request (a double click, a lost answer) answers the one filed.
        const retry = open.find((r) => same(r, filing));
        if (retry) return retry;
        if (open.length >= PRIVACY_REQUEST_MAX_OPEN) throw new AppError('PRIVACY_REQUEST_TOO_MANY');
        return null;
      },
    );
    const labelled = await repo.byId(row.id);
    return toTicket(labelled!);
  }

  return {
    async list(profileId: string): Promise<PrivacyTicketList> {
      const [rows, choices] = await Promise.all([repo.ofProfile(profileId), repo.choicesOf(profileId)]);
      return {
        requests: rows.map(toTicket),
        choices,
        officer: deps.officer,
        dueDays: PRIVACY_REQUEST_DUE_DAYS,
        maxOpen: PRIVACY_REQUEST_MAX_OPEN,
      };
    },

    fileCorrection(
      profileId: string,
      input: { category: CorrectionCategory; txnId: string | null; text: string; proposed: string },
    ) {
      return file(profileId, { kind: 'correction', subject: null, ...input });
    },

    fileGrievance(profileId: string, input: { subject: string; text: string; txnId: string | null }) {
      return file(profileId, { kind: 'grievance', category: null, proposed: null, ...input });
    },

    async close(profileId: string, id: string): Promise<PrivacyTicket> {
      const closed = await repo.close(profileId, id, now());
      const row = await repo.byId(id);
      // Another candidate's request is "not found", never "not open".
      if (!row || row.profileId !== profileId) throw new AppError('PRIVACY_REQUEST_NOT_FOUND');
      if (!closed) throw new AppError('PRIVACY_REQUEST_NOT_OPEN');
      return toTicket(row);
    },

    async opsList(query: PrivacyTicketOpsQuery): Promise<PrivacyTicketOpsList> {
      const at = now();
      return { list: (await repo.list(query)).map((r) => toOps(r, at)) };
    },

    async opsGet(id: string): Promise<PrivacyTicketOps> {
      const row = await repo.byId(id);
      if (!row) throw new AppError('PRIVACY_REQUEST_NOT_FOUND');
      return toOps(row, now());
    },

    /** Answers once: a second answer (or one to a closed request) is 353 and changes nothing. */
    async answer(id: string, input: PrivacyTicketAnswer, staffId: string): Promise<PrivacyTicketOps> {
      const current = await repo.byId(id);
      if (!current) throw new AppError('PRIVACY_REQUEST_NOT_FOUND');
      if (current.status !== 'open') throw new AppError('PRIVACY_REQUEST_NOT_OPEN');
      if (!(PRIVACY_REQUEST_OUTCOMES[current.kind] as readonly string[]).includes(input.outcome))
        throw new AppError('PRIVACY_REQUEST_OUTCOME_INVALID');
      const answered = await repo.answer(
        id,
        { outcome: input.outcome, answer: input.answer, answeredAt: now(), answeredBy: staffId },
        (scope, row) =>
          deps.notifyAnswered(scope, {
            profileId: row.profileId,
            kind: row.kind,
            reference: referenceOf(row.kind, row.number),
          }),
      );
      if (!answered) throw new AppError('PRIVACY_REQUEST_NOT_OPEN');
      return toOps((await repo.byId(id))!, now());
    },
  };
}

function toOps(row: LabelledRequestRow, at: Date): PrivacyTicketOps {
  return {
    ...toTicket(row),
    profileId: row.profileId,
    candidateName: row.candidateName,
    overdue: row.status === 'open' && row.dueAt.getTime() < at.getTime(),
    answeredBy: row.answeredBy,
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
