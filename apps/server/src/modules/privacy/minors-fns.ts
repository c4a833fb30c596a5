import { MINIMUM_AGE, latestBirthDay } from '@veridocs/shared';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar day in India (IST, UTC+5:30) at `at`, as yyyy-MM-dd. */
export const istDay = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Whether a date of birth (yyyy-MM-dd) makes the person under 18 on `at`'s day in India (ADR 0049
 * "Minors"): 18 on their birthday (29 February: on 1 March of a common year, as the forms' own
 * minimum-age rule counts). An unreadable date
 * answers false: the identity paths check their formats before.
 */
export function isUnder18(dateOfBirth: string, at: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return false;
  return dateOfBirth > latestBirthDay(istDay(at), MINIMUM_AGE);
}
