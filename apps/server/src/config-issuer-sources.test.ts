import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { createApiSetuProvider } from './providers/apisetu/index.js';
import { issuerTrustAnchors } from './providers/issuer-documents/trust-anchors.js';

/** DigiLocker and API Setu settings (issue 26). */
const DIGILOCKER = {
  DIGILOCKER_PROVIDER: 'http',
  DIGILOCKER_API_URL: 'https://api.digitallocker.gov.in/public/',
  DIGILOCKER_CLIENT_ID: 'veridocs-client',
  DIGILOCKER_CLIENT_SECRET: 'd'.repeat(24),
};
const APISETU = {
  APISETU_PROVIDER: 'http',
  APISETU_API_URL: 'https://apisetu.gov.in/{issuer}/v3/',
  APISETU_API_KEY: 'a'.repeat(24),
  APISETU_CLIENT_ID: 'in.veridocs',
};
/** Production with everything else set. */
const PRODUCTION = {
  NODE_ENV: 'production',
  // The supplier on organisations' GST invoices (ADR 0047).
  INVOICE_SUPPLIER_NAME: 'Veridocs Pvt Ltd',
  INVOICE_SUPPLIER_GSTIN: '29AAACV1234F1Z5',
  INVOICE_SUPPLIER_ADDRESS: '1 MG Road, Bengaluru 560001',
  INVOICE_SUPPLIER_STATE_CODE: '29',
  // The grievance officer every privacy notice names (ADR 0049).
  GRIEVANCE_OFFICER_NAME: 'Asha Rao, Grievance Officer',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@veridocs.in',
  GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
  JWT_SECRET: 's'.repeat(40),
  SMS_GATEWAY_URL: 'https://sms.example.com/v1/messages',
  SMTP_HOST: 'smtp.example.com',
  SMTP_FROM: 'no-reply@example.com',
  PUBLIC_URL: 'https://verify.example.com',
  PAYMENT_PROVIDER_IN: 'razorpay',
  PAYMENT_PROVIDER_INTL: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_0123456789abcd',
  RAZORPAY_KEY_SECRET: 'r'.repeat(24),
  RAZORPAY_WEBHOOK_SECRET: 'w'.repeat(24),
};
const CERT = readFileSync(
  new URL('./providers/issuer-documents/test-fixtures/other-cert.pem', import.meta.url),
  'utf8',
);
const SANDBOX_CERT = readFileSync(
  new URL('./providers/issuer-documents/sandbox-issuer/cert.pem', import.meta.url),
  'utf8',
);

describe('issuer sources configuration (issue 26)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'veridocs-issuers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses the sandboxes with no variables, and trusts the sandbox key there only outside production', () => {
    const config = loadConfig({});
    expect(config.issuerSources).toEqual({
      digilocker: { kind: 'sandbox' },
      apisetu: { kind: 'sandbox', issuers: ['cbse', 'bput'] },
      trustAnchorsPem: [],
    });
    expect(issuerTrustAnchors(config.issuerSources.trustAnchorsPem, config.nodeEnv)).toEqual([SANDBOX_CERT]);
  });

  it('reads the real services’ settings, time-outs 5 s unless set', () => {
    expect(loadConfig({ ...DIGILOCKER, ...APISETU }).issuerSources).toEqual({
      digilocker: {
        kind: 'http',
        url: 'https://api.digitallocker.gov.in/public',
        clientId: 'veridocs-client',
        clientSecret: 'd'.repeat(24),
        timeoutMs: 5000,
      },
      apisetu: {
        kind: 'http',
        issuers: ['cbse', 'bput'],
        url: 'https://apisetu.gov.in/{issuer}/v3',
        apiKey: 'a'.repeat(24),
        clientId: 'in.veridocs',
        timeoutMs: 5000,
      },
      trustAnchorsPem: [],
    });
    const timed = loadConfig({
      ...DIGILOCKER,
      ...APISETU,
      DIGILOCKER_TIMEOUT_MS: '3000',
      APISETU_TIMEOUT_MS: '8000',
    });
    expect(timed.issuerSources.digilocker).toMatchObject({ timeoutMs: 3000 });
    expect(timed.issuerSources.apisetu).toMatchObject({ timeoutMs: 8000 });
  });

  it('names every missing setting of a real service', () => {
    expect(() => loadConfig({ DIGILOCKER_PROVIDER: 'http' })).toThrow(
      new ConfigError(
        'Invalid configuration: DIGILOCKER_PROVIDER=http needs DIGILOCKER_API_URL, DIGILOCKER_CLIENT_ID and DIGILOCKER_CLIENT_SECRET',
      ),
    );
    expect(() => loadConfig({ ...DIGILOCKER, DIGILOCKER_CLIENT_SECRET: '' })).toThrow(
      'Invalid configuration: DIGILOCKER_PROVIDER=http needs DIGILOCKER_CLIENT_SECRET',
    );
    expect(() => loadConfig({ APISETU_PROVIDER: 'http', APISETU_API_URL: APISETU.APISETU_API_URL })).toThrow(
      'Invalid configuration: APISETU_PROVIDER=http needs APISETU_API_KEY and APISETU_CLIENT_ID',
    );
    expect(() => loadConfig({ ...APISETU, APISETU_API_URL: 'ftp://apisetu.gov.in/{issuer}' })).toThrow(
      /APISETU_API_URL must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ DIGILOCKER_PROVIDER: 'real' })).toThrow(/DIGILOCKER_PROVIDER/);
    expect(() => loadConfig({ ...DIGILOCKER, DIGILOCKER_API_URL: 'not a url' })).toThrow(
      /DIGILOCKER_API_URL/,
    );
    expect(() => loadConfig({ APISETU_TIMEOUT_MS: '0' })).toThrow(/APISETU_TIMEOUT_MS/);
  });

  it('asks the issuers APISETU_ISSUERS names, from the catalogue, and refuses to start on an unknown one', () => {
    const clock = () => new Date('2026-11-30T10:00:00Z');
    const ids = (env: Record<string, string>) =>
      createApiSetuProvider(loadConfig(env), clock)
        .issuers()
        .map((i) => i.id);
    // Unset: every issuer of the catalogue; set: those named, in their order, each once.
    expect(ids({})).toEqual(['cbse', 'bput']);
    expect(loadConfig({ APISETU_ISSUERS: ' BPUT, cbse ,bput' }).issuerSources.apisetu).toEqual({
      kind: 'sandbox',
      issuers: ['bput', 'cbse'],
    });
    expect(ids({ APISETU_ISSUERS: 'cbse' })).toEqual(['cbse']);
    // The real adapter gets the same list (createHttpApiSetuProvider({ issuers })).
    expect(ids({ ...APISETU, APISETU_ISSUERS: 'bput' })).toEqual(['bput']);
    expect(loadConfig({ ...APISETU, APISETU_ISSUERS: 'bput' }).issuerSources.apisetu).toMatchObject({
      kind: 'http',
      issuers: ['bput'],
    });

    expect(() => loadConfig({ APISETU_ISSUERS: 'cbse,gseb' })).toThrow(
      new ConfigError(
        'Invalid configuration: APISETU_ISSUERS must list issuer ids among cbse, bput (unknown: gseb)',
      ),
    );
    expect(() => loadConfig({ ...APISETU, APISETU_ISSUERS: ' , ' })).toThrow(
      'Invalid configuration: APISETU_ISSUERS must list issuer ids among cbse, bput',
    );
  });

  it('reads the trust anchors once, from a PEM bundle, and refuses one it cannot use', () => {
    writeFileSync(join(dir, 'anchors.pem'), `# the issuers' certificates\n${CERT}`);
    expect(
      loadConfig({ ISSUER_TRUST_ANCHORS_FILE: 'anchors.pem' }, dir).issuerSources.trustAnchorsPem,
    ).toEqual([CERT]);
    expect(() => loadConfig({ ISSUER_TRUST_ANCHORS_FILE: 'absent.pem' }, dir)).toThrow(
      /ISSUER_TRUST_ANCHORS_FILE: cannot read absent\.pem \(ENOENT\)/,
    );
    writeFileSync(join(dir, 'empty.pem'), 'nothing here\n');
    expect(() => loadConfig({ ISSUER_TRUST_ANCHORS_FILE: 'empty.pem' }, dir)).toThrow(
      /ISSUER_TRUST_ANCHORS_FILE: it holds no PEM certificate/,
    );
  });

  it('refuses the sandboxes in production in one line unless opted in; the sandbox key is never trusted there', () => {
    let message = '';
    try {
      loadConfig({ ...PRODUCTION, ...APISETU });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(
      message
        .split('\n')
        .slice(1)
        .map((l) => l.trim()),
    ).toEqual([
      expect.stringMatching(
        /^DIGILOCKER_PROVIDER=sandbox \(the embedded DigiLocker sandbox\): fictitious sandbox accounts .*I_UNDERSTAND_ISSUER_SOURCES_ARE_NOT_REAL=1/,
      ),
    ]);
    expect(() => loadConfig(PRODUCTION)).toThrow(/DIGILOCKER_PROVIDER=sandbox .*, APISETU_PROVIDER=sandbox /);
    expect(() => loadConfig({ ...PRODUCTION, ...DIGILOCKER, ...APISETU })).not.toThrow();

    const staging = loadConfig({
      ...PRODUCTION,
      I_UNDERSTAND_ISSUER_SOURCES_ARE_NOT_REAL: '1',
      ISSUER_TRUST_ANCHORS_FILE: join(dir, 'anchors.pem'),
    });
    expect(staging.issuerSources.digilocker).toEqual({ kind: 'sandbox' });
    expect(issuerTrustAnchors(staging.issuerSources.trustAnchorsPem, staging.nodeEnv)).toEqual([CERT]);
    // The payments opt-in is not this one.
    expect(() => loadConfig({ ...PRODUCTION, I_UNDERSTAND_PAYMENTS_ARE_NOT_REAL: '1' })).toThrow(
      /DIGILOCKER_PROVIDER=sandbox/,
    );
  });
});
