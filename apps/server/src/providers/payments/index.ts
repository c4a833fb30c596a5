import type { PaymentProvider, PaymentRegion } from '@veridocs/shared';
import type { PaymentGateway } from './gateway.js';

/** Picks the gateway per provider id, and the provider per region (config PAYMENT_PROVIDER_IN/INTL). */
export interface PaymentGateways {
  providerFor(region: PaymentRegion): PaymentProvider;
  /** The gateway answering to `provider`; undefined when none is configured. */
  forProvider(provider: string): PaymentGateway | undefined;
  /** The gateway whose webhooks arrive at /api/payments/webhooks/{name} (the provider id without -sdk). */
  forWebhook(name: string): PaymentGateway | undefined;
}

export function createPaymentGateways(
  gateways: readonly PaymentGateway[],
  byRegion: { IN: PaymentProvider; INTL: PaymentProvider },
): PaymentGateways {
  const byProvider = new Map<string, PaymentGateway>();
  for (const gateway of gateways) for (const p of gateway.providers) byProvider.set(p, gateway);
  for (const region of ['IN', 'INTL'] as const) {
    if (!byProvider.has(byRegion[region]))
      throw new Error(`payments: no gateway is configured for ${byRegion[region]} (region ${region})`);
  }
  return {
    providerFor: (region) => byRegion[region],
    forProvider: (provider) => byProvider.get(provider),
    forWebhook: (name) => (name.endsWith('-sdk') ? undefined : byProvider.get(name)),
  };
}
