/** One bucket of an institution's turnaround histogram: so many first answers after so many working days. */
export interface TurnaroundBucket {
  workingDays: number;
  answers: number;
}

export interface TurnaroundFigures {
  answered: number;
  medianDays: number | null;
  p90Days: number | null;
}

/**
 * The nearest-rank percentile of integer day counts (exact, no interpolation): the smallest count whose
 * cumulative share reaches `p`. Figures of whole working days stay whole days a person can read.
 */
export function percentileOf(buckets: readonly TurnaroundBucket[], p: number): number | null {
  const sorted = buckets.filter((b) => b.answers > 0).sort((a, b) => a.workingDays - b.workingDays);
  const total = sorted.reduce((sum, b) => sum + b.answers, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const bucket of sorted) {
    seen += bucket.answers;
    if (seen >= rank) return bucket.workingDays;
  }
  return sorted.at(-1)?.workingDays ?? null;
}

/** What institutions.requests_answered / median_days / p90_days hold after an answer. */
export function turnaroundFigures(buckets: readonly TurnaroundBucket[]): TurnaroundFigures {
  return {
    answered: buckets.reduce((sum, b) => sum + Math.max(0, b.answers), 0),
    medianDays: percentileOf(buckets, 0.5),
    p90Days: percentileOf(buckets, 0.9),
  };
}
