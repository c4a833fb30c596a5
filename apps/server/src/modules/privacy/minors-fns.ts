import { MINIMUM_AGE, latestBirthDay } from '@veridocs/shared';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar day in India (IST, UTC+5:30) at `at`, as yyyy-MM-dd. */
export const istDay = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Whether a date of birth (yyyy-MM-dd) makes the person under 18 on `at`'s day in India (ADR 0049
 * "Minors"): 18 on their birthday (29 February: on 1 March of a common year, as the forms' own
 * minimum-age rule counts). An unreadable date answers false: the identity paths check their formats
 * before.
 */
export function isUnder18(dateOfBirth: string, at: Date): boolean {
  const date = isoBirthDate(dateOfBirth);
  if (date === null) return false;
  return date > latestBirthDay(istDay(at), MINIMUM_AGE);
}

/**
 * A verified date of birth as yyyy-MM-dd: ISO already, the sources' dd-MM-yyyy or dd/MM/yyyy, or a year
 * alone (Aadhaar holds only the year for some residents; UIDAI reads it as 1 January of that year). Null
 * when unreadable.
 */
export function isoBirthDate(value: string): string | null {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const dayFirst = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}`;
  if (/^\d{4}$/.test(text)) return `${text}-01-01`;
  return null;
}
