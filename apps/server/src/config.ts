import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PARTNER_ORG_ID } from '@veridocs/shared';
import { webhookUrlProblem, type WebhookTargetPolicy } from './lib/outbound-address.js';
import { envSchema, type Env } from './config/env-schema.js';
import { issuerSourcesConfig } from './config/issuer-sources.js';
import { paymentGatewaysConfig, regionsOnSandbox } from './config/payments.js';
import { readJwtSecret, refuseHalfConfiguredProduction } from './config/production.js';
import { retentionConfig } from './config/retention.js';
import { parseTrustProxy } from './config/trust-proxy.js';
import {
  ConfigError,
  SANDBOX_DEV_SECRET,
  type Config,
  type PaymentGatewaysConfig,
  type StorageConfig,
} from './config/types.js';

export * from './config/types.js';

/**
 * The one place that reads environment variables (DESIGN.md §3), with the config/ folder: the schema
 * (env-schema.ts), the types (types.ts), the payment gateways (payments.ts) and production's refusals
 * (production.ts). `loadConfig` parses them once; everything else receives the typed result. Tests
 * call it with a literal env.
 */

/** The built web app, next to this package: apps/web/dist (works from src/ and dist/ alike). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The built console, next to this package: apps/console/dist. */
const DEFAULT_CONSOLE_DIST = fileURLToPath(new URL('../../console/dist', import.meta.url));
const DEFAULT_ORG_DIST = fileURLToPath(new URL('../../org/dist', import.meta.url));

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
  const orgDistDir = e.ORG_DIST_DIR ? abs(e.ORG_DIST_DIR) : DEFAULT_ORG_DIST;
  if (storage.kind === 'local') {
    for (const served of [webDistDir, consoleDistDir, orgDistDir]) {
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
      ? { kind: 'postgres', url: e.DATABASE_URL, prepare: e.DATABASE_PREPARED_STATEMENTS === 'on' }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'db') },
    nodeEnv: e.NODE_ENV,
    devTools,
    logLevel: e.LOG_LEVEL,
    jwtSecret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    ssoTtlSeconds: e.SSO_TTL_SECONDS,
    opsAccessTokenTtlSeconds: e.OPS_ACCESS_TOKEN_TTL_SECONDS,
    orgAccessTokenTtlSeconds: e.ORG_ACCESS_TOKEN_TTL_SECONDS,
    opsSignInLimits: {
      codesPerHour: e.OPS_SIGN_IN_CODES_PER_HOUR,
      wrongCodesPerHour: e.OPS_WRONG_CODES_PER_HOUR,
    },
    credentialValidityDays: e.CREDENTIAL_VALIDITY_DAYS,
    partnerOrgIds,
    rateLimit: { loginMax: e.RATE_LIMIT_LOGIN_MAX, otpMax: e.RATE_LIMIT_OTP_MAX, redisUrl: e.REDIS_URL },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDistDir,
    consoleDistDir,
    orgDistDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    smsGateway: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN } : undefined,
    aadhaar: aadhaarConfig(e),
    issuerSources: issuerSourcesConfig(e, abs),
    otpBudget: {
      globalPerHour: e.OTP_GLOBAL_MAX_PER_HOUR,
      prefixPerHour: e.OTP_PREFIX_MAX_PER_HOUR,
      prefixDigits: e.OTP_PREFIX_DIGITS,
    },
    otpResendAfterSeconds: e.OTP_RESEND_AFTER_SECONDS,
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
    resumableUploads: {
      // Partial uploads (tus) on local disk; with S3 storage they live in the bucket beside the files.
      dir: resolve(dataDir, 'resumable-uploads'),
      expiryMs: e.RESUMABLE_UPLOAD_EXPIRY_HOURS * 3_600_000,
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
    institutions: {
      linkTtlDays: e.INSTITUTION_LINK_TTL_DAYS,
      reminderDays: [...e.INSTITUTION_REMINDER_DAYS].sort((a, b) => a - b),
      escalateAfterDays: e.INSTITUTION_ESCALATE_AFTER_DAYS,
      teamDays: e.INSTITUTION_TEAM_DAYS,
      holidays: e.INSTITUTION_HOLIDAYS,
      codeTtlSeconds: e.INSTITUTION_CODE_TTL_SECONDS,
      sessionTtlSeconds: e.INSTITUTION_SESSION_TTL_SECONDS,
      lockMinutes: e.INSTITUTION_LOCK_MINUTES,
      digestHourIst: e.INSTITUTION_DIGEST_HOUR_IST,
    },
    orgDigestHourIst: e.ORG_DIGEST_HOUR_IST,
    retention: retentionConfig(e),
    retentionJobs: e.RETENTION_JOBS ?? e.NODE_ENV !== 'test',
    // Development defaults: a fictitious supplier in Karnataka (production refuses to start without them).
    invoiceSupplier: {
      legalName: e.INVOICE_SUPPLIER_NAME ?? 'Veridocs Development Pvt Ltd',
      gstin: e.INVOICE_SUPPLIER_GSTIN ?? '29AAACV0000D1Z5',
      address: e.INVOICE_SUPPLIER_ADDRESS ?? '1 Development Road, Bengaluru 560001',
      stateCode: e.INVOICE_SUPPLIER_STATE_CODE ?? '29',
    },
    // Development defaults (production refuses to start without them).
    grievanceOfficer: {
      name: e.GRIEVANCE_OFFICER_NAME ?? 'Grievance Officer, Veridocs',
      email: e.GRIEVANCE_OFFICER_EMAIL ?? 'grievance@veridocs.example',
      phone: e.GRIEVANCE_OFFICER_PHONE ?? '+91 80 0000 0000',
    },
    observability: {
      analyticsIngest: e.ANALYTICS_INGEST === 'on',
      metrics: { enabled: e.METRICS === 'on', token: e.METRICS_TOKEN },
      otel: e.OTEL_EXPORTER_OTLP_ENDPOINT
        ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
        : undefined,
    },
  };
}
