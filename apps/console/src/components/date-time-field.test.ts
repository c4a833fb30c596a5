import { describe, expect, it } from 'vitest';
import { isLocalDateTime, parseTimeText } from './date-time-field';

describe('parseTimeText (issue 24: times as hh:mm, 24-hour)', () => {
  it('reads hh:mm and its usual variants', () => {
    expect(parseTimeText('14:30')).toBe('14:30');
    expect(parseTimeText(' 9:05 ')).toBe('09:05');
    expect(parseTimeText('14.30')).toBe('14:30');
    expect(parseTimeText('1430')).toBe('14:30');
    expect(parseTimeText('00:00')).toBe('00:00');
    expect(parseTimeText('')).toBe('');
  });

  it('keeps what is not a time, for the form to report', () => {
    for (const text of ['24:00', '12:60', '2:3', '2pm', '14:30:00']) expect(parseTimeText(text)).toBe(text);
  });
});

describe('isLocalDateTime', () => {
  it('is a whole date and time only', () => {
    expect(isLocalDateTime('2026-11-05T14:30')).toBe(true);
    expect(isLocalDateTime('2026-11-05T')).toBe(false);
    expect(isLocalDateTime('T14:30')).toBe(false);
    expect(isLocalDateTime('')).toBe(false);
  });
});
