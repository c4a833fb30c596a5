import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startGatewayStandIns } from '../../test/gateways/gateway-stand-ins.js';
import { createCashfreeGateway } from './cashfree.js';
import type { CheckoutInput, PaymentGateway } from './gateway.js';
import { createRazorpayGateway } from './razorpay.js';
import { createStripeGateway } from './stripe.js';

/**
 * From environment variables to a paid order, for each gateway: the env names of the README, the
 * config blocks and the factories fit together (what the registry will do at merge).
 */
describe('gateways built from the environment', () => {
  let standIns: Awaited<ReturnType<typeof startGatewayStandIns>>;
  let gateways: Record<'razorpay' | 'cashfree' | 'stripe', PaymentGateway>;
  beforeAll(async () => {
    standIns = await startGatewayStandIns();
    const { payments } = loadConfig({ ...standIns.env, PUBLIC_URL: 'https://veridocs.example' });
    gateways = {
      razorpay: createRazorpayGateway(payments.razorpay!),
      cashfree: createCashfreeGateway(payments.cashfree!, { publicUrl: 'https://veridocs.example' }),
      stripe: createStripeGateway(payments.stripe!, { maxNetworkRetries: 0 }),
    };
  });
  afterAll(() => standIns.close());

  const input = (orderId: string, currency: 'INR' | 'USD'): CheckoutInput => ({
    orderId,
    amount: currency === 'INR' ? 118_000 : 9_440,
    currency,
    description: 'Veridocs verification fee',
    customer: { id: 'cand-1', phone: '+919876543210', email: 'asha@example.com', name: 'Asha Rao' },
    returnUrl: `https://veridocs.example/payment?order_id=${orderId}`,
    cancelUrl: `https://veridocs.example/payment?order_id=${orderId}&cancelled=true`,
  });

  it('each one answers its providers, is in the sandbox and reports a paid order', async () => {
    expect(gateways.razorpay.providers).toEqual(['razorpay']);
    expect(gateways.cashfree.providers).toEqual(['cashfree', 'cashfree-sdk']);
    expect(gateways.stripe.providers).toEqual(['stripe']);

    const rzp = await gateways.razorpay.createCheckout('razorpay', input('ord_env_rzp', 'INR'));
    await fetch(`${rzp.redirectUrl!}/pay`, { method: 'POST', redirect: 'manual' });
    const cf = await gateways.cashfree.createCheckout('cashfree-sdk', input('ord_env_cf', 'INR'));
    standIns.cashfree.pay(cf.gatewayOrderId);
    const st = await gateways.stripe.createCheckout('stripe', input('ord_env_st', 'USD'));
    await fetch(`${st.redirectUrl!}/pay`, { method: 'POST', redirect: 'manual' });

    for (const [gateway, session] of [
      [gateways.razorpay, rzp],
      [gateways.cashfree, cf],
      [gateways.stripe, st],
    ] as const) {
      expect(gateway.environment).toBe('sandbox');
      const payment = await gateway.fetchPayment(session.gatewayOrderId);
      expect(payment.status).toBe('success');
      expect(payment.paymentId).toEqual(expect.any(String));
    }
  });
});
