// PLACEHOLDER until packages/shared/src/rules/pricing.ts lands on main (the lead's); deleted after rebase.
import { z } from 'zod';
import type { Currency, PaymentInfo, PaymentRegion } from '@veridocs/shared';

export interface RegionalPrice {
  mrp: number;
  price: number;
}
export interface VerificationPrice {
  verificationName: string;
  INR: RegionalPrice;
  USD: RegionalPrice;
  additionalDiscountPercent: number;
  byInstitute?: Record<string, { INR: RegionalPrice; USD: RegionalPrice }>;
}
export interface FormPaymentConfig {
  prices: VerificationPrice[];
  express: { INR: number; USD: number } | null;
  cartDiscount: { percentage: number; minAmount: { INR: number; USD: number } } | null;
  gstPercent: number;
  disclaimer: string | null;
}
const regional = z.object({ mrp: z.number().int(), price: z.number().int() });
export const formPaymentConfigSchema: z.ZodType<FormPaymentConfig> = z.object({
  prices: z.array(
    z.object({
      verificationName: z.string(),
      INR: regional,
      USD: regional,
      additionalDiscountPercent: z.number(),
      byInstitute: z.record(z.string(), z.object({ INR: regional, USD: regional })).optional(),
    }),
  ),
  express: z.object({ INR: z.number().int(), USD: z.number().int() }).nullable(),
  cartDiscount: z
    .object({ percentage: z.number(), minAmount: z.object({ INR: z.number().int(), USD: z.number().int() }) })
    .nullable(),
  gstPercent: z.number(),
  disclaimer: z.string().nullable(),
});
export interface PricedVerification {
  key: string;
  verificationName: string;
  label: string;
  instituteId: string | null;
}
export type PaymentQuote = Pick<
  PaymentInfo,
  | 'items'
  | 'total'
  | 'gst'
  | 'toPayBeforeGst'
  | 'toPay'
  | 'currency'
  | 'currencySymbol'
  | 'discount'
  | 'availableDiscount'
  | 'additionalDiscountPercentage'
  | 'verificationList'
  | 'region'
  | 'express'
  | 'disclaimer'
>;
export function regionCurrency(region: PaymentRegion): Currency {
  return region === 'IN' ? 'INR' : 'USD';
}
export function quotePayment(
  config: FormPaymentConfig,
  input: { region: PaymentRegion; express: boolean; verifications: PricedVerification[] },
): PaymentQuote {
  const currency = regionCurrency(input.region);
  const seen = new Map<string, number>();
  const items: PaymentQuote['items'] = input.verifications.flatMap((v): PaymentQuote['items'] => {
    const p = config.prices.find((x) => x.verificationName === v.verificationName);
    if (!p) return [];
    const n = (seen.get(v.verificationName) ?? 0) + 1;
    seen.set(v.verificationName, n);
    const base = (v.instituteId && p.byInstitute?.[v.instituteId]) || p;
    const r = base[currency];
    const price = n > 1 ? Math.round((r.price * (100 - p.additionalDiscountPercent)) / 100) : r.price;
    return [{ key: v.key, label: v.label, description: '', price, mrp: r.mrp, icon: null, iconUrl: null }];
  });
  if (input.express && config.express)
    items.push({
      key: 'express',
      label: 'Express',
      description: '',
      price: config.express[currency],
      mrp: config.express[currency],
      icon: 'bolt',
      iconUrl: null,
    });
  const total = items.reduce((s, i) => s + i.price, 0);
  const cd = config.cartDiscount;
  const pct = cd && total >= cd.minAmount[currency] ? cd.percentage : 0;
  const amount = Math.round((total * pct) / 100);
  const toPayBeforeGst = total - amount;
  const gst = Math.round((toPayBeforeGst * config.gstPercent) / 100);
  return {
    items,
    total,
    gst,
    toPayBeforeGst,
    toPay: toPayBeforeGst + gst,
    currency,
    currencySymbol: currency === 'INR' ? '₹' : '$',
    discount: { amount, mrpDiscount: items.reduce((s, i) => s + i.mrp - i.price, 0), percentage: pct },
    availableDiscount: cd
      ? {
          percentage: cd.percentage,
          minAmount: {
            IN: { currency: 'INR', amount: cd.minAmount.INR },
            INTL: { currency: 'USD', amount: cd.minAmount.USD },
          },
        }
      : null,
    additionalDiscountPercentage: Math.max(0, ...config.prices.map((p) => p.additionalDiscountPercent)),
    verificationList: items
      .filter((i) => i.key !== 'express')
      .map((i) => ({ key: i.key, name: i.label, credits: i.price })),
    region: input.region,
    express: input.express,
    disclaimer: config.disclaimer,
  };
}
