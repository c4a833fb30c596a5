import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { DocumentAnalyser } from '../modules/files/analyser.js';
import type { GeoProviders } from '../modules/geo/geo-service.js';
import type { AadhaarProvider } from '../providers/aadhaar/index.js';
import type { ApiSetuProvider } from '../providers/apisetu/index.js';
import type { DigiLockerProvider } from '../providers/digilocker/index.js';
import type { EvaluationDirectory } from '../providers/evaluation/index.js';
import type { MailSender } from '../providers/mail/index.js';
import type { PaymentGateway } from '../providers/payments/gateway.js';
import type { ReportDelivery } from '../providers/report-delivery/index.js';
import type { MessageSender } from '../providers/sms/index.js';
import type { Storage } from '../storage/index.js';

/** What a caller (main.ts, a test) may replace when it builds the app. */
export interface AppDeps {
  /** An open database; the caller closes it. Without it the app opens (and closes) its own. */
  db?: Database;
  /** The clock of every time-dependent rule (tests move it). */
  now?: Clock;
  /** Replaces the configured SMS/WhatsApp provider. */
  sender?: MessageSender;
  /** Replaces the configured e-mail provider. */
  mailer?: MailSender;
  /** Replaces the evaluation-partner directory (the embedded sandbox). */
  evaluationDirectory?: EvaluationDirectory;
  /** Replaces the pino logger built from LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** Replaces the document checks and OCR (tests pass a stand-in). */
  analyser?: DocumentAnalyser;
  /** Replaces the configured file storage. */
  storage?: Storage;
  /** Replaces the offline geocoding, map image and country-by-IP providers. */
  geo?: GeoProviders;
  /** Replaces the configured Aadhaar provider. */
  aadhaar?: AadhaarProvider;
  /** Replaces the configured DigiLocker (the sandbox's own sign-in pages stay while it is configured). */
  digilocker?: DigiLockerProvider;
  /** Replaces the configured API Setu issuers. */
  apisetu?: ApiSetuProvider;
  /** More payment gateways (adapters, or a test's stand-in), beside the embedded sandbox. */
  paymentGateways?: PaymentGateway[];
  /** Replaces how verification reports reach the evaluation partners (signed webhooks by default). */
  reportDelivery?: ReportDelivery;
}
