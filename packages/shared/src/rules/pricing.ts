import { z } from 'zod';
import type { Currency, PaymentInfo, PaymentRegion } from '../schemas/payments.js';

/**
 * The price of a transaction (spec §1 "fee by documents and institution", §9 tax and discounts; issue
 * 13). Only the server calls `quotePayment`; the web shows what the server computed. Every amount is an
 * integer in the currency's smallest unit, and every percentage is applied in integer arithmetic
 * (basis points, BigInt) with half-up rounding, so the same inputs give the same paise everywhere.
 */

export interface RegionalPrice {
  mrp: number;
  price: number;
}

const minorUnits = z.number().int().nonnegative().max(100_000_000_00);
const percent = z.number().min(0).max(100);
const regionalPriceSchema = z
  .object({ mrp: minorUnits, price: minorUnits })
  .refine((p) => p.price <= p.mrp, 'The price cannot exceed the mrp');
const bothCurrencies = z.object({ INR: regionalPriceSchema, USD: regionalPriceSchema });

export const verificationPriceSchema = z.object({
  /** The verification type, e.g. `bgv-degree`: every instance of it (`bgv-degree~2`) has this price. */
  verificationName: z.string().min(1).max(100),
  /** Shown under the item's label on /payment. */
  description: z.string().max(200).optional(),
  INR: regionalPriceSchema,
  USD: regionalPriceSchema,
  /** Percent off the second and later instances of this type ("Save {n}% on additional degrees"). */
  additionalDiscountPercent: percent,
  /** A different price for a document from these institutes (by the institute id saved in its data). */
  byInstitute: z.record(z.string(), bothCurrencies).optional(),
});
export type VerificationPrice = z.infer<typeof verificationPriceSchema>;

/** A form's prices (ekyc_forms.payment_config), INR and USD set per form: no FX for a charge. */
export const formPaymentConfigSchema = z.object({
  prices: z.array(verificationPriceSchema),
  /** The fast-track fee; null when the form offers none. */
  express: z.object({ INR: minorUnits, USD: minorUnits }).nullable(),
  /** A cart discount: `percentage` off once the items reach minAmount in the region's currency. */
  cartDiscount: z
    .object({ percentage: percent, minAmount: z.object({ INR: minorUnits, USD: minorUnits }) })
    .nullable(),
  gstPercent: percent,
  disclaimer: z.string().max(1000).nullable(),
});
export type FormPaymentConfig = z.infer<typeof formPaymentConfigSchema>;

/** One verification instance the candidate submitted, in the form's order. */
export interface PricedVerification {
  /** Instance key: `bgv-degree`, `bgv-degree~2`… */
  key: string;
  /** Its type (the price list's verificationName). */
  verificationName: string;
  label: string;
  /** The institute id in its saved data, when it has one. */
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

export const EXPRESS_ITEM_KEY = 'express';
export const EXPRESS_BUSINESS_DAYS = 5;

export const regionCurrency = (region: PaymentRegion): Currency => (region === 'IN' ? 'INR' : 'USD');

/** Spec §9: ₹ for INR, otherwise $. */
export const currencySymbol = (currency: Currency | string): string => (currency === 'INR' ? '₹' : '$');

/** `percent` of `amount`, rounded half up, in integers (percent to 2 decimals, as basis points). */
export function percentOf(amount: number, percentage: number): number {
  const bps = BigInt(Math.round(percentage * 100));
  return Number((BigInt(amount) * bps + 5000n) / 10000n);
}

/**
 * Splits `amount` over `weights` in proportion, in whole units that add up to `amount` exactly (the
 * largest remainders get the leftover units; ties go to the earlier weight).
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const total = BigInt(amount);
  const whole = weights.map((w) => (BigInt(w) * total) / BigInt(sum));
  const remainders = weights.map((w, i) => ({ i, r: (BigInt(w) * total) % BigInt(sum) }));
  let left = Number(total - whole.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    whole[i]! += 1n;
    left -= 1;
  }
  return whole.map(Number);
}

/**
 * The quote for the verifications the candidate submitted. Each priced instance is an item at its
 * region's price (the institute's price when the config names it); the second and later instances of
 * a type lose `additionalDiscountPercent`. Fast-track adds one item. A cart discount applies once the
 * items' total reaches its minimum. GST is `gstPercent` of the sum of the credits, where the credits
 * are the items' prices after the cart discount, split over the items in proportion (spec §9 "18% of
 * the sum of credits"). Verifications without a price cost nothing and are not listed.
 */
export function quotePayment(
  config: FormPaymentConfig,
  input: { region: PaymentRegion; express: boolean; verifications: readonly PricedVerification[] },
): PaymentQuote {
  const currency = regionCurrency(input.region);
  const seen = new Map<string, number>();
  const items: PaymentQuote['items'] = [];
  for (const v of input.verifications) {
    const entry = config.prices.find((p) => p.verificationName === v.verificationName);
    if (!entry) continue;
    const nth = (seen.get(v.verificationName) ?? 0) + 1;
    seen.set(v.verificationName, nth);
    const regional = (v.instituteId ? entry.byInstitute?.[v.instituteId] : undefined) ?? entry;
    const { mrp, price } = regional[currency];
    const additional = nth > 1 ? percentOf(price, entry.additionalDiscountPercent) : 0;
    items.push({
      key: v.key,
      label: v.label,
      description: entry.description ?? '',
      price: price - additional,
      mrp,
      icon: iconFor(v.verificationName),
      iconUrl: null,
    });
  }
  const expressFee = input.express && config.express ? config.express[currency] : null;
  if (expressFee !== null) {
    items.push({
      key: EXPRESS_ITEM_KEY,
      label: 'Fast-track',
      description: `Completed within ${EXPRESS_BUSINESS_DAYS} business days`,
      price: expressFee,
      mrp: expressFee,
      icon: 'bolt',
      iconUrl: null,
    });
  }

  const total = items.reduce((sum, item) => sum + item.price, 0);
  const mrpDiscount = items.reduce((sum, item) => sum + Math.max(0, item.mrp - item.price), 0);
  const cart = config.cartDiscount;
  const cartApplies = cart !== null && cart.percentage > 0 && total > 0 && total >= cart.minAmount[currency];
  const discountAmount = cartApplies ? percentOf(total, cart.percentage) : 0;
  const toPayBeforeGst = total - discountAmount;
  const credits = allocate(
    toPayBeforeGst,
    items.map((item) => item.price),
  );
  const gst = percentOf(
    credits.reduce((a, b) => a + b, 0),
    config.gstPercent,
  );
  const additionalDiscountPercentage = Math.max(0, ...config.prices.map((p) => p.additionalDiscountPercent));

  return {
    items,
    total,
    gst,
    toPayBeforeGst,
    toPay: toPayBeforeGst + gst,
    currency,
    currencySymbol: currencySymbol(currency),
    discount: { amount: discountAmount, mrpDiscount, percentage: cartApplies ? cart.percentage : 0 },
    availableDiscount:
      cart && cart.percentage > 0
        ? {
            percentage: cart.percentage,
            minAmount: {
              IN: { currency: 'INR', amount: cart.minAmount.INR },
              INTL: { currency: 'USD', amount: cart.minAmount.USD },
            },
          }
        : null,
    additionalDiscountPercentage,
    verificationList: items.map((item, i) => ({ key: item.key, name: item.label, credits: credits[i]! })),
    region: input.region,
    express: expressFee !== null,
    disclaimer: config.disclaimer,
  };
}

/**
 * What a quote charges for, as one canonical string (ADR 0023): region and currency, fast-track, every
 * priced line in order (instance key, price, mrp), the cart discount, GST and the amount to pay. Labels
 * and texts are left out. An order pays for exactly its quote: it submits only while the transaction's
 * current quote has the same fingerprint.
 */
export function quoteFingerprint(
  quote: Pick<PaymentQuote, 'region' | 'currency' | 'express' | 'items' | 'discount' | 'gst' | 'toPay'>,
): string {
  return JSON.stringify([
    quote.region,
    quote.currency,
    quote.express,
    quote.items.map((item) => [item.key, item.price, item.mrp]),
    quote.discount.amount,
    quote.discount.percentage,
    quote.gst,
    quote.toPay,
  ]);
}

/** Spec §9: the tax percent shown = gst / (total − discount amount) × 100, rounded. */
export function displayedGstPercent(info: Pick<PaymentInfo, 'gst' | 'total' | 'discount'>): number {
  const base = info.total - info.discount.amount;
  return base > 0 ? Math.round((info.gst * 100) / base) : 0;
}

/** Percent saved on an item against its mrp, rounded ("Save upto {n}%" takes the largest). */
export function savingPercent(item: { mrp: number; price: number }): number {
  return item.mrp > item.price && item.mrp > 0 ? Math.round(((item.mrp - item.price) * 100) / item.mrp) : 0;
}

/** An amount in the smallest unit, for people: ₹1,180 / ₹1,180.50 (Indian grouping) or $80 / $80.50. */
export function formatMoney(amount: number, currency: Currency | string, locale?: string): string {
  const whole = amount % 100 === 0;
  return new Intl.NumberFormat(locale ?? (currency === 'INR' ? 'en-IN' : 'en-US'), {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
    // A decimal string, not amount / 100: the figure never passes through floating point.
  }).format(
    `${Math.trunc(amount / 100)}.${String(Math.abs(amount % 100)).padStart(2, '0')}` as unknown as number,
  );
}

function iconFor(verificationName: string): string {
  if (/degree|tenth|twelfth|education/.test(verificationName)) return 'school';
  if (/employment/.test(verificationName)) return 'work';
  if (/address/.test(verificationName)) return 'home';
  return 'badge';
}
