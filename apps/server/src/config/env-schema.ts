import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '@veridocs/shared';

/**
 * Every environment variable the server reads, validated and defaulted in one schema; config.ts
 * turns the result into the typed Config.
 */

export const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const positiveInt = z.coerce.number().int().positive();
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /**
   * PostgreSQL: each parameterised statement prepared once per connection (ADR 0052). `off` for a
   * connection pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
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
  /** An organisation portal user's session (ADR 0047): a working day, as the console's. */
  ORG_ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(8 * 60 * 60),
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
  /** 0, the number of proxies in front of the server, or their addresses (config/trust-proxy.ts). */
  TRUST_PROXY: optionalString,
  WEB_DIST_DIR: optionalString,
  /** The built console (apps/console/dist), served under /ops (ADR 0027). */
  CONSOLE_DIST_DIR: optionalString,
  /** The built organisation portal (apps/org/dist), served under /org (ADR 0047). */
  ORG_DIST_DIR: optionalString,
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  SMS_GATEWAY_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  SMS_GATEWAY_TOKEN: optionalString,
  // SMS pumping (ADR 0002): OTP sends per hour for everyone and per number prefix, on top of the
  // per-number limit. The prefix is the leading digits of the international number (91…).
  OTP_GLOBAL_MAX_PER_HOUR: positiveInt.default(1000),
  OTP_PREFIX_MAX_PER_HOUR: positiveInt.default(100),
  OTP_PREFIX_DIGITS: z.coerce.number().int().min(1).max(12).default(6),
  // Seconds before another mobile or e-mail OTP may be requested. The specification's 30 s unless set;
  // the end-to-end server shortens it so specs do not wait it out. Production refuses anything shorter.
  OTP_RESEND_AFTER_SECONDS: z.coerce.number().int().min(1).max(600).optional(),
  // Aadhaar by OTP (issue 11): the embedded sandbox unless AADHAAR_PROVIDER=http, which calls a licensed
  // KYC provider's offline-Aadhaar API (Cashfree Secure ID's shape) at AADHAAR_API_URL.
  AADHAAR_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'http']).default('sandbox')),
  AADHAAR_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  AADHAAR_CLIENT_ID: optionalString,
  AADHAAR_CLIENT_SECRET: optionalString,
  AADHAAR_API_TIMEOUT_MS: positiveInt.default(15_000),
  /** Refuse a number another account verified: on by default with a real provider, off in the sandbox (shared test numbers). */
  AADHAAR_REFUSE_REPEATS: z.preprocess(emptyToUndefined, flag.optional()),
  // Issuer sources (issue 26): DigiLocker's Authorized Partner API and API Setu's issuer pull APIs. The
  // embedded sandboxes unless set to `http`, which needs the URL and the credentials of each.
  DIGILOCKER_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'http']).default('sandbox')),
  /** The API's base, e.g. https://api.digitallocker.gov.in/public (the paths /oauth2/… follow it). */
  DIGILOCKER_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DIGILOCKER_CLIENT_ID: optionalString,
  DIGILOCKER_CLIENT_SECRET: optionalString,
  DIGILOCKER_TIMEOUT_MS: positiveInt.default(5_000),
  APISETU_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'http']).default('sandbox')),
  /** An issuer's API base with `{issuer}` for its id, e.g. https://apisetu.gov.in/{issuer}/v3. */
  APISETU_API_URL: optionalString,
  APISETU_API_KEY: optionalString,
  APISETU_CLIENT_ID: optionalString,
  APISETU_TIMEOUT_MS: positiveInt.default(5_000),
  /** The issuers asked through API Setu, comma-separated ids of providers/apisetu/issuers.ts (unset: all). */
  APISETU_ISSUERS: optionalString,
  /** A PEM bundle of the certificates issuers sign their XML with (the sandbox's is added outside production). */
  ISSUER_TRUST_ANCHORS_FILE: optionalString,
  /** The loud opt-in for a production deployment on the issuer sandboxes (a staging copy). */
  I_UNDERSTAND_ISSUER_SOURCES_ARE_NOT_REAL: z.preprocess(emptyToUndefined, flag.default(false)),
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
  /** Resumable (tus) uploads not finished within this many hours are removed by the sweep (ADR 0050). */
  RESUMABLE_UPLOAD_EXPIRY_HOURS: positiveInt.default(24),
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
  // Institutions answering verification requests (issue 27, ADR 0046).
  /** Days a request's link stays valid. */
  INSTITUTION_LINK_TTL_DAYS: positiveInt.max(365).default(30),
  /** Working days after sending when reminders go out: "2,5,8". */
  INSTITUTION_REMINDER_DAYS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('2,5,8')
      .transform((raw) => raw.split(',').map((d) => Number(d.trim())))
      .pipe(z.array(z.number().int().min(1).max(60)).max(10)),
  ),
  /** Working days after the last reminder before an unanswered request goes to the team's queue. */
  INSTITUTION_ESCALATE_AFTER_DAYS: positiveInt.max(60).default(3),
  /** The team's own working days after an institution answers (the candidate's expected date). */
  INSTITUTION_TEAM_DAYS: z.coerce.number().int().min(0).max(60).default(2),
  /** Extra non-working days (yyyy-mm-dd, comma separated) beside weekends and national holidays. */
  INSTITUTION_HOLIDAYS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('')
      .transform((raw) =>
        raw
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as 2027-03-14'))),
  ),
  /** The responder's one-time code: lifetime, the session it opens, the lock after three wrong codes. */
  INSTITUTION_CODE_TTL_SECONDS: positiveInt.max(3600).default(600),
  INSTITUTION_SESSION_TTL_SECONDS: positiveInt.max(86_400).default(7200),
  INSTITUTION_LOCK_MINUTES: positiveInt.max(1440).default(30),
  /** The hour (IST) daily digests go out to contacts that batch their requests. */
  INSTITUTION_DIGEST_HOUR_IST: z.coerce.number().int().min(0).max(23).default(10),
  /** The hour (IST) an organisation that asked for a daily digest gets the day before's (issue 28). */
  ORG_DIGEST_HOUR_IST: z.coerce.number().int().min(0).max(23).default(9),
  /**
   * The supplier printed on the organisations' GST invoices (ADR 0047): legal name, GSTIN, address and
   * GST state code. Development defaults; production requires all four.
   */
  INVOICE_SUPPLIER_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(2).max(200).optional()),
  INVOICE_SUPPLIER_GSTIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'a 15-character GSTIN')
      .optional(),
  ),
  INVOICE_SUPPLIER_ADDRESS: z.preprocess(emptyToUndefined, z.string().trim().min(5).max(500).optional()),
  INVOICE_SUPPLIER_STATE_CODE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{2}$/, 'the 2-digit GST state code')
      .optional(),
  ),
  /**
   * The grievance officer (DPDP Act s. 8(10), ADR 0049): named in the privacy notice and in every breach
   * notice. Development defaults; production requires all three.
   */
  GRIEVANCE_OFFICER_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(2).max(200).optional()),
  GRIEVANCE_OFFICER_EMAIL: z.preprocess(emptyToUndefined, z.email('an e-mail address').optional()),
  GRIEVANCE_OFFICER_PHONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^\+?[0-9][0-9 -]{6,18}[0-9]$/,
        'a phone number: digits, spaces or hyphens, an optional leading +',
      )
      .optional(),
  ),
  /**
   * The retention schedule (ADR 0049): days each data class is kept, defaults from RETENTION_DEFAULT_DAYS
   * of packages/shared. config/retention.ts refuses a period below the law's minimum.
   */
  /** The daily purge's loop; on by default, off by default under NODE_ENV=test (tests run one pass). */
  RETENTION_JOBS: z.preprocess(emptyToUndefined, flag.optional()),
  RETENTION_UPLOADED_DOCUMENTS_DAYS: z.preprocess(emptyToUndefined, positiveInt.optional()),
  RETENTION_PULLED_DOCUMENTS_DAYS: z.preprocess(emptyToUndefined, positiveInt.optional()),
  RETENTION_AADHAAR_DATA_DAYS: z.preprocess(emptyToUndefined, positiveInt.optional()),
  RETENTION_RESULTS_DAYS: z.preprocess(emptyToUndefined, positiveInt.optional()),
  RETENTION_SUPPORT_CHAT_DAYS: z.preprocess(emptyToUndefined, positiveInt.optional()),
  RETENTION_MESSAGES_DAYS: z.preprocess(emptyToUndefined, positiveInt.optional()),
  RETENTION_PAYMENTS_DAYS: z.preprocess(emptyToUndefined, positiveInt.optional()),
  RETENTION_ACCESS_LOGS_DAYS: z.preprocess(emptyToUndefined, positiveInt.optional()),
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

export type Env = z.infer<typeof envSchema>;
