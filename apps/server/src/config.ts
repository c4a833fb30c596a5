import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_PARTNER_ORG_ID, PAYMENT_PROVIDERS, type PaymentProvider } from '@veridocs/shared';
import type { HttpLimits } from './http/slow-clients.js';
import { webhookUrlProblem, type WebhookTargetPolicy } from './lib/outbound-address.js';
import type { S3Options } from './storage/s3-storage.js';

/**
 * The one place that reads environment variables (DESIGN.md §3). `loadConfig` parses them once;
 * everything else receives the typed result. Tests call it with a literal env.
 */

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const positiveInt = z.coerce.number().int().positive();
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DEV_TOOLS: z.preprocess(emptyToUndefined, flag.optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ),
  /** A file holding the secret (a mounted secret); its content counts as JWT_SECRET. */
  JWT_SECRET_FILE: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(3600),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.default(30 * 24 * 60 * 60),
  // An organisation's sign-in link (`sso`): single use, minutes long (ADR 0004).
  SSO_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  /** The verification team's session (ADR 0019): one working day by default, then sign in again. */
  OPS_ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(8 * 60 * 60),
  /** Sign-in codes e-mailed per staff account per hour, and wrong codes before an hour's lock (ADR 0019). */
  OPS_SIGN_IN_CODES_PER_HOUR: positiveInt.default(5),
  OPS_WRONG_CODES_PER_HOUR: positiveInt.default(5),
  /** How long an issued credential is valid (ADR 0031); 5 years by default. */
  CREDENTIAL_VALIDITY_DAYS: positiveInt.default(5 * 365),
  PARTNER_ORG_IDS: optionalString,
  RATE_LIMIT_LOGIN_MAX: positiveInt.default(20),
  RATE_LIMIT_OTP_MAX: positiveInt.default(30),
  /** Shares rate-limit counters between instances (DESIGN.md §4); in memory per instance without it. */
  REDIS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  TRUST_PROXY: z.preprocess(emptyToUndefined, flag.default(false)),
  WEB_DIST_DIR: optionalString,
  /** The built console (apps/console/dist), served under /ops (ADR 0027). */
  CONSOLE_DIST_DIR: optionalString,
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  SMS_GATEWAY_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  SMS_GATEWAY_TOKEN: optionalString,
  // SMS pumping (ADR 0002): OTP sends per hour for everyone and per number prefix, on top of the
  // per-number limit. The prefix is the leading digits of the international number (91…).
  OTP_GLOBAL_MAX_PER_HOUR: positiveInt.default(1000),
  OTP_PREFIX_MAX_PER_HOUR: positiveInt.default(100),
  OTP_PREFIX_DIGITS: z.coerce.number().int().min(1).max(12).default(6),
  // Aadhaar by OTP (issue 11): the embedded sandbox unless AADHAAR_PROVIDER=http, which calls a licensed
  // KYC provider's offline-Aadhaar API (Cashfree Secure ID's shape) at AADHAAR_API_URL.
  AADHAAR_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'http']).default('sandbox')),
  AADHAAR_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  AADHAAR_CLIENT_ID: optionalString,
  AADHAAR_CLIENT_SECRET: optionalString,
  AADHAAR_API_TIMEOUT_MS: positiveInt.default(15_000),
  /** Refuse a number another account verified: on by default with a real provider, off in the sandbox (shared test numbers). */
  AADHAAR_REFUSE_REPEATS: z.preprocess(emptyToUndefined, flag.optional()),
  // E-mail (SMTP through nodemailer, providers/mail): required in production; unset, the dev outbox.
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: z.preprocess(emptyToUndefined, flag.optional()),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_FROM: optionalString,
  // File storage (ADR 0009): local disk under DATA_DIR/files unless S3_BUCKET is set.
  FILES_DIR: optionalString,
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().trim().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** With temporary keys (STS); without any keys the SDK's default chain is used (instance roles). */
  S3_SESSION_TOKEN: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, flag.default(false)),
  OCR_WORKER: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  FILE_FETCH_TIMEOUT_MS: positiveInt.default(20_000),
  /**
   * Orphan sweep (ADR 0009): stored bytes with no row and partial writes older than this are removed. It must
   * outlast the longest upload and its checks: at least 15 minutes, and more than HTTP_REQUEST_TIMEOUT_MS +
   * CHECK_TIMEOUT_MS + CHECK_MAX_QUEUE_WAIT_MS (checked in loadConfig).
   */
  FILE_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(900).default(3600),
  FILE_SWEEP_INTERVAL_SECONDS: positiveInt.default(900),
  /** Lets POST /files/from-url reach private, loopback and link-local addresses (tests; never in production). */
  FILE_FETCH_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, flag.default(false)),
  // Slow clients (http/slow-clients.ts, README "Slow clients"). Uploads are judged by their rate, not
  // by the body timeout; the request timeout covers the spec's 10-minute client wait with a margin.
  HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(15_000),
  HTTP_BODY_TIMEOUT_MS: positiveInt.default(30_000),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(660_000),
  HTTP_IDLE_TIMEOUT_MS: positiveInt.default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(10_000),
  UPLOAD_MIN_BYTES_PER_SECOND: positiveInt.default(2_048),
  UPLOAD_RATE_WINDOW_MS: positiveInt.default(30_000),
  /**
   * Sockets per address (direct connections), or requests in progress per client behind TRUST_PROXY.
   * A lab of 100 browsers behind one NAT opens up to 6 connections each (an SSE stream holds one of
   * them): 600 at once; 1000 leaves room for a bigger room or phones on the same address.
   */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(1000),
  // Document checks and OCR in child processes (ADR 0010): how many, and each one's memory and time limits.
  CHECK_WORKERS: positiveInt.max(64).default(2),
  CHECK_MEMORY_MB: positiveInt.min(128).default(768),
  CHECK_TIMEOUT_MS: positiveInt.default(20_000),
  OCR_TIMEOUT_MS: positiveInt.default(120_000),
  // How long an upload's check may wait for a free process before it is answered 503 (busy).
  CHECK_MAX_QUEUE_WAIT_MS: positiveInt.default(60_000),
  // Per-candidate upload limits (ADR 0009): uploads and from-URL fetches together.
  UPLOAD_RATE_PER_MINUTE: positiveInt.default(20),
  UPLOAD_BYTES_PER_HOUR: positiveInt.default(500_000_000),
  // Payment gateway adapters (ADR 0024): each is configured when its keys are set, all of them or none.
  // *_API_URL points an adapter elsewhere (its local stand-in in tests); *_ENVIRONMENT is read from the
  // key's prefix for Razorpay and Stripe (rzp_live_, sk_live_) unless set.
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  RAZORPAY_ENVIRONMENT: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'production']).optional()),
  CASHFREE_CLIENT_ID: optionalString,
  CASHFREE_CLIENT_SECRET: optionalString,
  CASHFREE_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  CASHFREE_ENVIRONMENT: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'production']).default('sandbox')),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  STRIPE_ENVIRONMENT: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'production']).optional()),
  PAYMENT_GATEWAY_TIMEOUT_MS: positiveInt.default(15_000),
  /** How old a signed webhook may be (Cashfree, Stripe: both sign a timestamp); Stripe documents 300 s. */
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: positiveInt.default(300),
  // Payments (issue 13, ADR 0023): the gateway per region (the embedded sandbox unless set), the sandbox's
  // webhook key, and the jobs: reconciliation of orders and refunds left pending, sandbox webhook delivery.
  PAYMENT_PROVIDER_IN: z.preprocess(emptyToUndefined, z.enum(PAYMENT_PROVIDERS).default('sandbox')),
  PAYMENT_PROVIDER_INTL: z.preprocess(emptyToUndefined, z.enum(PAYMENT_PROVIDERS).default('sandbox')),
  SANDBOX_GATEWAY_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'SANDBOX_GATEWAY_SECRET must be at least 16 characters').optional(),
  ),
  /** The loud opt-in for a production deployment whose payments move no money (a staging copy). */
  I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL: z.preprocess(emptyToUndefined, flag.default(false)),
  PAYMENT_JOBS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  /**
   * Lets webhooks (organisations' endpoints, partners' reports) go to private, loopback and link-local
   * addresses on any port (tests' local receivers; refused in production). ADR 0025 "Webhook addresses".
   */
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, flag.default(false)),
  /** The organisations' webhook delivery loop (ADR 0025; `off` in tests, run by hand). */
  WEBHOOK_JOBS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  /** The verification reports' job: make and deliver them (ADR 0028; `off` in tests, run by hand). */
  REPORT_JOBS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  /**
   * Where each evaluation partner receives its reports: JSON {"WES": {"url": "https://…", "secret":
   * "…"}, …}, signed webhooks (ADR 0028). With dev tools on, a partner without one gets the built-in
   * receiver (/api/dev/partner-inbox).
   */
  EVALUATION_PARTNER_WEBHOOKS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined) return {};
        try {
          return JSON.parse(raw) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'EVALUATION_PARTNER_WEBHOOKS must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(
        z.record(
          z.string().regex(/^[A-Z0-9_-]{1,20}$/, 'a partner id such as WES'),
          z.object({
            url: z.url({ protocol: /^https?$/ }),
            secret: z.string().min(16, 'a partner secret must be at least 16 characters'),
          }),
        ),
      ),
  ),
  /** The notifications' SMS / e-mail delivery loop (ADR 0030; `off` in tests, run by hand). */
  NOTIFICATION_JOBS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  /** Seconds between heartbeat comments on the live notification stream. */
  NOTIFICATION_HEARTBEAT_SECONDS: positiveInt.default(25),
  /** An order still pending this long after its last change is asked about at its gateway. */
  PAYMENT_RECONCILE_AFTER_SECONDS: positiveInt.default(120),
  PAYMENT_RECONCILE_INTERVAL_SECONDS: positiveInt.default(30),
  // Support and observability (issue 15, ADR 0032).
  /** The chat vendor's identity-verification secret; unset, a key derived from the server key. */
  SUPPORT_CHAT_HASH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'SUPPORT_CHAT_HASH_SECRET must be at least 16 characters').optional(),
  ),
  /** POST /api/analytics accepts the client's event batches (logged, counted) when on. */
  ANALYTICS_INGEST: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('off')),
  /** Prometheus metrics at /metrics when on; with METRICS_TOKEN only for `Authorization: Bearer <token>`. */
  METRICS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('off')),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  /** OpenTelemetry traces are exported (OTLP over HTTP) only when this is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().trim().default('veridocs')),
});

/** The sandbox gateway's documented development key (README "Sandbox webhook"); dev tools only. */
export const SANDBOX_DEV_SECRET = 'veridocs-sandbox-development-secret';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (PGlite lives in `${dataDir}/db`). */
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
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
  /** The hourly caps on a staff account's sign-in codes (ADR 0019). */
  opsSignInLimits: { codesPerHour: number; wrongCodesPerHour: number };
  /** Days an issued credential is valid (its `exp`; ADR 0031). */
  credentialValidityDays: number;
  partnerOrgIds: readonly string[];
  rateLimit: { loginMax: number; otpMax: number; redisUrl: string | undefined };
  /** Honour X-Forwarded-For (behind a reverse proxy) for the client IP. */
  trustProxy: boolean;
  /** Absolute path of the built SPA; served when the folder exists. */
  webDistDir: string;
  /** The built verification console, served under /ops when it has an index.html (ADR 0027). */
  consoleDistDir: string;
  /** Base URL people open, used in printed and returned links (no trailing slash). */
  publicUrl: string;
  bodyLimitBytes: number;
  smsGateway: { url: string; token: string | undefined } | undefined;
  /** Aadhaar by OTP: the embedded sandbox, or a licensed provider's HTTP API. */
  aadhaar: (
    | { kind: 'sandbox' }
    | { kind: 'http'; url: string; clientId: string; clientSecret: string; timeoutMs: number }
  ) & { refuseRepeats: boolean };
  /** Global and per-prefix OTP send budgets per hour (SMS pumping; ADR 0002). */
  otpBudget: { globalPerHour: number; prefixPerHour: number; prefixDigits: number };
  email: EmailConfig | undefined;
  storage: StorageConfig;
  /** Run the in-process OCR job loop (tests that do not need OCR turn it off). */
  ocrWorker: boolean;
  fileFetch: { timeoutMs: number; allowPrivate: boolean };
  /** Timeouts and caps against slow clients (http/slow-clients.ts). */
  http: HttpLimits;
  /** The orphan sweep's grace period and interval (ADR 0009). */
  fileSweep: { graceMs: number; intervalMs: number };
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
  observability: {
    analyticsIngest: boolean;
    metrics: { enabled: boolean; token: string | undefined };
    otel: { endpoint: string; serviceName: string } | undefined;
  };
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

/** The built web app, next to this package: apps/web/dist (works from src/ and dist/ alike). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The built console, next to this package: apps/console/dist. */
const DEFAULT_CONSOLE_DIST = fileURLToPath(new URL('../../console/dist', import.meta.url));

function aadhaarConfig(e: Env): Config['aadhaar'] {
  if (e.AADHAAR_PROVIDER === 'sandbox')
    return { kind: 'sandbox', refuseRepeats: e.AADHAAR_REFUSE_REPEATS ?? false };
  if (!e.AADHAAR_API_URL || !e.AADHAAR_CLIENT_ID || !e.AADHAAR_CLIENT_SECRET)
    throw new ConfigError(
      'Invalid configuration: AADHAAR_PROVIDER=http needs AADHAAR_API_URL, AADHAAR_CLIENT_ID and AADHAAR_CLIENT_SECRET',
    );
  return {
    kind: 'http',
    url: e.AADHAAR_API_URL.replace(/\/+$/, ''),
    clientId: e.AADHAAR_CLIENT_ID,
    clientSecret: e.AADHAAR_CLIENT_SECRET,
    timeoutMs: e.AADHAAR_API_TIMEOUT_MS,
    refuseRepeats: e.AADHAAR_REFUSE_REPEATS ?? true,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const jwtSecret = readJwtSecret(e.JWT_SECRET, e.JWT_SECRET_FILE, abs);
  const gatewaysConfig = paymentGatewaysConfig(e);
  if (e.NODE_ENV === 'production') refuseHalfConfiguredProduction(e, jwtSecret, gatewaysConfig);
  if (Boolean(e.SMTP_USER) !== Boolean(e.SMTP_PASSWORD))
    throw new ConfigError('Invalid configuration: SMTP_USER and SMTP_PASSWORD go together');
  const dataDir = abs(e.DATA_DIR);
  let storage: StorageConfig;
  if (e.S3_BUCKET) {
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY || (e.S3_SESSION_TOKEN && !e.S3_ACCESS_KEY_ID))
      throw new ConfigError(
        'Invalid configuration: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (and S3_SESSION_TOKEN ' +
          'only with them), or none of them to use the default AWS credential chain (instance roles)',
      );
    storage = {
      kind: 's3',
      endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              sessionToken: e.S3_SESSION_TOKEN,
            }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      tmpDir: resolve(dataDir, 'tmp'),
    };
  } else {
    storage = { kind: 'local', dir: e.FILES_DIR ? abs(e.FILES_DIR) : resolve(dataDir, 'files') };
  }
  const webDistDir = e.WEB_DIST_DIR ? abs(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  const consoleDistDir = e.CONSOLE_DIST_DIR ? abs(e.CONSOLE_DIST_DIR) : DEFAULT_CONSOLE_DIST;
  if (storage.kind === 'local') {
    for (const served of [webDistDir, consoleDistDir]) {
      const rel = relative(served, storage.dir);
      if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel)))
        throw new ConfigError('Invalid configuration: FILES_DIR must not be inside the served web folder');
    }
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS)
    throw new ConfigError(
      'Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS',
    );
  // An upload's object exists before its row: up to the whole request (the body, a wait for a check
  // process, the check). A sweep grace within that could delete a file whose row is about to appear.
  const uploadLifetimeMs = e.HTTP_REQUEST_TIMEOUT_MS + e.CHECK_TIMEOUT_MS + e.CHECK_MAX_QUEUE_WAIT_MS;
  if (e.FILE_SWEEP_GRACE_SECONDS * 1000 <= uploadLifetimeMs)
    throw new ConfigError(
      `Invalid configuration: FILE_SWEEP_GRACE_SECONDS (${e.FILE_SWEEP_GRACE_SECONDS}) must be greater than ` +
        `HTTP_REQUEST_TIMEOUT_MS + CHECK_TIMEOUT_MS + CHECK_MAX_QUEUE_WAIT_MS ` +
        `(${e.HTTP_REQUEST_TIMEOUT_MS} + ${e.CHECK_TIMEOUT_MS} + ${e.CHECK_MAX_QUEUE_WAIT_MS} ms = ` +
        `${Math.ceil(uploadLifetimeMs / 1000)} s): the sweep could delete an upload whose row is not yet written`,
    );
  const devTools = e.DEV_TOOLS ?? e.NODE_ENV !== 'production';
  // Outside production the documented development key (README "Sandbox webhook"). In production the
  // sandbox exists only while a region uses it, which takes I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL and a key
  // of its own (refuseHalfConfiguredProduction): a key set alone must not open its checkout and webhook.
  const sandboxSecret =
    e.NODE_ENV !== 'production'
      ? (e.SANDBOX_GATEWAY_SECRET ?? SANDBOX_DEV_SECRET)
      : regionsOnSandbox(e).length > 0
        ? e.SANDBOX_GATEWAY_SECRET
        : undefined;
  const partnerOrgIds = (e.PARTNER_ORG_IDS ?? DEFAULT_PARTNER_ORG_ID)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (partnerOrgIds.length === 0) throw new ConfigError('Invalid configuration: PARTNER_ORG_IDS is empty');

  const webhookTargets: WebhookTargetPolicy = {
    allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    httpsOnly: e.NODE_ENV === 'production',
  };
  if (e.NODE_ENV === 'production' && e.WEBHOOK_ALLOW_PRIVATE)
    throw new ConfigError('Invalid configuration: WEBHOOK_ALLOW_PRIVATE is for tests, not production');
  // The partners' endpoints follow the organisations' rules; a bad one stops the start, not a report.
  for (const [partner, endpoint] of Object.entries(e.EVALUATION_PARTNER_WEBHOOKS)) {
    const problem = webhookUrlProblem(endpoint.url, webhookTargets);
    if (problem)
      throw new ConfigError(`Invalid configuration: EVALUATION_PARTNER_WEBHOOKS.${partner}: ${problem}`);
  }

  for (const [name, provider] of [
    ['PAYMENT_PROVIDER_IN', e.PAYMENT_PROVIDER_IN],
    ['PAYMENT_PROVIDER_INTL', e.PAYMENT_PROVIDER_INTL],
  ] as const) {
    const gateway = provider.replace(/-sdk$/, '');
    if (gateway !== 'sandbox' && !gatewaysConfig[gateway as keyof PaymentGatewaysConfig])
      throw new ConfigError(`Invalid configuration: ${name}=${provider} but ${gateway}'s keys are not set`);
  }

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'db') },
    nodeEnv: e.NODE_ENV,
    devTools,
    logLevel: e.LOG_LEVEL,
    jwtSecret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    ssoTtlSeconds: e.SSO_TTL_SECONDS,
    opsAccessTokenTtlSeconds: e.OPS_ACCESS_TOKEN_TTL_SECONDS,
    opsSignInLimits: {
      codesPerHour: e.OPS_SIGN_IN_CODES_PER_HOUR,
      wrongCodesPerHour: e.OPS_WRONG_CODES_PER_HOUR,
    },
    credentialValidityDays: e.CREDENTIAL_VALIDITY_DAYS,
    partnerOrgIds,
    rateLimit: { loginMax: e.RATE_LIMIT_LOGIN_MAX, otpMax: e.RATE_LIMIT_OTP_MAX, redisUrl: e.REDIS_URL },
    trustProxy: e.TRUST_PROXY,
    webDistDir,
    consoleDistDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    smsGateway: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN } : undefined,
    aadhaar: aadhaarConfig(e),
    otpBudget: {
      globalPerHour: e.OTP_GLOBAL_MAX_PER_HOUR,
      prefixPerHour: e.OTP_PREFIX_MAX_PER_HOUR,
      prefixDigits: e.OTP_PREFIX_DIGITS,
    },
    email:
      e.SMTP_HOST && e.SMTP_FROM
        ? {
            host: e.SMTP_HOST,
            port: e.SMTP_PORT,
            secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465,
            auth:
              e.SMTP_USER && e.SMTP_PASSWORD ? { user: e.SMTP_USER, password: e.SMTP_PASSWORD } : undefined,
            from: e.SMTP_FROM,
          }
        : undefined,
    storage,
    ocrWorker: e.OCR_WORKER === 'on',
    fileFetch: { timeoutMs: e.FILE_FETCH_TIMEOUT_MS, allowPrivate: e.FILE_FETCH_ALLOW_PRIVATE },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: e.HTTP_BODY_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      uploadMinBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
      uploadRateWindowMs: e.UPLOAD_RATE_WINDOW_MS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    fileSweep: {
      graceMs: e.FILE_SWEEP_GRACE_SECONDS * 1000,
      intervalMs: e.FILE_SWEEP_INTERVAL_SECONDS * 1000,
    },
    documentChecks: {
      workers: e.CHECK_WORKERS,
      memoryMb: e.CHECK_MEMORY_MB,
      timeoutMs: e.CHECK_TIMEOUT_MS,
      ocrTimeoutMs: e.OCR_TIMEOUT_MS,
      maxQueueWaitMs: e.CHECK_MAX_QUEUE_WAIT_MS,
    },
    uploadLimits: { perMinute: e.UPLOAD_RATE_PER_MINUTE, bytesPerHour: e.UPLOAD_BYTES_PER_HOUR },
    payments: {
      ...gatewaysConfig,
      providerIn: e.PAYMENT_PROVIDER_IN,
      providerIntl: e.PAYMENT_PROVIDER_INTL,
      sandboxSecret,
      jobs: e.PAYMENT_JOBS === 'on',
      reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
      reconcileIntervalMs: e.PAYMENT_RECONCILE_INTERVAL_SECONDS * 1000,
    },
    integration: { webhookJobs: e.WEBHOOK_JOBS === 'on' },
    webhookTargets,
    reports: { jobs: e.REPORT_JOBS === 'on', partnerWebhooks: e.EVALUATION_PARTNER_WEBHOOKS },
    notifications: {
      jobs: e.NOTIFICATION_JOBS === 'on',
      heartbeatMs: e.NOTIFICATION_HEARTBEAT_SECONDS * 1000,
      streamMaxAgeMs: 30 * 60_000,
    },
    support: { chatHashSecret: e.SUPPORT_CHAT_HASH_SECRET },
    observability: {
      analyticsIngest: e.ANALYTICS_INGEST === 'on',
      metrics: { enabled: e.METRICS === 'on', token: e.METRICS_TOKEN },
      otel: e.OTEL_EXPORTER_OTLP_ENDPOINT
        ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
        : undefined,
    },
  };
}

/** Every variable of a gateway or none: a half-configured gateway fails at start, not at the first payment. */
function allOrNone(gateway: string, vars: Record<string, string | undefined>): boolean {
  const set = Object.entries(vars).filter(([, v]) => v !== undefined);
  if (set.length === 0) return false;
  const missing = Object.keys(vars).filter((k) => vars[k] === undefined);
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration: ${gateway} needs ${missing.join(', ')} as well`);
  return true;
}

/** The environment a key belongs to, checked against the one set (a live key in a sandbox is a mistake). */
function keyEnvironment(
  name: string,
  key: string,
  livePrefixes: string[],
  set: GatewayEnvironment | undefined,
): GatewayEnvironment {
  const fromKey = livePrefixes.some((p) => key.startsWith(p)) ? 'production' : 'sandbox';
  if (set && set !== fromKey)
    throw new ConfigError(`Invalid configuration: ${name}=${set} but the key is a ${fromKey} key`);
  return fromKey;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function paymentGatewaysConfig(e: Env): PaymentGatewaysConfig {
  const timeoutMs = e.PAYMENT_GATEWAY_TIMEOUT_MS;
  const webhookToleranceSeconds = e.PAYMENT_WEBHOOK_TOLERANCE_SECONDS;
  const razorpay = allOrNone('Razorpay', {
    RAZORPAY_KEY_ID: e.RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: e.RAZORPAY_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: e.RAZORPAY_WEBHOOK_SECRET,
  })
    ? {
        keyId: e.RAZORPAY_KEY_ID!,
        keySecret: e.RAZORPAY_KEY_SECRET!,
        webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!,
        apiUrl: trimSlash(e.RAZORPAY_API_URL ?? 'https://api.razorpay.com'),
        environment: keyEnvironment(
          'RAZORPAY_ENVIRONMENT',
          e.RAZORPAY_KEY_ID!,
          ['rzp_live_'],
          e.RAZORPAY_ENVIRONMENT,
        ),
        timeoutMs,
      }
    : undefined;
  const cashfree = allOrNone('Cashfree', {
    CASHFREE_CLIENT_ID: e.CASHFREE_CLIENT_ID,
    CASHFREE_CLIENT_SECRET: e.CASHFREE_CLIENT_SECRET,
  })
    ? {
        clientId: e.CASHFREE_CLIENT_ID!,
        clientSecret: e.CASHFREE_CLIENT_SECRET!,
        apiUrl: trimSlash(
          e.CASHFREE_API_URL ??
            (e.CASHFREE_ENVIRONMENT === 'production'
              ? 'https://api.cashfree.com/pg'
              : 'https://sandbox.cashfree.com/pg'),
        ),
        environment: e.CASHFREE_ENVIRONMENT,
        timeoutMs,
        webhookToleranceSeconds,
      }
    : undefined;
  const stripe = allOrNone('Stripe', {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
  })
    ? {
        secretKey: e.STRIPE_SECRET_KEY!,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
        apiUrl: trimSlash(e.STRIPE_API_URL ?? 'https://api.stripe.com'),
        environment: keyEnvironment(
          'STRIPE_ENVIRONMENT',
          e.STRIPE_SECRET_KEY!,
          ['sk_live_', 'rk_live_'],
          e.STRIPE_ENVIRONMENT,
        ),
        timeoutMs,
        webhookToleranceSeconds,
      }
    : undefined;
  return { razorpay, cashfree, stripe };
}

type Env = z.infer<typeof envSchema>;

/** JWT_SECRET, or the content of JWT_SECRET_FILE (trailing newline dropped), never both. */
function readJwtSecret(
  value: string | undefined,
  file: string | undefined,
  abs: (p: string) => string,
): string | undefined {
  if (!file) return value;
  if (value) throw new ConfigError('Invalid configuration: set JWT_SECRET or JWT_SECRET_FILE, not both');
  let content: string;
  try {
    content = readFileSync(abs(file), 'utf8').trim();
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: JWT_SECRET_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (content.length < 32)
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET_FILE: the secret must be at least 32 characters',
    );
  return content;
}

const REGIONS = [
  ['PAYMENT_PROVIDER_IN', 'IN'],
  ['PAYMENT_PROVIDER_INTL', 'INTL'],
] as const;

/** The PAYMENT_PROVIDER_* variables set to the embedded sandbox gateway. */
function regionsOnSandbox(e: Env): string[] {
  return REGIONS.filter(([name]) => e[name].startsWith('sandbox')).map(([name]) => name);
}

const GATEWAY_NAMES = { razorpay: 'Razorpay', cashfree: 'Cashfree', stripe: 'Stripe' } as const;

/**
 * Each region whose payments move no money, with why: the embedded sandbox, a gateway's test
 * environment (an rzp_test_ / sk_test_ key, Cashfree's default sandbox) or a plain-http API URL (a test
 * stand-in; the keys would travel in clear text).
 */
function paymentsNotReal(e: Env, gateways: PaymentGatewaysConfig): string[] {
  const found: string[] = [];
  for (const [name] of REGIONS) {
    const provider = e[name];
    const gateway = provider.replace(/-sdk$/, '') as keyof PaymentGatewaysConfig | 'sandbox';
    if (gateway === 'sandbox') {
      found.push(`${name}=${provider} (the embedded sandbox gateway)`);
      continue;
    }
    const settings = gateways[gateway];
    // A gateway without keys is refused after this, with its own message.
    if (!settings) continue;
    if (settings.environment !== 'production')
      found.push(`${name}=${provider} (${GATEWAY_NAMES[gateway]}'s sandbox environment)`);
    else if (!settings.apiUrl.startsWith('https://'))
      found.push(`${name}=${provider} (${gateway.toUpperCase()}_API_URL is not https: a stand-in)`);
  }
  return found;
}

/**
 * Production must not start on the embedded stand-ins (issue 9 §4): a generated key kept beside the
 * data, OTPs that go nowhere, links to localhost. Nor with a test switch on (issue 23 §3): payments
 * that move no money (unless I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL=1, for a staging copy), the dev tools
 * (OTPs published, staff with known passwords), from-URL fetches into the private network, or a
 * plain-http public address; these have no opt-in. One line per problem, all at once.
 */
function refuseHalfConfiguredProduction(
  e: Env,
  jwtSecret: string | undefined,
  gateways: PaymentGatewaysConfig,
): void {
  const problems: string[] = [];
  if (!jwtSecret)
    problems.push(
      'JWT_SECRET (or JWT_SECRET_FILE) is not set: the secret (≥ 32 characters) that signs sessions and keys OTP hashes',
    );
  if (!e.SMS_GATEWAY_URL)
    problems.push('SMS_GATEWAY_URL is not set: the SMS/WhatsApp gateway that delivers login OTPs');
  if (!e.SMTP_HOST) problems.push('SMTP_HOST is not set: the SMTP server that sends e-mail');
  if (!e.SMTP_FROM) problems.push('SMTP_FROM is not set: the sender address of e-mail');
  if (!e.PUBLIC_URL) problems.push('PUBLIC_URL is not set: the address candidates open, used in every link');
  else if (!e.PUBLIC_URL.startsWith('https://'))
    problems.push(
      'PUBLIC_URL is not https: sessions, OTP links and payment redirects would travel in clear text (no override)',
    );
  const notReal = paymentsNotReal(e, gateways);
  if (notReal.length > 0 && !e.I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL)
    problems.push(
      `${notReal.join(', ')}: payments would move no money while transactions are submitted as paid; ` +
        'configure a live gateway (see README "Run in production"), or set I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL=1 for a staging copy',
    );
  if (regionsOnSandbox(e).length > 0 && e.I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL) {
    if (!e.SANDBOX_GATEWAY_SECRET)
      problems.push(
        'SANDBOX_GATEWAY_SECRET is not set: the key the sandbox payment gateway signs webhooks with (or set PAYMENT_PROVIDER_IN/INTL to a real gateway)',
      );
    else if (e.SANDBOX_GATEWAY_SECRET === SANDBOX_DEV_SECRET)
      problems.push(
        'SANDBOX_GATEWAY_SECRET is the documented development key: anyone could sign a sandbox webhook; choose a key of your own',
      );
  }
  if (e.DEV_TOOLS)
    problems.push(
      'DEV_TOOLS=1 is for development only: it publishes every OTP at /api/dev/outbox and seeds staff accounts with known passwords (no override)',
    );
  if (e.FILE_FETCH_ALLOW_PRIVATE)
    problems.push(
      'FILE_FETCH_ALLOW_PRIVATE=1 is for tests only: it lets from-URL fetches reach private, loopback and cloud-metadata addresses (no override)',
    );
  if (problems.length > 0)
    throw new ConfigError(
      `Refusing to start in production (NODE_ENV=production):\n  ${problems.join('\n  ')}`,
    );
}
