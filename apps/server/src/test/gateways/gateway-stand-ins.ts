import { startCashfreeStandIn, CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET } from './cashfree-stand-in.js';
import {
  startRazorpayStandIn,
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
} from './razorpay-stand-in.js';
import { startStripeStandIn, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './stripe-stand-in.js';

/**
 * All three gateway stand-ins at once, with the environment that points the server's config at them:
 * `loadConfig({ ...base, ...standIns.env })` (or buildApp's env) gives `config.payments` for real
 * adapters talking to local gateways — for API tests of orders, webhooks and reconciliation.
 */
export async function startGatewayStandIns() {
  const [razorpay, cashfree, stripe] = await Promise.all([
    startRazorpayStandIn(),
    startCashfreeStandIn(),
    startStripeStandIn(),
  ]);
  return {
    razorpay,
    cashfree,
    stripe,
    env: {
      RAZORPAY_KEY_ID,
      RAZORPAY_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET,
      RAZORPAY_API_URL: razorpay.server.url,
      CASHFREE_CLIENT_ID,
      CASHFREE_CLIENT_SECRET,
      CASHFREE_API_URL: `${cashfree.server.url}/pg`,
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.server.url,
      PAYMENT_GATEWAY_TIMEOUT_MS: '2000',
    },
    close: () => Promise.all([razorpay.server.close(), cashfree.server.close(), stripe.server.close()]),
  };
}
