import { resolve } from 'node:path';
import { DEFAULT_PARTNER_ORG_ID } from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
        NODE_ENV: 'production',
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
      },
      '/app',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { kind: 'postgres', url: 'postgres://app:pw@db:5432/veridocs' },
      nodeEnv: 'production',
      devTools: true,
      logLevel: 'warn',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 86400,
      partnerOrgIds: ['veridocs', 'acme'],
      rateLimit: { loginMax: 5, otpMax: 7 },
      trustProxy: true,
      webDistDir: '/app/web',
      publicUrl: 'https://verify.example.com',
      bodyLimitBytes: 2048,
      smsGateway: { url: 'https://sms.example.com/send', token: 'tok' },
    });
  });

  it('turns dev tools off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
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
});
