import { createWorkingCalendar } from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import { caseExpectation, verificationExpectation, type Coverage } from './expected-date-fns.js';

const calendar = createWorkingCalendar();
// Monday 4 January 2027, 10:00 IST.
const now = new Date('2027-01-04T04:30:00.000Z');
const sent = new Date('2027-01-04T04:30:00.000Z');
const covered = (patch: Partial<Coverage>): Coverage => ({
  verificationName: 'bgv-degree',
  sentAt: sent,
  answeredAt: null,
  p90Days: null,
  medianDays: null,
  ...patch,
});
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('the expected date from institution requests', () => {
  it('before the answer: sent + the institution p90, else its median, else the form, + team days', () => {
    // p90 6 + team 2 = 8 working days from Monday 4: Wednesday 14 January.
    expect(iso(verificationExpectation(calendar, covered({ p90Days: 6, medianDays: 3 }), 7, 2, now))).toBe(
      '2027-01-14T04:30:00.000Z',
    );
    // Median 3 + 2 = 5: Monday 11.
    expect(iso(verificationExpectation(calendar, covered({ medianDays: 3 }), 7, 2, now))).toBe(
      '2027-01-11T04:30:00.000Z',
    );
    // The form's 7 + 2 = 9: Thursday 15.
    expect(iso(verificationExpectation(calendar, covered({}), 7, 2, now))).toBe('2027-01-15T04:30:00.000Z');
    // p90 of 0 days is a figure, not a missing one.
    expect(iso(verificationExpectation(calendar, covered({ p90Days: 0, medianDays: 5 }), 7, 2, now))).toBe(
      '2027-01-06T04:30:00.000Z',
    );
  });

  it('counts from now while the request waits for the daily digest', () => {
    const later = new Date('2027-01-06T04:30:00.000Z');
    expect(iso(verificationExpectation(calendar, covered({ sentAt: null, p90Days: 1 }), 7, 2, later))).toBe(
      '2027-01-11T04:30:00.000Z',
    );
  });

  it('once answered: the answer + team days, over a national holiday', () => {
    // Friday 22 January + 2: Monday 25, (Tuesday 26 Republic Day), Wednesday 27.
    const answeredAt = new Date('2027-01-22T06:00:00.000Z');
    expect(iso(verificationExpectation(calendar, covered({ answeredAt, p90Days: 30 }), 7, 2, now))).toBe(
      '2027-01-27T06:00:00.000Z',
    );
  });

  describe('the case', () => {
    const basis = {
      expectedWorkingDays: 7,
      submissionDate: new Date('2027-01-13T00:00:00.000Z'),
      verificationNames: ['bgv-degree', 'bgv-employment'],
    };

    it('is the latest of the covered ones and the submission date for the uncovered', () => {
      // Degree covered (p90 2 + 2 = Friday 8): the employment keeps the submission's Wednesday 13.
      expect(iso(caseExpectation(calendar, [covered({ p90Days: 2 })], basis, 2, now))).toBe(
        '2027-01-13T00:00:00.000Z',
      );
      // A slow institution (p90 10 + 2 = 12: Wednesday 20) moves it later.
      expect(iso(caseExpectation(calendar, [covered({ p90Days: 10 })], basis, 2, now))).toBe(
        '2027-01-20T04:30:00.000Z',
      );
    });

    it('moves earlier when the institution answers and every verification is covered', () => {
      const both = [covered({ p90Days: 10 }), covered({ verificationName: 'bgv-employment', p90Days: 4 })];
      expect(iso(caseExpectation(calendar, both, basis, 2, now))).toBe('2027-01-20T04:30:00.000Z');
      const answered = [
        covered({ p90Days: 10, answeredAt: new Date('2027-01-05T04:30:00.000Z') }),
        covered({ verificationName: 'bgv-employment', p90Days: 4 }),
      ];
      // Degree: Tuesday 5 + 2 = Thursday 7; employment: 4 + 2 = 6 from Monday 4: Tuesday 12.
      expect(iso(caseExpectation(calendar, answered, basis, 2, now))).toBe('2027-01-12T04:30:00.000Z');
    });

    it('ignores requests of verifications that do not count (skipped), and answers null without any', () => {
      const skipped = [covered({ verificationName: 'bgv-tenth', p90Days: 40 })];
      expect(caseExpectation(calendar, skipped, basis, 2, now)).toBeNull();
      expect(caseExpectation(calendar, [], basis, 2, now)).toBeNull();
      // Without a submission date, the covered ones alone.
      expect(
        iso(caseExpectation(calendar, [covered({ p90Days: 2 })], { ...basis, submissionDate: null }, 2, now)),
      ).toBe('2027-01-08T04:30:00.000Z');
    });
  });
});
