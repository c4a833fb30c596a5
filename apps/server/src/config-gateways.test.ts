import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The payment gateway blocks of config.ts (ADR 0024); kept apart from config.test.ts to merge cleanly. */
describe('loadConfig: payment gateways', () => {
  it('configures no gateway when no key is set', () => {
    expect(loadConfig({}).payments).toMatchObject({
      razorpay: undefined,
      cashfree: undefined,
      stripe: undefined,
    });
  });

  it('reads each gateway with its real API by default and the environment from the key', () => {
    const { payments } = loadConfig({
      RAZORPAY_KEY_ID: 'rzp_live_abc',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      CASHFREE_CLIENT_ID: 'cf-id',
      CASHFREE_CLIENT_SECRET: 'cf-secret',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(payments.razorpay).toEqual({
      keyId: 'rzp_live_abc',
      keySecret: 'secret',
      webhookSecret: 'hook',
      apiUrl: 'https://api.razorpay.com',
      environment: 'production',
      timeoutMs: 15_000,
    });
    expect(payments.cashfree).toMatchObject({
      apiUrl: 'https://sandbox.cashfree.com/pg',
      environment: 'sandbox',
      webhookToleranceSeconds: 300,
    });
    expect(payments.stripe).toMatchObject({ apiUrl: 'https://api.stripe.com', environment: 'sandbox' });
    expect(
      loadConfig({ CASHFREE_CLIENT_ID: 'a', CASHFREE_CLIENT_SECRET: 'b', CASHFREE_ENVIRONMENT: 'production' })
        .payments.cashfree?.apiUrl,
    ).toBe('https://api.cashfree.com/pg');
  });

  it('points an adapter at another API (a stand-in) without a trailing slash', () => {
    const { payments } = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
      PAYMENT_GATEWAY_TIMEOUT_MS: '2000',
    });
    expect(payments.stripe).toMatchObject({ apiUrl: 'http://127.0.0.1:12111', timeoutMs: 2000 });
  });

  it('refuses a half-configured gateway and a key of the other environment', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc' })).toThrow(
      /Razorpay needs RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ CASHFREE_CLIENT_SECRET: 'x' })).toThrow(/CASHFREE_CLIENT_ID/);
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_ENVIRONMENT: 'production',
      }),
    ).toThrow(/STRIPE_ENVIRONMENT=production but the key is a sandbox key/);
  });
});
