import { FILE_TEXT, type State } from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import type { AttachedFile, FileForTransaction } from '../files/files-service.js';
import {
  answerIssues,
  followMoves,
  givenAnswers,
  insufficiencyRoundOf,
  insufficiencyRoundsOf,
  sameAnswer,
} from './insufficiency-fns.js';
import { FILE_TAKEN, NO_SUCH_FILE } from './verification-data-fns.js';

const AT = new Date('2026-11-20T09:00:00.000Z');
const LATER = new Date('2026-11-21T09:00:00.000Z');
const F1 = '11111111-1111-4111-8111-111111111111';
const F2 = '22222222-2222-4222-8222-222222222222';
const F3 = '33333333-3333-4333-8333-333333333333';
const F4 = '44444444-4444-4444-8444-444444444444';

const request = (id: string, answeredAt: Date | null = null) => ({
  id,
  verificationName: 'bgv-degree',
  reason: 'Blurred',
  documents: [{ key: 'semester-5', label: 'Semester 5 marksheet' }],
  raisedBy: null,
  raisedAt: AT,
  answeredAt,
});

describe('insufficiency rounds', () => {
  it('maps a round with only its own answers, times as ISO', () => {
    const answers = [
      { requestId: 'r1', documentKey: 'semester-5', fileId: F1, answeredAt: LATER },
      { requestId: 'r2', documentKey: 'semester-5', fileId: F2, answeredAt: LATER },
    ];
    expect(insufficiencyRoundOf(request('r1', LATER), answers)).toEqual({
      id: 'r1',
      verificationName: 'bgv-degree',
      reason: 'Blurred',
      documents: [{ key: 'semester-5', label: 'Semester 5 marksheet' }],
      raisedBy: null,
      raisedAt: AT.toISOString(),
      answeredAt: LATER.toISOString(),
      answers: [{ key: 'semester-5', fileId: F1, answeredAt: LATER.toISOString() }],
    });
    expect(
      insufficiencyRoundsOf([request('r2'), request('r3')], answers).map((r) => [
        r.id,
        r.answeredAt,
        r.answers.length,
      ]),
    ).toEqual([
      ['r2', null, 1],
      ['r3', null, 0],
    ]);
  });

  it('flattens an answer to one row per file, and knows a retry of the same answer', () => {
    const given = givenAnswers([
      { key: 'a', fileIds: [F1, F2] },
      { key: 'b', fileIds: [F3] },
    ]);
    expect(given).toEqual([
      { documentKey: 'a', fileId: F1 },
      { documentKey: 'a', fileId: F2 },
      { documentKey: 'b', fileId: F3 },
    ]);
    const stored = [...given].reverse().map((g) => ({ ...g, fileId: g.fileId.toUpperCase() }));
    expect(sameAnswer(stored, given)).toBe(true);
    expect(sameAnswer(stored.slice(1), given)).toBe(false);
    expect(sameAnswer([{ documentKey: 'b', fileId: F1 }], [{ documentKey: 'a', fileId: F1 }])).toBe(false);
  });
});

describe('answerIssues', () => {
  const file = (mimeType: string, state = 'COMPLETED') => ({ mimeType, state }) as AttachedFile;
  const found = new Map<string, FileForTransaction>([
    [F1, { file: file('application/pdf'), otherTransaction: false, linked: false }],
    [F2, { file: file('application/pdf'), otherTransaction: true, linked: false }],
    [F3, { file: file('image/png', 'ERROR'), otherTransaction: false, linked: false }],
    [F4, { file: file('image/gif'), otherTransaction: false, linked: false }],
  ]);
  const asked = [
    { key: 'semester-5', label: 'Semester 5 marksheet' },
    { key: 'semester-6', label: 'Semester 6 marksheet' },
  ];

  it('accepts exactly the documents asked, each with the candidate own files', () => {
    expect(
      answerIssues(
        asked,
        [
          { key: 'semester-5', fileIds: [F1] },
          { key: 'semester-6', fileIds: [F1.toUpperCase()] },
        ],
        found,
      ),
    ).toEqual([]);
  });

  it('names every refused document and file by its path, and each document missing', () => {
    expect(
      answerIssues(
        asked,
        [
          { key: 'semester-5', fileIds: ['not-a-uuid', F2] },
          { key: 'semester-5', fileIds: [F3, F4] },
          { key: 'degree', fileIds: [F1] },
        ],
        found,
      ),
    ).toEqual([
      { path: 'documents.0.fileIds.0', message: NO_SUCH_FILE },
      { path: 'documents.0.fileIds.1', message: FILE_TAKEN },
      { path: 'documents.1.key', message: 'Semester 5 marksheet is given twice' },
      { path: 'documents.1.fileIds.0', message: FILE_TEXT.unsupported },
      { path: 'documents.1.fileIds.1', message: FILE_TEXT.wrongType(['jpeg', 'jpg', 'png', 'pdf']) },
      { path: 'documents.2.key', message: 'This document was not asked for' },
      { path: 'documents', message: 'Upload Semester 6 marksheet' },
    ]);
  });
});

describe('followMoves', () => {
  const r = (state: State, markedAsSkip = false) => ({ state, markedAsSkip });

  it('leaves a transaction the team does not work on where it is', () => {
    for (const from of ['DATA_SAVED', 'COMPLETED', 'FAILED', 'CLOSED', 'NOT_INITIALIZED'] as State[])
      expect(followMoves(from, [r('COMPLETED')])).toEqual([]);
  });

  it('starts a submitted transaction when the team starts a verification, not before', () => {
    expect(followMoves('SUBMITTED', [r('IN_PROGRESS'), r('SUBMITTED')])).toEqual(['IN_PROGRESS']);
    expect(followMoves('SUBMITTED', [r('SUBMITTED'), r('READY_TO_SUBMIT')])).toEqual([]);
    expect(followMoves('IN_PROGRESS', [r('IN_PROGRESS')])).toEqual([]);
  });

  it('waits for the candidate (via IN_PROGRESS), and comes back when none waits', () => {
    expect(followMoves('SUBMITTED', [r('INSUFFICIENT_DATA'), r('SUBMITTED')])).toEqual([
      'IN_PROGRESS',
      'INSUFFICIENT_DATA',
    ]);
    expect(followMoves('IN_PROGRESS', [r('INSUFFICIENT_DATA')])).toEqual(['INSUFFICIENT_DATA']);
    expect(followMoves('INSUFFICIENT_DATA', [r('INSUFFICIENT_DATA'), r('SUBMITTED')])).toEqual([]);
    expect(followMoves('INSUFFICIENT_DATA', [r('SUBMITTED'), r('COMPLETED')])).toEqual(['IN_PROGRESS']);
  });

  it('settles once every verification not skipped is decided: closed, failed or completed', () => {
    expect(followMoves('IN_PROGRESS', [r('COMPLETED'), r('CLOSED'), r('NOT_INITIALIZED', true)])).toEqual([
      'COMPLETED',
    ]);
    expect(followMoves('SUBMITTED', [r('COMPLETED'), r('FAILED')])).toEqual(['IN_PROGRESS', 'FAILED']);
    expect(followMoves('SUBMITTED', [r('CLOSED'), r('CLOSED')])).toEqual(['CLOSED']);
    expect(followMoves('INSUFFICIENT_DATA', [r('COMPLETED')])).toEqual(['IN_PROGRESS', 'COMPLETED']);
  });

  it('does not settle a transaction with nothing but skipped verifications', () => {
    expect(followMoves('IN_PROGRESS', [r('NOT_INITIALIZED', true)])).toEqual([]);
    expect(followMoves('INSUFFICIENT_DATA', [])).toEqual(['IN_PROGRESS']);
  });
});
