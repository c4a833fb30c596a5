import { describe, expect, it } from 'vitest';
import { INDIA_NATIONAL_HOLIDAYS, createWorkingCalendar } from './working-days.js';

// Weekdays used below: 2026-11-27 Fri, 2026-11-30 Mon, 2026-10-02 Fri (Gandhi Jayanti),
// 2027-01-22 Fri, 2027-01-25 Mon, 2027-01-26 Tue (Republic Day), 2026-12-25 Fri.
const calendar = createWorkingCalendar();
const at = (iso: string) => new Date(iso);

describe('the working-day calendar (IST, weekends, national and listed holidays)', () => {
  it('names the IST calendar day of an instant: 18:30 UTC is already the next day', () => {
    expect(calendar.dayOf(at('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(calendar.dayOf(at('2026-11-30T18:29:59.999Z'))).toBe('2026-11-30');
    expect(calendar.dayOf(at('2026-11-30T18:30:00Z'))).toBe('2026-12-01');
    expect(calendar.dayOf(at('2026-11-30T23:00:00Z'))).toBe('2026-12-01');
    // 23:00 UTC on 31 December is New Year's Day in India.
    expect(calendar.dayOf(at('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  it('works Monday to Friday, not Saturday or Sunday', () => {
    expect(calendar.isWorkingDay('2026-11-27')).toBe(true); // Fri
    expect(calendar.isWorkingDay('2026-11-28')).toBe(false); // Sat
    expect(calendar.isWorkingDay('2026-11-29')).toBe(false); // Sun
    expect(calendar.isWorkingDay('2026-11-30')).toBe(true); // Mon
    expect(calendar.isWorkingDay('2026-12-02')).toBe(true); // Wed
  });

  it("rests on India's three national holidays, whatever the year", () => {
    expect([...INDIA_NATIONAL_HOLIDAYS]).toEqual(['01-26', '08-15', '10-02']);
    expect(calendar.isWorkingDay('2027-01-26')).toBe(false); // Republic Day, a Tuesday
    expect(calendar.isWorkingDay('2028-08-15')).toBe(false); // Independence Day, a Tuesday
    expect(calendar.isWorkingDay('2026-10-02')).toBe(false); // Gandhi Jayanti, a Friday
    // The days around them are ordinary.
    expect(calendar.isWorkingDay('2027-01-27')).toBe(true);
    expect(calendar.isWorkingDay('2028-08-14')).toBe(true);
    expect(calendar.isWorkingDay('2026-10-01')).toBe(true);
  });

  it('rests on the listed holidays too, and ignores what is not a yyyy-mm-dd day', () => {
    const listed = createWorkingCalendar(['2026-12-25', '2026-12-1', 'x2026-12-02', '2026-12-03x', '']);
    expect(listed.isWorkingDay('2026-12-25')).toBe(false);
    expect(listed.isWorkingDay('2026-12-01')).toBe(true);
    expect(listed.isWorkingDay('2026-12-02')).toBe(true);
    expect(listed.isWorkingDay('2026-12-03')).toBe(true);
    // Another calendar does not share them.
    expect(calendar.isWorkingDay('2026-12-25')).toBe(true);
    // Without a list, the national holidays only.
    expect(createWorkingCalendar().isWorkingDay('2027-01-26')).toBe(false);
  });

  describe('addWorkingDays', () => {
    it('returns the instant itself for 0 or fewer days', () => {
      const from = at('2026-11-28T06:00:00Z'); // a Saturday
      expect(calendar.addWorkingDays(from, 0).toISOString()).toBe(from.toISOString());
      expect(calendar.addWorkingDays(from, -3).toISOString()).toBe(from.toISOString());
      expect(calendar.addWorkingDays(from, 0.9).toISOString()).toBe(from.toISOString());
    });

    it('moves over a weekend, keeping the time of day', () => {
      // Friday 10:00 IST + 1 = Monday 10:00 IST.
      expect(calendar.addWorkingDays(at('2026-11-27T04:30:00Z'), 1).toISOString()).toBe(
        '2026-11-30T04:30:00.000Z',
      );
      // Thursday + 2 = Monday; + 1.7 counts one day.
      expect(calendar.addWorkingDays(at('2026-11-26T04:30:00Z'), 2).toISOString()).toBe(
        '2026-11-30T04:30:00.000Z',
      );
      expect(calendar.addWorkingDays(at('2026-11-26T04:30:00Z'), 1.7).toISOString()).toBe(
        '2026-11-27T04:30:00.000Z',
      );
      // From a Saturday, the first working day is Monday.
      expect(calendar.addWorkingDays(at('2026-11-28T04:30:00Z'), 1).toISOString()).toBe(
        '2026-11-30T04:30:00.000Z',
      );
    });

    it('moves over a national holiday and a listed one', () => {
      // Friday 22 January 2027 + 2: Monday 25, (Republic Day Tuesday 26), Wednesday 27.
      expect(calendar.addWorkingDays(at('2027-01-22T04:30:00Z'), 2).toISOString()).toBe(
        '2027-01-27T04:30:00.000Z',
      );
      const listed = createWorkingCalendar(['2026-12-25']);
      // Thursday 24 December + 1: Christmas listed, the weekend, Monday 28.
      expect(listed.addWorkingDays(at('2026-12-24T04:30:00Z'), 1).toISOString()).toBe(
        '2026-12-28T04:30:00.000Z',
      );
      expect(calendar.addWorkingDays(at('2026-12-24T04:30:00Z'), 1).toISOString()).toBe(
        '2026-12-25T04:30:00.000Z',
      );
    });

    it('counts from the IST day: Friday 23:00 UTC is Saturday in India', () => {
      // Saturday 04:30 IST + 1 = Monday 04:30 IST (Sunday 23:00 UTC).
      expect(calendar.addWorkingDays(at('2026-11-27T23:00:00Z'), 1).toISOString()).toBe(
        '2026-11-29T23:00:00.000Z',
      );
      // The same instant read as UTC (a Friday) would have given Monday too late or Saturday: not so.
      expect(calendar.dayOf(calendar.addWorkingDays(at('2026-11-27T23:00:00Z'), 1))).toBe('2026-11-30');
    });
  });

  describe('workingDaysBetween', () => {
    it('is 0 the same day, and when the end is not later', () => {
      expect(calendar.workingDaysBetween(at('2026-11-30T04:00:00Z'), at('2026-11-30T12:00:00Z'))).toBe(0);
      expect(calendar.workingDaysBetween(at('2026-12-02T04:00:00Z'), at('2026-11-30T04:00:00Z'))).toBe(0);
      expect(calendar.workingDaysBetween(at('2026-11-30T04:00:00Z'), at('2026-11-30T04:00:00Z'))).toBe(0);
    });

    it('counts the working days after the first day up to the last: Friday to Monday is 1', () => {
      expect(calendar.workingDaysBetween(at('2026-11-27T04:00:00Z'), at('2026-11-30T04:00:00Z'))).toBe(1);
      expect(calendar.workingDaysBetween(at('2026-11-27T04:00:00Z'), at('2026-11-28T04:00:00Z'))).toBe(0);
      expect(calendar.workingDaysBetween(at('2026-11-30T04:00:00Z'), at('2026-12-04T04:00:00Z'))).toBe(4);
      // Over Republic Day: Friday 22 → Wednesday 27 January 2027 is 2.
      expect(calendar.workingDaysBetween(at('2027-01-22T04:00:00Z'), at('2027-01-27T04:00:00Z'))).toBe(2);
      expect(
        createWorkingCalendar(['2026-12-01']).workingDaysBetween(
          at('2026-11-30T04:00:00Z'),
          at('2026-12-02T04:00:00Z'),
        ),
      ).toBe(1);
    });

    it('reads both ends as IST days', () => {
      // Monday 23:00 UTC is Tuesday in India: one working day after Monday.
      expect(calendar.workingDaysBetween(at('2026-11-30T04:00:00Z'), at('2026-11-30T23:00:00Z'))).toBe(1);
      // Sunday 23:00 UTC is Monday in India: Friday → that is 1.
      expect(calendar.workingDaysBetween(at('2026-11-27T04:00:00Z'), at('2026-11-29T23:00:00Z'))).toBe(1);
    });

    it('is what addWorkingDays added, from a working day', () => {
      const from = at('2027-01-21T04:30:00Z');
      for (const days of [1, 2, 5, 8, 11]) {
        expect(calendar.workingDaysBetween(from, calendar.addWorkingDays(from, days))).toBe(days);
      }
    });
  });
});
