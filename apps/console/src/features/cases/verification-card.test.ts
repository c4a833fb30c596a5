import { describe, expect, it } from 'vitest';
import type { OpsCaseVerification, State } from '@veridocs/shared';
import { opsCase } from '../../test/fixtures';
import { allowedDecisions } from './verification-card';

const base = opsCase().verifications[0]!;
const inState = (state: State, markedAsSkip = false): OpsCaseVerification => ({
  ...base,
  state,
  markedAsSkip,
});

// The buttons follow the server's verification machine (ADR 0007): a decision it would refuse is never offered.
describe('allowedDecisions', () => {
  it('offers start only on a submitted verification, the decisions only in progress, close on any open one', () => {
    expect(allowedDecisions(inState('SUBMITTED'))).toEqual(['start', 'close']);
    expect(allowedDecisions(inState('IN_PROGRESS'))).toEqual(['verify', 'fail', 'ask', 'close']);
    // Action Required waits for the candidate's answer, which moves it back to SUBMITTED.
    expect(allowedDecisions(inState('INSUFFICIENT_DATA'))).toEqual(['close']);
    expect(allowedDecisions(inState('DATA_SAVED'))).toEqual(['close']);
  });

  it('offers nothing on a finished or skipped verification', () => {
    for (const state of ['COMPLETED', 'FAILED', 'CLOSED', 'SKIPPED'] as const)
      expect(allowedDecisions(inState(state))).toEqual([]);
    expect(allowedDecisions(inState('SUBMITTED', true))).toEqual([]);
  });
});
