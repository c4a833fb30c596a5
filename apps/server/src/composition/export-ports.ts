import type { Orm } from '../db/client.js';
import { createCredentialsExportRepository } from '../modules/credentials/credentials-export-repository.js';
import { createFilesExportRepository } from '../modules/files/files-export-repository.js';
import { createNameChangeExportRepository } from '../modules/name-change/name-change-export-repository.js';
import { createNotificationsExportRepository } from '../modules/notifications/notifications-export-repository.js';
import { createPaymentsExportRepository } from '../modules/payments/payments-export-repository.js';
import type { ExportPorts } from '../modules/privacy/export-service.js';
import { createProfileExportRepository } from '../modules/profile/profile-export-repository.js';
import { ERASED_MOBILE_PREFIX } from '../modules/profile/profile-erasure-repository.js';
import { createSourcesExportRepository } from '../modules/sources/sources-export-repository.js';
import { createReportsExportRepository } from '../modules/reports/reports-export-repository.js';
import { createSupportExportRepository } from '../modules/support/support-export-repository.js';
import { createTransactionsExportRepository } from '../modules/transactions/transactions-export-repository.js';
import type { Storage } from '../storage/storage.js';

/**
 * The data export's ports (issue 29, ADR 0049 "Export"): each module reads its own tables in its own
 * `*-export-repository.ts`; the stored files come through the storage port (local disk or S3). Modules
 * never import each other: this composition is where they meet.
 */
export function createExportPorts(deps: { orm: Orm; storage: Storage }): ExportPorts {
  const { orm, storage } = deps;
  const profile = createProfileExportRepository(orm);
  const transactions = createTransactionsExportRepository(orm);
  const files = createFilesExportRepository(orm);
  const reports = createReportsExportRepository(orm);
  const credentials = createCredentialsExportRepository(orm);
  const payments = createPaymentsExportRepository(orm);
  const notifications = createNotificationsExportRepository(orm);
  const support = createSupportExportRepository(orm);
  const nameChanges = createNameChangeExportRepository(orm);
  const sources = createSourcesExportRepository(orm);
  return {
    async profile(profileId) {
      const row = await profile.profile(profileId);
      return row && { profile: row, erased: row.mobile.startsWith(ERASED_MOBILE_PREFIX) };
    },
    requests: (profileId) => transactions.requests(profileId),
    documents: (profileId) => files.documents(profileId),
    reports: (txnIds) => reports.reports(txnIds),
    credentials: (profileId) => credentials.credentials(profileId),
    payments: (profileId) => payments.payments(profileId),
    notifications: (profileId) => notifications.notifications(profileId),
    chat: (profileId) => support.chat(profileId),
    nameChanges: (profileId) => nameChanges.nameChanges(profileId),
    issuerPulls: (profileId) => sources.issuerPulls(profileId),
    readObject: (key) => storage.get(key),
  };
}
