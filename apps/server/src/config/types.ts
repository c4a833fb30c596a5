import type { PaymentProvider, RetentionClass } from '@veridocs/shared';
import type { HttpLimits } from '../http/slow-clients.js';
import type { WebhookTargetPolicy } from '../lib/outbound-address.js';
import type { S3Options } from '../storage/s3-storage.js';
import type { TrustProxy } from './trust-proxy.js';

/** The sandbox gateway's documented development key (README "Sandbox webhook"); dev tools only. */
export const SANDBOX_DEV_SECRET = 'veridocs-sandbox-development-secret';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (PGlite lives in `${dataDir}/db`). */
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; prepare: boolean };
  nodeEnv: 'development' | 'production' | 'test';
  devTools: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Undefined: a generated secret is kept in the database (app_secrets). */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  ssoTtlSeconds: number;
  /** Lifetime of an ops access token and its session (ADR 0019). */
  opsAccessTokenTtlSeconds: number;
  /** Lifetime of an organisation portal user's access token and session (ADR 0047). */
  orgAccessTokenTtlSeconds: number;
  /** The hourly caps on a staff account's sign-in codes (ADR 0019). */
  opsSignInLimits: { codesPerHour: number; wrongCodesPerHour: number };
  /** Days an issued credential is valid (its `exp`; ADR 0031). */
  credentialValidityDays: number;
  partnerOrgIds: readonly string[];
  rateLimit: { loginMax: number; otpMax: number; redisUrl: string | undefined };
  /** Which X-Forwarded-For entries give the client address (behind reverse proxies; issue 31 §3). */
  trustProxy: TrustProxy;
  /** Absolute path of the built SPA; served when the folder exists. */
  webDistDir: string;
  /** The built verification console, served under /ops when it has an index.html (ADR 0027). */
  consoleDistDir: string;
  /** The built organisation portal, served under /org when it has an index.html (ADR 0047). */
  orgDistDir: string;
  /** Base URL people open, used in printed and returned links (no trailing slash). */
  publicUrl: string;
  bodyLimitBytes: number;
  smsGateway: { url: string; token: string | undefined } | undefined;
  /** Aadhaar by OTP: the embedded sandbox, or a licensed provider's HTTP API. */
  aadhaar: (
    | { kind: 'sandbox' }
    | { kind: 'http'; url: string; clientId: string; clientSecret: string; timeoutMs: number }
  ) & { refuseRepeats: boolean };
  /**
   * Issuer sources (issue 26): DigiLocker and API Setu, each the embedded sandbox or the real API, and
   * the trust anchors of ISSUER_TRUST_ANCHORS_FILE (providers/issuer-documents/trust-anchors.ts adds the
   * sandbox's outside production).
   */
  issuerSources: IssuerSourcesConfig;
  /** Global and per-prefix OTP send budgets per hour (SMS pumping; ADR 0002). */
  otpBudget: { globalPerHour: number; prefixPerHour: number; prefixDigits: number };
  /** Seconds between two mobile or e-mail OTP requests; unset, the specification's (30). Tests shorten it. */
  otpResendAfterSeconds: number | undefined;
  email: EmailConfig | undefined;
  storage: StorageConfig;
  /** Run the in-process OCR job loop (tests that do not need OCR turn it off). */
  ocrWorker: boolean;
  fileFetch: { timeoutMs: number; allowPrivate: boolean };
  /** Timeouts and caps against slow clients (http/slow-clients.ts). */
  http: HttpLimits;
  /** The orphan sweep's grace period and interval (ADR 0009). */
  fileSweep: { graceMs: number; intervalMs: number };
  /** Resumable (tus) uploads: their local folder (without S3) and how long an unfinished one lives (ADR 0050). */
  resumableUploads: { dir: string; expiryMs: number };
  /** The pool of document-check processes (ADR 0010). */
  documentChecks: {
    workers: number;
    memoryMb: number;
    timeoutMs: number;
    ocrTimeoutMs: number;
    /** An upload's check waits at most this long for a process (then 503): part of an upload's longest life. */
    maxQueueWaitMs: number;
  };
  /** Per candidate: uploads per minute and bytes per hour (counters in Redis with REDIS_URL, else memory). */
  uploadLimits: { perMinute: number; bytesPerHour: number };
  /**
   * Payments: the gateway per region, the sandbox's webhook key and the jobs (ADR 0023); the adapters'
   * settings (ADR 0024), undefined when a gateway's keys are not set.
   */
  payments: PaymentGatewaysConfig & {
    providerIn: PaymentProvider;
    providerIntl: PaymentProvider;
    /** Undefined only in production when no region uses the sandbox. */
    sandboxSecret: string | undefined;
    /** Run the reconciliation and sandbox-delivery loops (tests turn them off and run them by hand). */
    jobs: boolean;
    reconcileAfterMs: number;
    reconcileIntervalMs: number;
  };
  /** Organisations' integration API (ADR 0025): run the webhook delivery loop. */
  integration: { webhookJobs: boolean };
  /** Who may receive webhooks, at creation and at each send (ADR 0025 "Webhook addresses"). */
  webhookTargets: WebhookTargetPolicy;
  /** Verification reports (ADR 0028): run their job; each partner's webhook endpoint and secret. */
  reports: { jobs: boolean; partnerWebhooks: Record<string, { url: string; secret: string }> };
  /** Notifications (ADR 0030): the delivery loop, the live stream's heartbeat and lifetime. */
  notifications: { jobs: boolean; heartbeatMs: number; streamMaxAgeMs: number };
  /** Support chat and observability (ADR 0032). */
  support: { chatHashSecret: string | undefined };
  /** Institutions answering verification requests (issue 27, ADR 0046). */
  institutions: InstitutionsConfig;
  /** The supplier on organisations' GST invoices (ADR 0047). */
  invoiceSupplier: { legalName: string; gstin: string; address: string; stateCode: string };
  /** Whom candidates ask about their data (ADR 0049): the privacy and breach notices name them. */
  grievanceOfficer: { name: string; email: string; phone: string };
  /** Days each data class is kept before the purge job removes it (ADR 0049 "Retention schedule"). */
  retention: RetentionConfig;
  /** The purge's daily loop runs (RETENTION_JOBS; off by default only under NODE_ENV=test). */
  retentionJobs: boolean;
  /** The hour (IST) of the organisations' daily notification digest (issue 28). */
  orgDigestHourIst: number;
  observability: {
    analyticsIngest: boolean;
    metrics: { enabled: boolean; token: string | undefined };
    otel: { endpoint: string; serviceName: string } | undefined;
  };
}

export type RetentionConfig = Record<RetentionClass, number>;

export interface InstitutionsConfig {
  linkTtlDays: number;
  /** Working days after sending when reminders go out. */
  reminderDays: readonly number[];
  /** Working days after the last reminder before escalation to the team's queue. */
  escalateAfterDays: number;
  /** The team's own working days after an answer. */
  teamDays: number;
  /** yyyy-mm-dd beside weekends and India's national holidays. */
  holidays: readonly string[];
  codeTtlSeconds: number;
  sessionTtlSeconds: number;
  lockMinutes: number;
  digestHourIst: number;
}

export interface IssuerSourcesConfig {
  digilocker:
    | { kind: 'sandbox' }
    | { kind: 'http'; url: string; clientId: string; clientSecret: string; timeoutMs: number };
  /** `issuers`: the ids of the catalogue's issuers this installation asks (APISETU_ISSUERS), in its order. */
  apisetu:
    | { kind: 'sandbox'; issuers: readonly string[] }
    | {
        kind: 'http';
        issuers: readonly string[];
        /** With `{issuer}` for the issuer's id (without it, every issuer's paths follow the one base). */
        url: string;
        apiKey: string;
        clientId: string;
        timeoutMs: number;
      };
  /** The PEM certificates of ISSUER_TRUST_ANCHORS_FILE (none when unset). */
  trustAnchorsPem: readonly string[];
}

export type GatewayEnvironment = 'sandbox' | 'production';

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com (no trailing slash). */
  apiUrl: string;
  environment: GatewayEnvironment;
  timeoutMs: number;
}

export interface CashfreeConfig {
  clientId: string;
  /** Also the key of Cashfree's webhook signature. */
  clientSecret: string;
  /** https://sandbox.cashfree.com/pg or https://api.cashfree.com/pg. */
  apiUrl: string;
  environment: GatewayEnvironment;
  timeoutMs: number;
  webhookToleranceSeconds: number;
}

export interface StripeConfig {
  secretKey: string;
  /** whsec_… of the webhook endpoint. */
  webhookSecret: string;
  /** https://api.stripe.com. */
  apiUrl: string;
  environment: GatewayEnvironment;
  timeoutMs: number;
  webhookToleranceSeconds: number;
}

export interface PaymentGatewaysConfig {
  razorpay: RazorpayConfig | undefined;
  cashfree: CashfreeConfig | undefined;
  stripe: StripeConfig | undefined;
}

export interface EmailConfig {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; password: string } | undefined;
  from: string;
}

export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Options);

export class ConfigError extends Error {
  override name = 'ConfigError';
}
