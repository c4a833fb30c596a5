import { REQUIRED_PURPOSES, type LedgerCheckResponse } from '@veridocs/shared';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  problemOf,
  sortedPurposes,
  standingGrants,
  type LedgerEntry,
  type LedgerFacts,
  type PurposeGrants,
} from './ledger-fns.js';
import type { PrivacyRepository } from './privacy-repository.js';

export interface PrivacyServiceDeps {
  repo: PrivacyRepository;
  now: () => Date;
  /** Entries read per query while checking the chain. */
  checkBatch?: number;
}

/** Privacy by law (issue 29, ADR 0049): the consent ledger and its check. */
export function createPrivacyService(deps: PrivacyServiceDeps) {
  const { repo } = deps;
  const batch = deps.checkBatch ?? 1_000;

  return {
    /**
     * Records a consent, refusal or withdrawal. A consent grants every required purpose (refusing one
     * is a refusal); a withdrawal names only what it withdraws; each purpose once.
     */
    async record(facts: Omit<LedgerFacts, 'at'>): Promise<LedgerEntry> {
      let purposes;
      try {
        purposes = sortedPurposes(facts.purposes);
      } catch (error) {
        throw new AppError('VALIDATION_FAILED', (error as Error).message);
      }
      if (purposes.length === 0) throw new AppError('VALIDATION_FAILED', 'Name at least one purpose');
      if (facts.action === 'consent') {
        const missing = REQUIRED_PURPOSES.filter(
          (required) => !purposes.some((p) => p.purpose === required && p.granted),
        );
        if (missing.length > 0)
          throw new AppError(
            'VALIDATION_FAILED',
            `A consent grants the required purposes: ${missing.join(', ')}`,
          );
      }
      if (facts.action === 'withdraw' && purposes.some((p) => p.granted))
        throw new AppError('VALIDATION_FAILED', 'A withdrawal grants nothing');
      return repo.append({ ...facts, purposes, at: deps.now() });
    },

    /** What a candidate's consent to one request grants now (consents, refusals, withdrawals folded). */
    async grantsOf(profileId: string, txnId: string): Promise<PurposeGrants> {
      return standingGrants(await repo.entriesOfTxn(profileId, txnId));
    },

    /** The same, read inside the caller's database transaction (a state-change hook's). */
    async grantsOfIn(scope: DbScope, profileId: string, txnId: string): Promise<PurposeGrants> {
      return standingGrants(await repo.entriesOfTxnIn(scope, profileId, txnId));
    },

    /** Walks the chain from its first entry; answers the first entry that does not hold. */
    async check(): Promise<LedgerCheckResponse> {
      let previous: LedgerEntry | null = null;
      let entries = 0;
      for (;;) {
        const page = await repo.entriesAfter(previous?.seq ?? 0, batch);
        for (const entry of page) {
          const problem = problemOf(previous, entry);
          if (problem)
            return {
              entries,
              ok: false,
              headHash: null,
              firstBadSeq: entry.seq,
              problem,
              checkedAt: deps.now().toISOString(),
            };
          entries++;
          previous = entry;
        }
        if (page.length < batch) break;
      }
      return {
        entries,
        ok: true,
        headHash: previous?.hash ?? null,
        firstBadSeq: null,
        problem: null,
        checkedAt: deps.now().toISOString(),
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
