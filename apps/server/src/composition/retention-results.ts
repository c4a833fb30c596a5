import type { Orm } from '../db/client.js';
import { createCredentialsErasureRepository } from '../modules/credentials/credentials-erasure-repository.js';
import { createInstitutionsErasureRepository } from '../modules/institutions/institutions-erasure-repository.js';
import type { Purger } from '../modules/privacy/retention-service.js';
import { createReportsErasureRepository } from '../modules/reports/reports-erasure-repository.js';
import { createTransactionResultsRepository } from '../modules/transactions/transactions-results-repository.js';
import type { Storage } from '../storage/storage.js';

/** A credential revoked because its request's results were purged (the status list's reason). */
export const RESULTS_EXPIRED_REASON = 'expired-retention';

/**
 * The `results` class of the retention schedule (ADR 0049): a request's answers, verification data
 * (institutions' claims and answers too), report and credentials, `RETENTION_RESULTS_DAYS` after it
 * closed. Each batch is one database transaction: the credentials revoked (status bit set), the
 * reports' PDFs deleted from storage, then every row, then the request marked `results_purged_at`. A
 * failure rolls the rows back, so the next run finishes what objects a crash already removed. The
 * request itself, its states, payments and the consent ledger stay.
 *
 * Counts: `rows` = requests whose results were purged; `objects` = report PDFs deleted from storage.
 */
export function createResultsPurger(deps: {
  orm: Orm;
  storage: Storage;
  now: () => Date;
  /** The transactions module's cached snapshot of each purged request (answers, records, report). */
  invalidate: (txnId: string) => void;
}): Purger {
  const results = createTransactionResultsRepository(deps.orm);
  const credentials = createCredentialsErasureRepository(deps.orm);
  const reports = createReportsErasureRepository(deps.orm);
  const institutions = createInstitutionsErasureRepository(deps.orm);
  return async (cutoff, batch) => {
    const total = { rows: 0, objects: 0 };
    for (;;) {
      const at = deps.now();
      let objects = 0;
      const purged = await results.purgeClosedBefore(cutoff, batch, at, async (scope, txnIds) => {
        await credentials.purgeOfTransactions(scope, txnIds, at, RESULTS_EXPIRED_REASON);
        const keys = await reports.storageKeys(txnIds, scope);
        for (const key of keys) await deps.storage.delete(key);
        objects = keys.length;
        await reports.deleteRows(txnIds, scope);
        await institutions.eraseCandidate(txnIds, scope);
      });
      for (const txnId of purged) deps.invalidate(txnId);
      total.rows += purged.length;
      total.objects += objects;
      if (purged.length < batch) return total;
    }
  };
}
