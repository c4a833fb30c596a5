import type { WorkingCalendar } from '@veridocs/shared';

/** The latest request covering one verification of a case, with its institution's measured turnaround. */
export interface Coverage {
  verificationName: string;
  /** When the request went out; null while it waits for the contact's daily digest. */
  sentAt: Date | null;
  /** The institution's first answer about this verification; null while unanswered. */
  answeredAt: Date | null;
  p90Days: number | null;
  medianDays: number | null;
}

/**
 * When one verification covered by a request is expected done (ADR 0046): once answered, the answer plus
 * the team's own days; before, from when it was sent (or now, while it waits) the institution's 90th
 * percentile (else its median, else the form's estimate) plus the team's days, all in working days.
 */
export function verificationExpectation(
  calendar: WorkingCalendar,
  coverage: Coverage,
  formDays: number,
  teamDays: number,
  now: Date,
): Date {
  if (coverage.answeredAt) return calendar.addWorkingDays(coverage.answeredAt, teamDays);
  const institutionDays = coverage.p90Days ?? coverage.medianDays ?? formDays;
  return calendar.addWorkingDays(coverage.sentAt ?? now, institutionDays + teamDays);
}

/**
 * The case's expected date: the latest of its covered verifications' expectations and, when some
 * counted verification has no request, the submission's date. Null when nothing is covered (the
 * submission's date stands as it is).
 */
export function caseExpectation(
  calendar: WorkingCalendar,
  coverage: readonly Coverage[],
  basis: { expectedWorkingDays: number; submissionDate: Date | null; verificationNames: readonly string[] },
  teamDays: number,
  now: Date,
): Date | null {
  const counted = new Set(basis.verificationNames);
  const covered = coverage.filter((c) => counted.has(c.verificationName));
  if (covered.length === 0) return null;
  const names = new Set(covered.map((c) => c.verificationName));
  const dates = covered.map((c) =>
    verificationExpectation(calendar, c, basis.expectedWorkingDays, teamDays, now),
  );
  if (basis.submissionDate && basis.verificationNames.some((name) => !names.has(name)))
    dates.push(basis.submissionDate);
  return new Date(Math.max(...dates.map((d) => d.getTime())));
}
