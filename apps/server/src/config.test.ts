import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_PARTNER_ORG_ID, RETENTION_DEFAULT_DAYS } from '@veridocs/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SANDBOX_DEV_SECRET } from './config.js';

/** The least a production start needs (issue 9 §4). */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 's'.repeat(40),
  SMS_GATEWAY_URL: 'https://sms.example.com/v1/messages',
  SMTP_HOST: 'smtp.example.com',
  SMTP_FROM: 'no-reply@example.com',
  PUBLIC_URL: 'https://verify.example.com',
  // A live gateway in both regions (the sandbox moves no money: issue 23 §3).
  PAYMENT_PROVIDER_IN: 'razorpay',
  PAYMENT_PROVIDER_INTL: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_0123456789abcd',
  RAZORPAY_KEY_SECRET: 'r'.repeat(24),
  RAZORPAY_WEBHOOK_SECRET: 'w'.repeat(24),
  // The real DigiLocker and API Setu: their sandboxes offer fictitious people (issue 26).
  DIGILOCKER_PROVIDER: 'http',
  DIGILOCKER_API_URL: 'https://api.digitallocker.gov.in/public',
  DIGILOCKER_CLIENT_ID: 'veridocs-client',
  DIGILOCKER_CLIENT_SECRET: 'd'.repeat(24),
  APISETU_PROVIDER: 'http',
  APISETU_API_URL: 'https://apisetu.gov.in/{issuer}/v3',
  APISETU_API_KEY: 'a'.repeat(24),
  APISETU_CLIENT_ID: 'in.veridocs',
  // The supplier on organisations' GST invoices (ADR 0047).
  INVOICE_SUPPLIER_NAME: 'Veridocs Pvt Ltd',
  INVOICE_SUPPLIER_GSTIN: '29AAACV1234F1Z5',
  INVOICE_SUPPLIER_ADDRESS: '1 MG Road, Bengaluru 560001',
  INVOICE_SUPPLIER_STATE_CODE: '29',
  // The grievance officer every privacy notice names (ADR 0049).
  GRIEVANCE_OFFICER_NAME: 'Asha Rao, Grievance Officer',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@veridocs.in',
  GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
};
/** The settings a production start refuses to do without (each named by its own line). */
const REQUIRED = [
  'JWT_SECRET',
  'SMS_GATEWAY_URL',
  'SMTP_HOST',
  'SMTP_FROM',
  'PUBLIC_URL',
  'INVOICE_SUPPLIER_NAME',
  'INVOICE_SUPPLIER_GSTIN',
  'INVOICE_SUPPLIER_ADDRESS',
  'INVOICE_SUPPLIER_STATE_CODE',
  'GRIEVANCE_OFFICER_NAME',
  'GRIEVANCE_OFFICER_EMAIL',
  'GRIEVANCE_OFFICER_PHONE',
];

/** The lines of the production refusal `env` gets (without the heading); fails if it starts. */
function refusal(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const [heading, ...lines] = (error as Error).message.split('\n');
    expect(heading).toBe('Refusing to start in production (NODE_ENV=production):');
    return lines.map((line) => line.trim());
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('loadConfig', () => {
  it('gives a working embedded setup with no variables', () => {
    const config = loadConfig({}, '/srv/veridocs');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/veridocs/data',
      database: { kind: 'pglite', dataDir: '/srv/veridocs/data/db' },
      nodeEnv: 'development',
      devTools: true,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      partnerOrgIds: [DEFAULT_PARTNER_ORG_ID],
      publicUrl: 'http://localhost:3000',
      bodyLimitBytes: 1024 * 1024,
      smsGateway: undefined,
      trustProxy: false,
    });
    expect(config.webDistDir).toBe(resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/veridocs',
        DATABASE_URL: 'postgres://app:pw@db:5432/veridocs',
        NODE_ENV: 'test',
        DEV_TOOLS: '1',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'x'.repeat(32),
        ACCESS_TOKEN_TTL_SECONDS: '900',
        REFRESH_TOKEN_TTL_SECONDS: '86400',
        PARTNER_ORG_IDS: 'veridocs, acme ,',
        RATE_LIMIT_LOGIN_MAX: '5',
        RATE_LIMIT_OTP_MAX: '7',
        TRUST_PROXY: '1',
        WEB_DIST_DIR: 'web',
        PUBLIC_URL: 'https://verify.example.com/',
        BODY_LIMIT_BYTES: '2048',
        SMS_GATEWAY_URL: 'https://sms.example.com/send',
        SMS_GATEWAY_TOKEN: 'tok',
        OTP_GLOBAL_MAX_PER_HOUR: '500',
        OTP_PREFIX_MAX_PER_HOUR: '40',
        OTP_PREFIX_DIGITS: '2',
        SMTP_HOST: 'smtp.example.com',
        SMTP_PORT: '465',
        SMTP_USER: 'mailer',
        SMTP_PASSWORD: 'pw',
        SMTP_FROM: 'Veridocs <no-reply@example.com>',
        PAYMENT_PROVIDER_IN: 'sandbox-sdk',
        PAYMENT_PROVIDER_INTL: 'sandbox',
        SANDBOX_GATEWAY_SECRET: 'k'.repeat(20),
        PAYMENT_JOBS: 'off',
        PAYMENT_RECONCILE_AFTER_SECONDS: '90',
        PAYMENT_RECONCILE_INTERVAL_SECONDS: '15',
      },
      '/app',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { kind: 'postgres', url: 'postgres://app:pw@db:5432/veridocs', prepare: true },
      nodeEnv: 'test',
      devTools: true,
      logLevel: 'warn',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 86400,
      partnerOrgIds: ['veridocs', 'acme'],
      rateLimit: { loginMax: 5, otpMax: 7 },
      trustProxy: { hops: 1 },
      webDistDir: '/app/web',
      publicUrl: 'https://verify.example.com',
      bodyLimitBytes: 2048,
      smsGateway: { url: 'https://sms.example.com/send', token: 'tok' },
      otpBudget: { globalPerHour: 500, prefixPerHour: 40, prefixDigits: 2 },
      email: {
        host: 'smtp.example.com',
        port: 465,
        secure: true,
        auth: { user: 'mailer', password: 'pw' },
        from: 'Veridocs <no-reply@example.com>',
      },
      payments: {
        providerIn: 'sandbox-sdk',
        providerIntl: 'sandbox',
        sandboxSecret: 'k'.repeat(20),
        jobs: false,
        reconcileAfterMs: 90_000,
        reconcileIntervalMs: 15_000,
      },
    });
  });

  it('prepares statements on PostgreSQL unless DATABASE_PREPARED_STATEMENTS=off (ADR 0052)', () => {
    const url = 'postgres://app:pw@db:5432/veridocs';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url, prepare: true });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: 'off' }).database).toMatchObject({
      prepare: false,
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(
      /DATABASE_PREPARED_STATEMENTS/,
    );
  });

  it('turns dev tools off in production unless asked', () => {
    expect(loadConfig({ ...PRODUCTION }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_TOOLS: '0' }).devTools).toBe(false);
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('refuses invalid values with a message naming them', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEV_TOOLS: 'yes' })).toThrow(/DEV_TOOLS/);
    expect(() => loadConfig({ PARTNER_ORG_IDS: ' , ' })).toThrow(/PARTNER_ORG_IDS/);
  });

  it('refuses a sweep grace period that an upload and its checks can outlast', () => {
    // Defaults: 660 s request + 20 s check + 60 s queue wait = 740 s.
    expect(loadConfig({}).documentChecks.maxQueueWaitMs).toBe(60_000);
    expect(loadConfig({ FILE_SWEEP_GRACE_SECONDS: '900' }).fileSweep.graceMs).toBe(900_000);
    expect(() => loadConfig({ FILE_SWEEP_GRACE_SECONDS: '1000', HTTP_REQUEST_TIMEOUT_MS: '940000' })).toThrow(
      /^Invalid configuration: FILE_SWEEP_GRACE_SECONDS \(1000\) must be greater than HTTP_REQUEST_TIMEOUT_MS \+ CHECK_TIMEOUT_MS \+ CHECK_MAX_QUEUE_WAIT_MS \(940000 \+ 20000 \+ 60000 ms = 1020 s\)/,
    );
    // Equal is not greater.
    expect(() => loadConfig({ FILE_SWEEP_GRACE_SECONDS: '1000', HTTP_REQUEST_TIMEOUT_MS: '920000' })).toThrow(
      /FILE_SWEEP_GRACE_SECONDS/,
    );
    expect(() => loadConfig({ FILE_SWEEP_GRACE_SECONDS: '1000', CHECK_MAX_QUEUE_WAIT_MS: '400000' })).toThrow(
      /CHECK_MAX_QUEUE_WAIT_MS/,
    );
    expect(
      loadConfig({ FILE_SWEEP_GRACE_SECONDS: '1000', HTTP_REQUEST_TIMEOUT_MS: '919999' }).fileSweep.graceMs,
    ).toBe(1_000_000);
  });

  it('has SMS-pumping budgets and no e-mail by default', () => {
    const config = loadConfig({});
    expect(config.otpBudget).toEqual({ globalPerHour: 1000, prefixPerHour: 100, prefixDigits: 6 });
    expect(config.email).toBeUndefined();
    expect(() => loadConfig({ OTP_PREFIX_DIGITS: '13' })).toThrow(/OTP_PREFIX_DIGITS/);
    expect(() => loadConfig({ SMTP_USER: 'u' })).toThrow(/SMTP_USER and SMTP_PASSWORD/);
    expect(loadConfig({ SMTP_HOST: 'mx', SMTP_FROM: 'a@b.c' }).email).toEqual({
      host: 'mx',
      port: 587,
      secure: false,
      auth: undefined,
      from: 'a@b.c',
    });
  });
});

describe('loadConfig in production (NODE_ENV=production)', () => {
  it('refuses to start half-configured, one line per missing setting', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Refusing to start in production (NODE_ENV=production):');
    expect(lines.slice(1).map((l) => l.trim().split(' ')[0])).toEqual([
      'JWT_SECRET',
      'SMS_GATEWAY_URL',
      'SMTP_HOST',
      'SMTP_FROM',
      'PUBLIC_URL',
      'PAYMENT_PROVIDER_IN=sandbox',
      'DIGILOCKER_PROVIDER=sandbox',
      'INVOICE_SUPPLIER_NAME',
      'INVOICE_SUPPLIER_GSTIN',
      'INVOICE_SUPPLIER_ADDRESS',
      'INVOICE_SUPPLIER_STATE_CODE',
      'GRIEVANCE_OFFICER_NAME',
      'GRIEVANCE_OFFICER_EMAIL',
      'GRIEVANCE_OFFICER_PHONE',
    ]);
  });

  it('names only what is missing', () => {
    for (const name of REQUIRED) {
      const env: Record<string, string> = { ...PRODUCTION };
      delete env[name];
      expect(() => loadConfig(env), name).toThrow(new RegExp(`^Refusing.*\\n  ${name} .*is not set[^\\n]*$`));
    }
  });

  it("holds the partners' report webhooks to the webhook address rules (ADR 0025)", () => {
    const partner = (url: string) => JSON.stringify({ WES: { url, secret: 'p'.repeat(16) } });
    expect(() => loadConfig({ EVALUATION_PARTNER_WEBHOOKS: partner('http://127.0.0.1:6379/') })).toThrow(
      /EVALUATION_PARTNER_WEBHOOKS.WES: .*port/,
    );
    expect(() => loadConfig({ EVALUATION_PARTNER_WEBHOOKS: partner('http://169.254.169.254/') })).toThrow(
      /EVALUATION_PARTNER_WEBHOOKS.WES: .*private/,
    );
    expect(() =>
      loadConfig({ ...PRODUCTION, EVALUATION_PARTNER_WEBHOOKS: partner('http://reports.wes.org/in') }),
    ).toThrow(/EVALUATION_PARTNER_WEBHOOKS.WES: .*https/);
    expect(
      loadConfig({ ...PRODUCTION, EVALUATION_PARTNER_WEBHOOKS: partner('https://reports.wes.org/in') })
        .webhookTargets,
    ).toEqual({ allowPrivate: false, httpsOnly: true });
    expect(() => loadConfig({ ...PRODUCTION, WEBHOOK_ALLOW_PRIVATE: '1' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
    expect(
      loadConfig({
        WEBHOOK_ALLOW_PRIVATE: '1',
        EVALUATION_PARTNER_WEBHOOKS: partner('http://127.0.0.1:4000/'),
      }).webhookTargets,
    ).toEqual({ allowPrivate: true, httpsOnly: false });
  });

  it('refuses a region on a gateway whose keys are not set', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER_IN: 'cashfree-sdk' })).toThrow(
      "Invalid configuration: PAYMENT_PROVIDER_IN=cashfree-sdk but cashfree's keys are not set",
    );
  });

  it('starts with everything set, dev tools off', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({
      devTools: false,
      jwtSecret: 's'.repeat(40),
      publicUrl: 'https://verify.example.com',
      smsGateway: { url: 'https://sms.example.com/v1/messages' },
      email: { host: 'smtp.example.com', port: 587, from: 'no-reply@example.com' },
    });
  });

  describe('test switches (issue 23 §3)', () => {
    const SANDBOX_KEY = 'k'.repeat(32);
    const OPT_IN = { I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL: '1' };

    it('refuses the sandbox gateway in one line, and opens it only with the loud opt-in and a key', () => {
      const staging = {
        ...PRODUCTION,
        PAYMENT_PROVIDER_INTL: 'sandbox',
        SANDBOX_GATEWAY_SECRET: SANDBOX_KEY,
      };
      expect(refusal(staging)).toEqual([
        expect.stringMatching(
          /^PAYMENT_PROVIDER_INTL=sandbox \(the embedded sandbox gateway\): payments would move no money .*I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL=1/,
        ),
      ]);
      const both = { ...staging, PAYMENT_PROVIDER_IN: 'sandbox-sdk' };
      expect(refusal(both)).toEqual([
        expect.stringMatching(
          /^PAYMENT_PROVIDER_IN=sandbox-sdk \(.*\), PAYMENT_PROVIDER_INTL=sandbox \(.*\): /,
        ),
      ]);
      expect(loadConfig({ ...staging, ...OPT_IN }).payments).toMatchObject({
        providerIn: 'razorpay',
        providerIntl: 'sandbox',
        sandboxSecret: SANDBOX_KEY,
      });
      // With the opt-in the sandbox still needs a key of its own, not the documented development one.
      const { SANDBOX_GATEWAY_SECRET: _key, ...keyless } = staging;
      expect(refusal({ ...keyless, ...OPT_IN })).toEqual([
        expect.stringMatching(/^SANDBOX_GATEWAY_SECRET is not set: /),
      ]);
      expect(refusal({ ...staging, ...OPT_IN, SANDBOX_GATEWAY_SECRET: SANDBOX_DEV_SECRET })).toEqual([
        expect.stringMatching(/^SANDBOX_GATEWAY_SECRET is the documented development key: /),
      ]);
    });

    it('keeps the sandbox closed when its key is set but no region uses it', () => {
      expect(loadConfig({ ...PRODUCTION, SANDBOX_GATEWAY_SECRET: SANDBOX_KEY }).payments.sandboxSecret).toBe(
        undefined,
      );
      // Outside production the development key, as before.
      expect(loadConfig({}).payments.sandboxSecret).toBe(SANDBOX_DEV_SECRET);
    });

    it("refuses a gateway's test mode or a plain-http stand-in unless opted in", () => {
      const testKey = { ...PRODUCTION, RAZORPAY_KEY_ID: 'rzp_test_0123456789abcd' };
      expect(refusal(testKey)).toEqual([
        expect.stringMatching(
          /^PAYMENT_PROVIDER_IN=razorpay \(Razorpay's sandbox environment\), PAYMENT_PROVIDER_INTL=razorpay \(Razorpay's sandbox environment\): payments would move no money/,
        ),
      ]);
      expect(loadConfig({ ...testKey, ...OPT_IN }).payments.razorpay?.environment).toBe('sandbox');
      // Cashfree's environment defaults to its sandbox.
      const cashfree = {
        ...PRODUCTION,
        PAYMENT_PROVIDER_IN: 'cashfree-sdk',
        CASHFREE_CLIENT_ID: 'cf-app',
        CASHFREE_CLIENT_SECRET: 'c'.repeat(24),
      };
      expect(refusal(cashfree)).toEqual([
        expect.stringMatching(/^PAYMENT_PROVIDER_IN=cashfree-sdk \(Cashfree's sandbox environment\): /),
      ]);
      expect(loadConfig({ ...cashfree, CASHFREE_ENVIRONMENT: 'production' }).payments.providerIn).toBe(
        'cashfree-sdk',
      );
      const stripe = {
        ...PRODUCTION,
        PAYMENT_PROVIDER_INTL: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_0123',
        STRIPE_WEBHOOK_SECRET: 'whsec_0123',
      };
      expect(refusal(stripe)).toEqual([
        expect.stringMatching(/^PAYMENT_PROVIDER_INTL=stripe \(Stripe's sandbox environment\): /),
      ]);
      expect(loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_live_0123' }).payments.stripe?.environment).toBe(
        'production',
      );
      const standIn = { ...PRODUCTION, RAZORPAY_API_URL: 'http://127.0.0.1:9999' };
      expect(refusal(standIn)).toEqual([
        expect.stringMatching(
          /^PAYMENT_PROVIDER_IN=razorpay \(RAZORPAY_API_URL is not https: a stand-in\), /,
        ),
      ]);
      expect(loadConfig({ ...standIn, ...OPT_IN }).payments.razorpay?.apiUrl).toBe('http://127.0.0.1:9999');
    });

    it('refuses DEV_TOOLS=1 and FILE_FETCH_ALLOW_PRIVATE=1 with no opt-in, the payments one included', () => {
      expect(refusal({ ...PRODUCTION, DEV_TOOLS: '1' })).toEqual([
        expect.stringMatching(
          /^DEV_TOOLS=1 is for development only: it publishes every OTP at \/api\/dev\/outbox/,
        ),
      ]);
      expect(refusal({ ...PRODUCTION, FILE_FETCH_ALLOW_PRIVATE: 'true' })).toEqual([
        expect.stringMatching(/^FILE_FETCH_ALLOW_PRIVATE=1 is for tests only: /),
      ]);
      expect(
        refusal({ ...PRODUCTION, ...OPT_IN, DEV_TOOLS: '1', FILE_FETCH_ALLOW_PRIVATE: '1' }).map(
          (line) => line.split(' ')[0],
        ),
      ).toEqual(['DEV_TOOLS=1', 'FILE_FETCH_ALLOW_PRIVATE=1']);
      // Saying "off" out loud is fine.
      expect(loadConfig({ ...PRODUCTION, DEV_TOOLS: '0', FILE_FETCH_ALLOW_PRIVATE: '0' })).toMatchObject({
        devTools: false,
        fileFetch: { allowPrivate: false },
      });
    });

    it('refuses an OTP resend interval shorter than the specification, with no opt-in', () => {
      expect(refusal({ ...PRODUCTION, OTP_RESEND_AFTER_SECONDS: '3' })).toEqual([
        expect.stringMatching(/^OTP_RESEND_AFTER_SECONDS=3 is for tests only: the specification waits 30 s/),
      ]);
      expect(loadConfig({ ...PRODUCTION, OTP_RESEND_AFTER_SECONDS: '60' }).otpResendAfterSeconds).toBe(60);
      expect(loadConfig(PRODUCTION).otpResendAfterSeconds).toBeUndefined();
      expect(loadConfig({ OTP_RESEND_AFTER_SECONDS: '2' }).otpResendAfterSeconds).toBe(2);
    });

    it('refuses a plain-http PUBLIC_URL, with no opt-in', () => {
      expect(refusal({ ...PRODUCTION, ...OPT_IN, PUBLIC_URL: 'http://verify.example.com' })).toEqual([
        expect.stringMatching(/^PUBLIC_URL is not https: /),
      ]);
      // Outside production a local http address stays the default.
      expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
    });
  });

  describe('JWT_SECRET_FILE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'veridocs-config-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const { JWT_SECRET: _unused, ...withoutSecret } = PRODUCTION;

    it('reads the secret from a file (a mounted secret), trailing newline dropped', () => {
      writeFileSync(join(dir, 'jwt'), `${'f'.repeat(48)}\n`);
      expect(loadConfig({ ...withoutSecret, JWT_SECRET_FILE: 'jwt' }, dir).jwtSecret).toBe('f'.repeat(48));
    });

    it('refuses an unreadable or short file, and both at once', () => {
      expect(() => loadConfig({ ...withoutSecret, JWT_SECRET_FILE: join(dir, 'absent') })).toThrow(
        /JWT_SECRET_FILE: cannot read .*absent \(ENOENT\)/,
      );
      writeFileSync(join(dir, 'short'), 'short\n');
      expect(() => loadConfig({ ...withoutSecret, JWT_SECRET_FILE: join(dir, 'short') })).toThrow(
        /JWT_SECRET_FILE: the secret must be at least 32 characters/,
      );
      writeFileSync(join(dir, 'jwt'), 'f'.repeat(48));
      expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET_FILE: join(dir, 'jwt') })).toThrow(/not both/);
    });
  });
});

describe('the retention schedule (ADR 0049)', () => {
  it('defaults to the shared table; RETENTION_<CLASS>_DAYS lengthens or shortens a class', () => {
    expect(loadConfig({}).retention).toEqual(RETENTION_DEFAULT_DAYS);
    const config = loadConfig({
      RETENTION_SUPPORT_CHAT_DAYS: '30',
      RETENTION_PAYMENTS_DAYS: String(10 * 365),
      RETENTION_ACCESS_LOGS_DAYS: '365',
    });
    expect(config.retention).toEqual({
      ...RETENTION_DEFAULT_DAYS,
      support_chat: 30,
      payments: 3650,
      access_logs: 365,
    });
  });

  it('runs its daily loop by default, except under NODE_ENV=test unless asked', () => {
    expect(loadConfig({}).retentionJobs).toBe(true);
    expect(loadConfig({ ...PRODUCTION }).retentionJobs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).retentionJobs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', RETENTION_JOBS: '1' }).retentionJobs).toBe(true);
    expect(loadConfig({ RETENTION_JOBS: '0' }).retentionJobs).toBe(false);
  });

  it('refuses a period below the legal minimum, naming the variable and the law', () => {
    expect(() => loadConfig({ RETENTION_PAYMENTS_DAYS: '365' })).toThrow(
      /RETENTION_PAYMENTS_DAYS=365 is below the legal minimum of 2920 days: 8 years/,
    );
    expect(() => loadConfig({ RETENTION_ACCESS_LOGS_DAYS: '364' })).toThrow(
      /RETENTION_ACCESS_LOGS_DAYS=364 is below the legal minimum of 365 days/,
    );
    expect(() => loadConfig({ RETENTION_MESSAGES_DAYS: '0' })).toThrow(/RETENTION_MESSAGES_DAYS/);
  });
});
