import { CONTACT_US_STATES } from '../constants/states.js';

/** The Contact Us block shows when any of the candidate's (first 100) transactions is in one of these states. */
export function showsContactUs(transactions: ReadonlyArray<{ state: string }>): boolean {
  return transactions.some((t) => (CONTACT_US_STATES as readonly string[]).includes(t.state));
}
