import {
  EDITABLE_STATES as SHARED_EDITABLE,
  SKIPPABLE_STATES as SHARED_SKIPPABLE,
  STATES,
} from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import {
  EDITABLE_STATES,
  OPEN_TRANSACTION_STATES,
  PROVIDER_VERIFIED_IDENTITIES,
  SOURCE_VERIFIED_TYPES,
  SKIPPABLE_STATES,
  TRANSACTION_TRANSITIONS,
  VERIFICATION_TRANSITIONS,
  assertTransition,
  canTransition,
  transitionTransaction,
  transitionVerification,
  type Entity,
  type StateChange,
  type TransitionOps,
} from './state-machine.js';

/**
 * The state machines of ADR 0007 without a database: the tables, the refusals and the writes (row
 * update and audit row) a transition makes. These run under `npm run mutation` (vitest.mutation.config.ts);
 * state-machine.test.ts runs the same machines through the service on a real database.
 */

const TRANSACTION_ALLOWED: [string, string][] = [
  ['NOT_INITIALIZED', 'DATA_SAVED'],
  ['DATA_SAVED', 'SUBMITTED'],
  ['SUBMITTED', 'IN_PROGRESS'],
  ['IN_PROGRESS', 'COMPLETED'],
  ['IN_PROGRESS', 'INSUFFICIENT_DATA'],
  ['IN_PROGRESS', 'FAILED'],
  ['INSUFFICIENT_DATA', 'IN_PROGRESS'],
  ...['NOT_INITIALIZED', 'DATA_SAVED', 'SUBMITTED', 'IN_PROGRESS', 'INSUFFICIENT_DATA'].map(
    (s) => [s, 'CLOSED'] as [string, string],
  ),
];
const VERIFICATION_ALLOWED: [string, string][] = [
  ['NOT_INITIALIZED', 'DATA_SAVED'],
  ['NOT_INITIALIZED', 'READY_TO_SUBMIT'],
  ['DATA_SAVED', 'DATA_SAVED'],
  ['DATA_SAVED', 'READY_TO_SUBMIT'],
  ['READY_TO_SUBMIT', 'DATA_SAVED'],
  ['READY_TO_SUBMIT', 'SUBMITTED'],
  ['SUBMITTED', 'IN_PROGRESS'],
  ['IN_PROGRESS', 'COMPLETED'],
  ['IN_PROGRESS', 'FAILED'],
  ['IN_PROGRESS', 'INSUFFICIENT_DATA'],
  ['INSUFFICIENT_DATA', 'SUBMITTED'],
  // An identity a provider verified at once (Aadhaar OTP, issue 11).
  ['NOT_INITIALIZED', 'COMPLETED'],
  ['DATA_SAVED', 'COMPLETED'],
  ['READY_TO_SUBMIT', 'COMPLETED'],
  ...[
    'NOT_INITIALIZED',
    'DATA_SAVED',
    'READY_TO_SUBMIT',
    'SUBMITTED',
    'IN_PROGRESS',
    'INSUFFICIENT_DATA',
  ].map((s) => [s, 'CLOSED'] as [string, string]),
];

describe('the transition tables', () => {
  const cases: [Entity, [string, string][]][] = [
    ['transaction', TRANSACTION_ALLOWED],
    ['verification', VERIFICATION_ALLOWED],
  ];
  for (const [entity, allowed] of cases) {
    it(`${entity}: exactly the documented transitions are allowed`, () => {
      const key = (a: string, b: string) => `${a}>${b}`;
      const expected = new Set(allowed.map(([a, b]) => key(a, b)));
      for (const from of STATES) {
        for (const to of STATES) {
          expect(canTransition(entity, from, to), key(from, to)).toBe(expected.has(key(from, to)));
          if (!expected.has(key(from, to))) {
            expect(() => assertTransition(entity, from, to)).toThrow(/cannot move from/);
          }
        }
      }
      const table = entity === 'transaction' ? TRANSACTION_TRANSITIONS : VERIFICATION_TRANSITIONS;
      expect(Object.values(table).flat().length).toBe(allowed.length);
    });

    it(`${entity}: every documented transition is asserted without an error (an identity for → COMPLETED)`, () => {
      for (const [from, to] of allowed) {
        expect(
          () => assertTransition(entity, from as never, to as never, 'aadhaar'),
          `${from}>${to}`,
        ).not.toThrow();
      }
    });
  }

  it('completes before submission only an identity a provider verified at once (not education)', () => {
    expect(PROVIDER_VERIFIED_IDENTITIES).toEqual(['aadhaar', 'passport']);
    for (const from of ['NOT_INITIALIZED', 'DATA_SAVED', 'READY_TO_SUBMIT'] as const) {
      expect(() => assertTransition('verification', from, 'COMPLETED', 'aadhaar')).not.toThrow();
      expect(() => assertTransition('verification', from, 'COMPLETED', 'passport')).not.toThrow();
      for (const name of ['bgv-degree', 'bgv-tenth', 'bgv-degree#2', 'employment-check', undefined]) {
        expect(() => assertTransition('verification', from, 'COMPLETED', name), `${name}`).toThrow(
          /cannot move from/,
        );
      }
    }
    // After the checks, any verification completes, named or not.
    expect(() => assertTransition('verification', 'IN_PROGRESS', 'COMPLETED', 'bgv-degree')).not.toThrow();
    expect(() => assertTransition('verification', 'IN_PROGRESS', 'COMPLETED')).not.toThrow();
    // The identity rule is the verification machine's: a transaction's COMPLETED needs no name.
    expect(() => assertTransition('transaction', 'IN_PROGRESS', 'COMPLETED')).not.toThrow();
  });

  it("completes education before submission only with the issuer's document (source-verified)", () => {
    expect(SOURCE_VERIFIED_TYPES).toEqual(['bgv-tenth', 'bgv-twelfth', 'bgv-degree']);
    for (const from of ['NOT_INITIALIZED', 'DATA_SAVED', 'READY_TO_SUBMIT'] as const) {
      for (const name of ['bgv-tenth', 'bgv-twelfth', 'bgv-degree', 'bgv-degree~2'])
        expect(() =>
          assertTransition('verification', from, 'COMPLETED', name, 'source-verified'),
        ).not.toThrow();
      for (const name of ['employment-check', 'dl', 'bgv-address', undefined])
        expect(
          () => assertTransition('verification', from, 'COMPLETED', name, 'source-verified'),
          `${name}`,
        ).toThrow(/cannot move from/);
      expect(() => assertTransition('verification', from, 'COMPLETED', 'bgv-tenth', 'save')).toThrow(
        /cannot move from/,
      );
    }
    // Once submitted, the source changes nothing: the team's table rules.
    expect(() =>
      assertTransition('verification', 'SUBMITTED', 'COMPLETED', 'bgv-tenth', 'source-verified'),
    ).toThrow(/cannot move from/);
  });

  it('refuses with INVALID_TRANSITION (123), naming the entity, the states and the verification', () => {
    const refusal = (entity: Entity, from: string, to: string, name?: string) => {
      try {
        assertTransition(entity, from as never, to as never, name);
      } catch (error) {
        return error;
      }
      return expect.unreachable();
    };
    const txn = refusal('transaction', 'COMPLETED', 'DATA_SAVED');
    expect(txn).toMatchObject({
      code: 123,
      statusCode: 409,
      message: 'The verification request cannot move from completed to data saved',
    });
    expect((txn as { data: unknown }).data).toEqual({
      entity: 'transaction',
      from: 'COMPLETED',
      to: 'DATA_SAVED',
    });

    const named = refusal('verification', 'READY_TO_SUBMIT', 'COMPLETED', 'bgv-degree');
    expect(named).toMatchObject({
      code: 123,
      message: 'The verification bgv-degree cannot move from ready to submit to completed',
    });
    expect((named as { data: unknown }).data).toEqual({
      entity: 'verification',
      from: 'READY_TO_SUBMIT',
      to: 'COMPLETED',
      verificationName: 'bgv-degree',
    });

    // Without a name: no trailing space, no verificationName in the data.
    const unnamed = refusal('verification', 'SUBMITTED', 'DATA_SAVED');
    expect(unnamed).toMatchObject({ message: 'The verification cannot move from submitted to data saved' });
    expect((unnamed as { data: unknown }).data).toEqual({
      entity: 'verification',
      from: 'SUBMITTED',
      to: 'DATA_SAVED',
    });
  });

  it('keeps the candidate-input state lists of ADR 0006/0007', () => {
    expect(SKIPPABLE_STATES).toEqual(['NOT_INITIALIZED', 'DATA_SAVED']);
    expect(SKIPPABLE_STATES).toBe(SHARED_SKIPPABLE);
    expect(EDITABLE_STATES).toEqual(['NOT_INITIALIZED', 'DATA_SAVED', 'READY_TO_SUBMIT']);
    expect(EDITABLE_STATES).toBe(SHARED_EDITABLE);
    expect(OPEN_TRANSACTION_STATES).toEqual(['NOT_INITIALIZED', 'DATA_SAVED']);
  });
});

/** TransitionOps that record every write, in order. */
function recordingOps() {
  const writes: { op: string; args: unknown[] }[] = [];
  const ops: TransitionOps = {
    updateTransaction: async (...args) => void writes.push({ op: 'updateTransaction', args }),
    updateRecord: async (...args) => void writes.push({ op: 'updateRecord', args }),
    insertChanges: async (...args) => void writes.push({ op: 'insertChanges', args }),
  };
  return { ops, writes };
}

const NOW = new Date('2026-11-29T06:00:00.000Z');

describe('transitionTransaction', () => {
  it('updates the row and writes one audit row with the move, the action and who made it', async () => {
    const { ops, writes } = recordingOps();
    const expectedMaxDate = new Date('2026-12-10T00:00:00.000Z');
    await transitionTransaction(
      ops,
      { id: 'txn-1', state: 'DATA_SAVED' },
      'SUBMITTED',
      { action: 'submit', profileId: 'profile-1', now: NOW },
      { expectedMaxDate },
    );
    const change: StateChange = {
      txnId: 'txn-1',
      entity: 'transaction',
      verificationName: null,
      from: 'DATA_SAVED',
      to: 'SUBMITTED',
      action: 'submit',
      profileId: 'profile-1',
    };
    expect(writes).toEqual([
      { op: 'updateTransaction', args: ['txn-1', { expectedMaxDate, state: 'SUBMITTED', updatedAt: NOW }] },
      { op: 'insertChanges', args: [[change], NOW] },
    ]);
  });

  it('writes only the state and time without a patch; ops act as nobody', async () => {
    const { ops, writes } = recordingOps();
    await transitionTransaction(ops, { id: 'txn-2', state: 'SUBMITTED' }, 'IN_PROGRESS', {
      action: 'ops-start',
      profileId: null,
      now: NOW,
    });
    expect(writes[0]).toEqual({
      op: 'updateTransaction',
      args: ['txn-2', { state: 'IN_PROGRESS', updatedAt: NOW }],
    });
    expect(writes[1]!.args[0]).toEqual([
      expect.objectContaining({ from: 'SUBMITTED', to: 'IN_PROGRESS', action: 'ops-start', profileId: null }),
    ]);
  });

  it('refuses a move outside the table before writing anything', async () => {
    const { ops, writes } = recordingOps();
    await expect(
      transitionTransaction(ops, { id: 'txn-3', state: 'COMPLETED' }, 'CLOSED', {
        action: 'ops-close',
        profileId: null,
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: 123 });
    expect(writes).toEqual([]);
  });
});

describe('transitionVerification', () => {
  it('updates the record with its other changes and writes its audit row', async () => {
    const { ops, writes } = recordingOps();
    const insufficiency = { reason: 'Marksheet unreadable', raisedAt: NOW.toISOString() };
    await transitionVerification(
      ops,
      'txn-1',
      { name: 'bgv-degree~2', state: 'IN_PROGRESS' },
      'INSUFFICIENT_DATA',
      { action: 'ops-insufficient', profileId: null, now: NOW },
      { insufficiency },
    );
    expect(writes).toEqual([
      {
        op: 'updateRecord',
        args: ['txn-1', 'bgv-degree~2', { insufficiency, state: 'INSUFFICIENT_DATA', updatedAt: NOW }],
      },
      {
        op: 'insertChanges',
        args: [
          [
            {
              txnId: 'txn-1',
              entity: 'verification',
              verificationName: 'bgv-degree~2',
              from: 'IN_PROGRESS',
              to: 'INSUFFICIENT_DATA',
              action: 'ops-insufficient',
              profileId: null,
            },
          ],
          NOW,
        ],
      },
    ]);
  });

  it('writes the candidate as the actor of their own move; a patch-less move writes state and time', async () => {
    const { ops, writes } = recordingOps();
    await transitionVerification(
      ops,
      'txn-1',
      { name: 'bgv-tenth', state: 'NOT_INITIALIZED' },
      'DATA_SAVED',
      {
        action: 'save',
        profileId: 'profile-1',
        now: NOW,
      },
    );
    expect(writes[0]).toEqual({
      op: 'updateRecord',
      args: ['txn-1', 'bgv-tenth', { state: 'DATA_SAVED', updatedAt: NOW }],
    });
    expect(writes[1]!.args[0]).toEqual([
      expect.objectContaining({ verificationName: 'bgv-tenth', profileId: 'profile-1', action: 'save' }),
    ]);
  });

  it('saves DATA_SAVED → DATA_SAVED without an audit row: not a state change', async () => {
    const { ops, writes } = recordingOps();
    await transitionVerification(
      ops,
      'txn-1',
      { name: 'bgv-tenth', state: 'DATA_SAVED' },
      'DATA_SAVED',
      { action: 'save', profileId: 'profile-1', now: NOW },
      { data: { board: 'CBSE' }, markedAsSkip: false },
    );
    expect(writes).toEqual([
      {
        op: 'updateRecord',
        args: [
          'txn-1',
          'bgv-tenth',
          { data: { board: 'CBSE' }, markedAsSkip: false, state: 'DATA_SAVED', updatedAt: NOW },
        ],
      },
    ]);
  });

  it('refuses a move outside the table, or an education completed before submission, writing nothing', async () => {
    const { ops, writes } = recordingOps();
    const context = { action: 'x', profileId: null, now: NOW };
    await expect(
      transitionVerification(ops, 'txn-1', { name: 'bgv-degree', state: 'SUBMITTED' }, 'DATA_SAVED', context),
    ).rejects.toMatchObject({
      code: 123,
      message: 'The verification bgv-degree cannot move from submitted to data saved',
      data: { entity: 'verification', verificationName: 'bgv-degree' },
    });
    await expect(
      transitionVerification(ops, 'txn-1', { name: 'bgv-degree', state: 'DATA_SAVED' }, 'COMPLETED', context),
    ).rejects.toMatchObject({ code: 123 });
    expect(writes).toEqual([]);
    // The identity verified by its provider completes at once, with its audit row.
    await transitionVerification(ops, 'txn-1', { name: 'aadhaar', state: 'NOT_INITIALIZED' }, 'COMPLETED', {
      ...context,
      action: 'identity-verified',
    });
    expect(writes.map((w) => w.op)).toEqual(['updateRecord', 'insertChanges']);
  });
});
