import { randomBytes } from 'node:crypto';
import type { Orm } from '../db/client.js';
import type { ReadCache } from '../lib/read-cache.js';
import { createAadhaarErasureRepository } from '../modules/aadhaar/aadhaar-erasure-repository.js';
import { createAuthErasureRepository } from '../modules/auth/auth-erasure-repository.js';
import { createCredentialsErasureRepository } from '../modules/credentials/credentials-erasure-repository.js';
import { createEvaluationErasureRepository } from '../modules/evaluation/evaluation-erasure-repository.js';
import { createFilesErasureRepository } from '../modules/files/files-erasure-repository.js';
import { createInstitutionsErasureRepository } from '../modules/institutions/institutions-erasure-repository.js';
import { createNameChangeErasureRepository } from '../modules/name-change/name-change-erasure-repository.js';
import { createNotificationsErasureRepository } from '../modules/notifications/notifications-erasure-repository.js';
import { createOrgCandidatesErasureRepository } from '../modules/org-candidates/org-candidates-erasure-repository.js';
import {
  createOrgNotificationsErasureRepository,
  type SentMail,
} from '../modules/org-settings/org-notifications-erasure-repository.js';
import { createPaymentsErasureRepository } from '../modules/payments/payments-erasure-repository.js';
import { createDisclosuresErasureRepository } from '../modules/privacy/disclosures-erasure-repository.js';
import { createNominationErasureRepository } from '../modules/privacy/nomination-erasure-repository.js';
import type { ErasurePorts } from '../modules/privacy/erasure-service.js';
import { createRequestsErasureRepository } from '../modules/privacy/requests-erasure-repository.js';
import {
  ERASED_MOBILE_PREFIX,
  createProfileErasureRepository,
} from '../modules/profile/profile-erasure-repository.js';
import { createReportsErasureRepository } from '../modules/reports/reports-erasure-repository.js';
import { createSourcesErasureRepository } from '../modules/sources/sources-erasure-repository.js';
import { createSupportErasureRepository } from '../modules/support/support-erasure-repository.js';
import { createTransactionResultsRepository } from '../modules/transactions/transactions-results-repository.js';
import type { OutboxRepository } from '../providers/outbox/outbox-repository.js';
import type { MessageSender } from '../providers/sms/index.js';
import type { Storage } from '../storage/storage.js';

/** What an erased profile's name reads (never a person's). */
export const ERASED_NAME = 'Erased';

/**
 * The erasure's ports (issue 29, ADR 0049 "Erasure"): each module's own `*-erasure-repository.ts`, in
 * the order the ADR asks: credentials revoked in the status list first, stored objects deleted before
 * their rows, the rest, then (after the confirmation SMS) the outbox's copies and the profile's
 * placeholder. Modules never import each other: this composition is where they meet.
 */
export function createErasurePorts(deps: {
  orm: Orm;
  storage: Storage;
  sender: MessageSender;
  outbox: OutboxRepository | null;
  liveSessions: ReadCache<string, boolean>;
  profileCache: { invalidate(id: string): void };
  /** The transactions module's cached snapshots (answers, records, report): dropped once erased. */
  txnCache: { invalidate(id: string): void };
  /** Removes a resumable upload's partial bytes from the tus store (gone already: no error). */
  removeResumableUpload: (id: string) => Promise<void>;
}): ErasurePorts {
  const { orm, storage } = deps;
  const profile = createProfileErasureRepository(orm, deps.profileCache);
  const transactions = createTransactionResultsRepository(orm);
  const credentials = createCredentialsErasureRepository(orm);
  const files = createFilesErasureRepository(orm);
  const reports = createReportsErasureRepository(orm);
  const payments = createPaymentsErasureRepository(orm);
  const auth = createAuthErasureRepository(orm, deps.liveSessions);
  const aadhaar = createAadhaarErasureRepository(orm);
  const evaluation = createEvaluationErasureRepository(orm);
  const nameChanges = createNameChangeErasureRepository(orm);
  const notifications = createNotificationsErasureRepository(orm);
  const support = createSupportErasureRepository(orm);
  const sources = createSourcesErasureRepository(orm);
  const institutions = createInstitutionsErasureRepository(orm);
  const orgCandidates = createOrgCandidatesErasureRepository(orm);
  const disclosures = createDisclosuresErasureRepository(orm);
  const privacyRequests = createRequestsErasureRepository(orm);
  const nominations = createNominationErasureRepository(orm);
  const orgMails = createOrgNotificationsErasureRepository(orm);
  const clearMailCopies = async (mails: SentMail[]) => {
    for (const mail of mails) await deps.outbox?.deleteMessage(mail.to, mail.sent);
  };
  const deleteObjects = async (keys: string[]) => {
    for (const key of keys) await storage.delete(key);
  };
  return {
    async candidate(profileId) {
      const contact = await profile.contact(profileId);
      if (!contact || contact.mobile.startsWith(ERASED_MOBILE_PREFIX)) return null;
      return { profileId, ...contact, txnIds: await transactions.transactionIds(profileId) };
    },
    disputes: [
      async (c) => ((await payments.hasOpenRefund(c.profileId)) ? 'A refund is in progress' : null),
      async (c) => ((await privacyRequests.hasOpenGrievance(c.profileId)) ? 'A grievance is open' : null),
    ],
    steps: [
      { name: 'credentials revoked', erase: (c, at) => credentials.revokeAll(c.profileId, at) },
      {
        name: 'stored objects',
        erase: async (c) => {
          await deleteObjects(await files.storageKeys(c.profileId));
          // Uploads not finished yet hold the candidate's bytes in the tus store until they expire.
          for (const id of await files.resumableUploadIds(c.profileId)) await deps.removeResumableUpload(id);
          await deleteObjects(await reports.storageKeys(c.txnIds));
        },
      },
      { name: 'credentials deleted', erase: (c) => credentials.deleteContent(c.profileId) },
      { name: 'reports', erase: (c) => reports.deleteRows(c.txnIds) },
      { name: 'institutions', erase: (c) => institutions.eraseCandidate(c.txnIds) },
      { name: 'sources', erase: (c) => sources.eraseCandidate(c.profileId) },
      { name: 'name changes', erase: (c) => nameChanges.eraseCandidate(c.profileId) },
      {
        name: 'transactions',
        erase: async (c) => {
          await transactions.eraseCandidate(c.txnIds);
          for (const txnId of c.txnIds) deps.txnCache.invalidate(txnId);
        },
      },
      { name: 'files', erase: (c) => files.deleteRows(c.profileId) },
      { name: 'aadhaar', erase: (c) => aadhaar.eraseCandidate(c.profileId) },
      { name: 'evaluation', erase: (c) => evaluation.eraseCandidate(c.profileId) },
      { name: 'notifications', erase: (c) => notifications.eraseCandidate(c.profileId) },
      { name: 'support', erase: (c) => support.eraseCandidate(c.profileId) },
      {
        name: 'invitations',
        erase: (c) => orgCandidates.eraseCandidate(c.txnIds, c.mobile, ERASED_NAME),
      },
      { name: 'sessions and OTPs', erase: (c) => auth.eraseCandidate(c.profileId, c.mobile) },
      { name: 'disclosures', erase: (c) => disclosures.eraseDetails(c.profileId) },
      { name: 'privacy requests', erase: (c, at) => privacyRequests.eraseCandidate(c.profileId, at) },
      { name: 'nominations', erase: (c) => nominations.eraseCandidate(c.profileId) },
      {
        // The organisation's change e-mails name the candidate; the dev outbox holds their delivered copies.
        name: 'organisation mails',
        erase: (c) => orgMails.eraseChangeMails(c.txnIds, clearMailCopies),
      },
      {
        // Its daily digests name the candidate on a line each, among others: those lines are rewritten.
        name: 'organisation digests',
        erase: (c, at) => orgMails.eraseDigestLines(c.txnIds, clearMailCopies, at),
      },
    ],
    sendSms: (to, body) => deps.sender.send({ channel: 'sms', to, body, otp: '' }),
    finally: [
      // The dev outbox is where a delivered SMS stays: its copies go once the confirmation went.
      { name: 'outbox', erase: async (c) => deps.outbox?.deleteTo(c.mobile) },
      {
        name: 'profile',
        erase: (c) =>
          profile.anonymise(c.profileId, {
            name: ERASED_NAME,
            mobile: `${ERASED_MOBILE_PREFIX}${randomBytes(16).toString('hex')}`,
          }),
      },
    ],
  };
}
