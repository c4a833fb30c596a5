import type { LedgerCheckResponse, RetentionClass } from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PurgeCount } from '../../db/schema/index.js';
import type { RetentionRepository } from './retention-repository.js';

/**
 * One data class's purge, a port of the module that owns the data (composed in composition/services.ts):
 * removes everything of the class from before `cutoff`, `batch` at a time (each batch its own database
 * transaction, stored objects before their rows), and answers what went.
 */
export type Purger = (cutoff: Date, batch: number) => Promise<PurgeCount>;

/** A purger from one batch's delete (answering the rows it deleted): batches until one comes short. */
export function drainRows(batchDelete: (cutoff: Date, batch: number) => Promise<number>): Purger {
  return async (cutoff, batch) => {
    let rows = 0;
    for (;;) {
      const gone = await batchDelete(cutoff, batch);
      rows += gone;
      if (gone < batch) return { rows, objects: 0 };
    }
  };
}

export interface PurgeReport {
  day: string;
  counts: Partial<Record<RetentionClass, PurgeCount>>;
  ledgerHeadHash: string | null;
  ledgerOk: boolean;
}

export interface RetentionServiceDeps {
  repo: RetentionRepository;
  /** Days each class is kept (config.retention). */
  schedule: Record<RetentionClass, number>;
  /** The classes purged; a class without one is kept (ADR 0049 says why). */
  purgers: Partial<Record<RetentionClass, Purger>>;
  ledger: { check(): Promise<LedgerCheckResponse> };
  now: () => Date;
  log: FastifyBaseLogger;
  batch?: number;
  /** How long a claimed day is the claimant's before another instance may take it over. */
  leaseMs?: number;
}

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

/** The IST calendar day of an instant, YYYY-MM-DD. */
export const istDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The retention purge (ADR 0049 "Retention schedule"): once a day (IST) on one instance, each class's
 * purge with its cutoff (now − its period), then the report to the logs and `purge_runs` with the
 * consent ledger's head hash.
 */
export function createRetentionService(deps: RetentionServiceDeps) {
  const batch = deps.batch ?? 500;
  const leaseMs = deps.leaseMs ?? 3_600_000;

  /** Today's purge when no instance has done or is doing it; null otherwise. */
  async function purgeOnce(): Promise<PurgeReport | null> {
    const started = deps.now();
    const day = istDay(started);
    const id = await deps.repo.claimDay(day, started, new Date(started.getTime() + leaseMs));
    if (id === null) return null;
    const counts: PurgeReport['counts'] = {};
    try {
      for (const [dataClass, purge] of Object.entries(deps.purgers) as [RetentionClass, Purger][]) {
        const cutoff = new Date(started.getTime() - deps.schedule[dataClass] * DAY_MS);
        counts[dataClass] = await purge(cutoff, batch);
      }
      const ledger = await deps.ledger.check();
      const report: PurgeReport = { day, counts, ledgerHeadHash: ledger.headHash, ledgerOk: ledger.ok };
      await deps.repo.finish(id, {
        status: 'done',
        finishedAt: deps.now(),
        counts,
        ledgerHeadHash: ledger.headHash,
        ledgerOk: ledger.ok,
        error: null,
      });
      deps.log.info({ purge: report }, 'retention purge done');
      if (!ledger.ok)
        deps.log.error(
          { ledger: { firstBadSeq: ledger.firstBadSeq, problem: ledger.problem } },
          'the consent ledger does not hold',
        );
      return report;
    } catch (error) {
      await deps.repo.finish(id, {
        status: 'failed',
        finishedAt: deps.now(),
        counts,
        ledgerHeadHash: null,
        ledgerOk: null,
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  }

  return {
    purgeOnce,
    /** The job loop's pass: never "more work", the loop sleeps until its next poll. */
    async runOnce(): Promise<boolean> {
      await purgeOnce();
      return false;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
