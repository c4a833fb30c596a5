import type { Currency, PaymentInfo } from '@veridocs/shared';

/** Digits after the point of each currency's smallest unit (paise, cents). */
const MINOR_DIGITS: Record<Currency, number> = { INR: 2, USD: 2 };

/** ₹ for INR, else $ (spec §9). */
export function currencySymbol(currency: Currency): string {
  return currency === 'INR' ? '₹' : '$';
}

/**
 * An amount in the smallest unit as text, without floating point: the whole part is grouped by
 * Intl.NumberFormat (en-IN lakh grouping for INR, en-US for USD), the minor part is the integer's last
 * digits and shown only when not zero (₹4,130 · ₹4,130.50 · $1,234.05).
 */
export function formatAmount(amount: number, currency: Currency): string {
  const digits = MINOR_DIGITS[currency];
  const unit = 10 ** digits;
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const major = (abs - (abs % unit)) / unit;
  const minor = abs % unit;
  const grouped = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
    maximumFractionDigits: 0,
  }).format(major);
  const fraction = minor === 0 ? '' : `.${String(minor).padStart(digits, '0')}`;
  return `${negative ? '−' : ''}${grouped}${fraction}`;
}

/** The amount with its currency symbol: ₹4,130, $80. */
export function formatMoney(amount: number, currency: Currency): string {
  const text = formatAmount(amount, currency);
  return text.startsWith('−')
    ? `−${currencySymbol(currency)}${text.slice(1)}`
    : `${currencySymbol(currency)}${text}`;
}

/**
 * The tax percentage shown beside GST (spec §9): gst / (total − discount amount) × 100, rounded half up
 * to a whole percent. Integers only: the rounding is done on gst × 100 against the base. A base of 0
 * (everything discounted) shows 0.
 */
export function displayedTaxPercent(info: Pick<PaymentInfo, 'gst' | 'total' | 'discount'>): number {
  const base = info.total - info.discount.amount;
  if (base <= 0) return 0;
  // round(x / base) for x ≥ 0 is floor((2x + base) / (2·base)).
  return Math.floor((2 * info.gst * 100 + base) / (2 * base));
}

/** What the candidate saves on this cart: the cart discount plus the items' mrp − price (spec §9). */
export function savings(info: Pick<PaymentInfo, 'discount'>): number {
  return info.discount.amount + info.discount.mrpDiscount;
}
