import { describe, expect, it } from 'vitest';
import { percentileOf, turnaroundFigures } from './turnaround-fns.js';

describe('turnaround figures (issue 27): exact percentiles of whole working days', () => {
  it('has none before the first answer', () => {
    expect(turnaroundFigures([])).toEqual({ answered: 0, medianDays: null, p90Days: null });
    expect(turnaroundFigures([{ workingDays: 3, answers: 0 }])).toEqual({
      answered: 0,
      medianDays: null,
      p90Days: null,
    });
  });

  it('one answer is its own median and 90th percentile', () => {
    expect(turnaroundFigures([{ workingDays: 4, answers: 1 }])).toEqual({
      answered: 1,
      medianDays: 4,
      p90Days: 4,
    });
  });

  it('reads the nearest rank, in any order of buckets', () => {
    // 1,2,3,...,10 once each: median is the 5th value, p90 the 9th.
    const buckets = Array.from({ length: 10 }, (_, i) => ({ workingDays: 10 - i, answers: 1 }));
    expect(turnaroundFigures(buckets)).toEqual({ answered: 10, medianDays: 5, p90Days: 9 });
  });

  it('weights days by their answers', () => {
    const buckets = [
      { workingDays: 2, answers: 8 },
      { workingDays: 20, answers: 2 },
    ];
    expect(percentileOf(buckets, 0.5)).toBe(2);
    expect(percentileOf(buckets, 0.8)).toBe(2);
    expect(percentileOf(buckets, 0.9)).toBe(20);
    // An even count: the median is the lower middle value (rank ceil(n/2)).
    expect(
      percentileOf(
        [
          { workingDays: 1, answers: 1 },
          { workingDays: 7, answers: 1 },
        ],
        0.5,
      ),
    ).toBe(1);
  });
});
