import { describe, expect, it } from 'vitest';
import { stateChipColor } from './state-chip';

describe('stateChipColor: one colour per state on the home cards and the form home tiles', () => {
  it.each([
    ['INSUFFICIENT_DATA', 'error'],
    ['FAILED', 'error'],
    ['COMPLETED', 'success'],
    ['VERIFIED', 'success'],
    ['SUBMITTED', 'success'],
    ['DATA_SAVED', 'warning'],
    ['', 'default'],
    ['NOT_INITIALIZED', 'default'],
    ['CLOSED', 'default'],
    ['SKIPPED', 'default'],
    ['IN_PROGRESS', 'info'],
    ['READY_TO_SUBMIT', 'info'],
  ])('%s → %s', (state, color) => {
    expect(stateChipColor(state)).toBe(color);
  });
});
