import { createWorkingCalendar } from '@veridocs/shared';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { caseExpectation } from './expected-date-fns.js';
import type { InstitutionTimeConfig } from './institution-mail-fns.js';
import type { ExpectedDateRepository } from './expected-date-repository.js';

/** The transactions module's side (a port: modules/transactions/institution-ports.ts). */
export interface ExpectedDatePort {
  expectationBasis(txnId: string): Promise<{
    expectedWorkingDays: number;
    submissionDate: Date | null;
    verificationNames: string[];
  } | null>;
  setInstitutionExpectedDate(txnId: string, date: Date): Promise<boolean>;
}

/**
 * The candidate's expected completion date from the institutions' measured turnaround and answers
 * (issue 27, ADR 0046): recomputed whenever a request of the case changes (sent, answered, cancelled).
 */
export function createExpectedDateService(deps: {
  repo: ExpectedDateRepository;
  transactions: ExpectedDatePort;
  config: Pick<InstitutionTimeConfig, 'teamDays' | 'holidays'>;
  now: Clock;
}) {
  const calendar = createWorkingCalendar(deps.config.holidays);
  return {
    /**
     * Recomputes and writes the case's expected date; answers it, or null when no request covers a
     * counted verification (or the case is not open), which leaves the date as it is.
     */
    async refreshExpectedDate(txnId: string): Promise<Date | null> {
      if (!isUuid(txnId)) return null;
      const id = txnId.toLowerCase();
      const basis = await deps.transactions.expectationBasis(id);
      if (!basis) return null;
      const date = caseExpectation(
        calendar,
        await deps.repo.coverage(id),
        basis,
        deps.config.teamDays,
        deps.now(),
      );
      if (!date) return null;
      await deps.transactions.setInstitutionExpectedDate(id, date);
      return date;
    },
  };
}

export type ExpectedDateService = ReturnType<typeof createExpectedDateService>;
