import { describe, expect, it } from 'vitest';
import { formatLongDate, ordinal } from './dates';

describe('form date display "Do MMMM YYYY" (spec §9)', () => {
  it('formats with an ordinal day and the full month', () => {
    expect(formatLongDate(new Date(2026, 11, 5))).toBe('5th December 2026');
    expect(formatLongDate(new Date(2026, 0, 1))).toBe('1st January 2026');
    expect(formatLongDate(new Date(2026, 1, 22))).toBe('22nd February 2026');
    expect(formatLongDate(new Date(2026, 2, 23))).toBe('23rd March 2026');
    expect(formatLongDate('nope')).toBe('');
  });
  it('uses th for 11, 12, 13', () => {
    expect([11, 12, 13, 21, 111].map(ordinal)).toEqual(['11th', '12th', '13th', '21st', '111th']);
  });
});
