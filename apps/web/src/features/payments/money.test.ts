import { describe, expect, it } from 'vitest';
import { displayedTaxPercent, formatAmount, formatMoney, savings } from './money';

describe('formatAmount / formatMoney (smallest unit → text, no floating point)', () => {
  it('groups INR in lakhs and USD in thousands', () => {
    // 1,23,45,600 paise = ₹1,23,456.
    expect(formatMoney(12_345_600, 'INR')).toBe('₹1,23,456');
    // 12,345,600 cents = $123,456.
    expect(formatMoney(12_345_600, 'USD')).toBe('$123,456');
  });
  it('shows the minor unit only when it is not zero', () => {
    expect(formatMoney(413_000, 'INR')).toBe('₹4,130');
    expect(formatMoney(413_050, 'INR')).toBe('₹4,130.50');
    expect(formatMoney(123_405, 'USD')).toBe('$1,234.05');
    expect(formatMoney(8_000, 'USD')).toBe('$80');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatAmount(0, 'INR')).toBe('0');
  });
  it('puts the minus before the symbol', () => {
    expect(formatMoney(-50_000, 'INR')).toBe('−₹500');
  });
});

describe('displayedTaxPercent = round(gst / (total − discount) × 100)', () => {
  it('is 18 for 18% of an undiscounted cart', () => {
    // total ₹3,500 = 350000 paise; gst 63000; 63000 / 350000 = 0.18.
    expect(
      displayedTaxPercent({
        total: 350_000,
        gst: 63_000,
        discount: { amount: 0, mrpDiscount: 0, percentage: 0 },
      }),
    ).toBe(18);
  });
  it('uses the discounted base', () => {
    // total 350000, discount 35000 → base 315000; gst 63000 (18% of credits before the discount):
    // 63000 / 315000 = 0.2 → 20.
    expect(
      displayedTaxPercent({
        total: 350_000,
        gst: 63_000,
        discount: { amount: 35_000, mrpDiscount: 0, percentage: 10 },
      }),
    ).toBe(20);
  });
  it('rounds half up', () => {
    // base 1000, gst 185 → 18.5% → 19; gst 184 → 18.4% → 18.
    const discount = { amount: 0, mrpDiscount: 0, percentage: 0 };
    expect(displayedTaxPercent({ total: 1000, gst: 185, discount })).toBe(19);
    expect(displayedTaxPercent({ total: 1000, gst: 184, discount })).toBe(18);
    // 2/3 = 66.67% → 67.
    expect(displayedTaxPercent({ total: 3, gst: 2, discount })).toBe(67);
  });
  it('is 0 when nothing is left to tax against', () => {
    expect(
      displayedTaxPercent({
        total: 1000,
        gst: 0,
        discount: { amount: 1000, mrpDiscount: 0, percentage: 100 },
      }),
    ).toBe(0);
  });
});

describe('savings', () => {
  it('adds the cart discount and the mrp discount', () => {
    expect(savings({ discount: { amount: 35_000, mrpDiscount: 20_000, percentage: 10 } })).toBe(55_000);
  });
});
