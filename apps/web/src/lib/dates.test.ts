import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatDateTime } from './dates';

describe('dates', () => {
  it('formats DD-MMM-YYYY and DD-MMM-YYYY HH:mm', () => {
    const date = new Date(2022, 10, 14, 9, 5);
    expect(formatDate(date)).toBe('14-Nov-2022');
    expect(formatDateTime(date)).toBe('14-Nov-2022 09:05');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats a countdown as m:ss', () => {
    expect(formatCountdown(30)).toBe('0:30');
    expect(formatCountdown(75)).toBe('1:15');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
