import type { Currency, PaymentInfo } from '@veridocs/shared';

/**
 * The figures the shared pricing rules (formatMoney, displayedGstPercent, savingPercent) leave to the
 * screen. Amounts are integers in the smallest unit; nothing here passes through floating point.
 */

/** An amount without its symbol, for "{currency} {amount}" (the §9 banner): 5,000 · 1,234.05. */
export function formatAmount(amount: number, currency: Currency): string {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const minor = abs % 100;
  const major = (abs - minor) / 100;
  const grouped = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
    maximumFractionDigits: 0,
  }).format(major);
  return `${negative ? '-' : ''}${grouped}${minor === 0 ? '' : `.${String(minor).padStart(2, '0')}`}`;
}

/** What the candidate saves on this cart: the cart discount plus the items' mrp − price (spec §9). */
export function savings(info: Pick<PaymentInfo, 'discount'>): number {
  return info.discount.amount + info.discount.mrpDiscount;
}
