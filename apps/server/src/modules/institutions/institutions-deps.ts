import type { DisclosureRecord } from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import type { InstitutionsConfig } from '../../config/types.js';
import type { Clock } from '../../lib/clock.js';
import type { MailSender } from '../../providers/mail/index.js';
import type { FilesService } from '../files/files-service.js';
import type { OpsAuthService } from '../ops-auth/ops-auth-service.js';
import type { OpsService } from '../ops/ops-service.js';
import type { ReferenceService } from '../reference/reference-service.js';
import type { TransactionsService } from '../transactions/transactions-service.js';
import type { DirectoryRepository } from './institutions-repository.js';
import type { RequestsRepository } from './requests-repository.js';

/** What the institutions module is made of (composition/services.ts wires it). */
export interface InstitutionsDeps {
  directory: DirectoryRepository;
  requests: RequestsRepository;
  /** The reference lists' names of institutes and boards (a port: modules never import each other). */
  reference: Pick<ReferenceService, 'resolve'>;
  transactions: Pick<TransactionsService, 'reportContext' | 'opsSourceTarget' | 'contactConsent'>;
  /** The team's one audited decision path (lock, audit), with the institution's mark. */
  ops: Pick<OpsService, 'decideFromSource' | 'caseNames'>;
  files: Pick<
    FilesService,
    'admit' | 'receive' | 'charge' | 'discard' | 'complete' | 'attach' | 'openAttached' | 'get'
  >;
  auth: Pick<OpsAuthService, 'audit'>;
  mailer: MailSender;
  /** ServerKeys.institutions (the links) and ServerKeys.otp (the codes' HMAC, like the other OTPs). */
  keys: { institutions: Uint8Array; otp: Uint8Array };
  config: InstitutionsConfig;
  /** Seconds between two codes for one link (OTP_RESEND_AFTER_SECONDS in tests; else 30). */
  resendAfterSeconds: number;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
  /**
   * After a request is sent or answered (the candidate's expected date follows it; issue 27). Wired by
   * the module that computes that date; a no-op by default.
   */
  onRequestChanged?: (txnId: string) => Promise<void>;
  /**
   * Records that a request's claims and documents went to an institution (ADR 0049 "Disclosures"), in
   * the request's database transaction; a no-op by default.
   */
  disclose?: (scope: DbScope, record: DisclosureRecord) => Promise<void>;
  /** Wakes the institutions' mail job (a request's first e-mail is due now); a no-op by default. */
  kick?: () => void;
}
