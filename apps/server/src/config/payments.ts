import type { Env } from './env-schema.js';
import { ConfigError, type GatewayEnvironment, type PaymentGatewaysConfig } from './types.js';

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

export function paymentGatewaysConfig(e: Env): PaymentGatewaysConfig {
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

const REGIONS = [
  ['PAYMENT_PROVIDER_IN', 'IN'],
  ['PAYMENT_PROVIDER_INTL', 'INTL'],
] as const;

/** The PAYMENT_PROVIDER_* variables set to the embedded sandbox gateway. */
export function regionsOnSandbox(e: Env): string[] {
  return REGIONS.filter(([name]) => e[name].startsWith('sandbox')).map(([name]) => name);
}

const GATEWAY_NAMES = { razorpay: 'Razorpay', cashfree: 'Cashfree', stripe: 'Stripe' } as const;

/**
 * Each region whose payments move no money, with why: the embedded sandbox, a gateway's test
 * environment (an rzp_test_ / sk_test_ key, Cashfree's default sandbox) or a plain-http API URL (a test
 * stand-in; the keys would travel in clear text).
 */
export function paymentsNotReal(e: Env, gateways: PaymentGatewaysConfig): string[] {
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
