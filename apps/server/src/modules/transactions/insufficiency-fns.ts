import {
  FILE_LIMITS,
  FILE_TEXT,
  MIME_BY_SUBTYPE,
  type InsufficiencyAnswerRequest,
  type InsufficiencyRound,
  type State,
  type ValidationIssue,
} from '@veridocs/shared';
import { isUuid } from '../../lib/ids.js';
import type { FileForTransaction } from '../files/files-service.js';
import type { InsufficiencyAnswerRow, InsufficiencyRequestRow } from './transactions-repository.js';
import { FILE_TAKEN, NO_SUCH_FILE } from './verification-data-fns.js';

/**
 * The insufficiency rounds (ADR 0020), pure: a round as the team reads it, what the candidate's answer
 * is refused for, and how the transaction follows its verifications. The writes are
 * insufficiency-rounds.ts.
 */

const iso = (d: Date) => d.toISOString();

/** A round with the candidate's answers to it, as the ops side reads it (the history and the case view). */
export function insufficiencyRoundOf(
  r: Pick<
    InsufficiencyRequestRow,
    'id' | 'verificationName' | 'reason' | 'documents' | 'raisedBy' | 'raisedAt' | 'answeredAt'
  >,
  answers: readonly Pick<InsufficiencyAnswerRow, 'requestId' | 'documentKey' | 'fileId' | 'answeredAt'>[],
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

/** Every round of a transaction with its answers, in the order the rounds are given. */
export function insufficiencyRoundsOf(
  requests: readonly Parameters<typeof insufficiencyRoundOf>[0][],
  answers: Parameters<typeof insufficiencyRoundOf>[1],
): InsufficiencyRound[] {
  return requests.map((r) => insufficiencyRoundOf(r, answers));
}

/** One `{ documentKey, fileId }` per file the candidate's answer gives. */
export function givenAnswers(
  documents: InsufficiencyAnswerRequest['documents'],
): { documentKey: string; fileId: string }[] {
  return documents.flatMap((d) => d.fileIds.map((fileId) => ({ documentKey: d.key, fileId })));
}

/** Whether stored answers are exactly the files given (a retry of the same answer). */
export function sameAnswer(
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
 * What the candidate's answer to an open round is refused for: a document not asked or given twice, a
 * file not the candidate's (or unknown), another transaction's, refused by the checks or of a type
 * the spec does not take, and every document asked but not given ("Upload {label}"). Empty: accepted.
 */
export function answerIssues(
  asked: readonly { key: string; label: string }[],
  documents: InsufficiencyAnswerRequest['documents'],
  found: ReadonlyMap<string, FileForTransaction>,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const byKey = new Map(asked.map((d) => [d.key, d]));
  const seen = new Set<string>();
  documents.forEach((d, i) => {
    if (!byKey.has(d.key))
      issues.push({ path: `documents.${i}.key`, message: 'This document was not asked for' });
    else if (seen.has(d.key))
      issues.push({ path: `documents.${i}.key`, message: `${byKey.get(d.key)!.label} is given twice` });
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
  for (const doc of asked) {
    if (!seen.has(doc.key)) issues.push({ path: 'documents', message: `Upload ${doc.label}` });
  }
  return issues;
}

/** The transaction states that follow their verifications; any other is left where it is. */
const FOLLOWING: readonly State[] = ['SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA'];
const decided = (s: State) => s === 'COMPLETED' || s === 'FAILED' || s === 'CLOSED';

/**
 * The moves, in order, by which a transaction follows its verifications (ADR 0020, within ADR 0007's
 * table): the team starting one moves a SUBMITTED transaction to IN_PROGRESS; one waiting for the
 * candidate makes it INSUFFICIENT_DATA (via IN_PROGRESS); none waiting any more brings it back to
 * IN_PROGRESS; every verification that is not skipped decided settles it (all closed: CLOSED; any
 * failed: FAILED; else COMPLETED, via IN_PROGRESS). Empty: it stays.
 */
export function followMoves(
  from: State,
  records: readonly { state: State; markedAsSkip: boolean }[],
): State[] {
  if (!FOLLOWING.includes(from)) return [];
  const moves: State[] = [];
  let current = from;
  const move = (to: State) => {
    moves.push(to);
    current = to;
  };
  const active = records.filter((r) => !r.markedAsSkip);
  const waiting = active.some((r) => r.state === 'INSUFFICIENT_DATA');
  const started = active.some(
    (r) => r.state !== 'SUBMITTED' && !decided(r.state) && r.state !== 'READY_TO_SUBMIT',
  );
  if (active.length > 0 && active.every((r) => decided(r.state))) {
    const target: State = active.every((r) => r.state === 'CLOSED')
      ? 'CLOSED'
      : active.some((r) => r.state === 'FAILED')
        ? 'FAILED'
        : 'COMPLETED';
    if (target !== 'CLOSED' && current !== 'IN_PROGRESS') move('IN_PROGRESS');
    move(target);
  } else if (waiting) {
    if (current === 'SUBMITTED') move('IN_PROGRESS');
    if (current === 'IN_PROGRESS') move('INSUFFICIENT_DATA');
  } else if (current === 'INSUFFICIENT_DATA' || (current === 'SUBMITTED' && started)) {
    move('IN_PROGRESS');
  }
  return moves;
}
