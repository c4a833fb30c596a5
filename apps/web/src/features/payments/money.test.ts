import { describe, expect, it } from 'vitest';
import { displayedGstPercent, formatMoney } from '@veridocs/shared';
import { formatAmount, savings } from './money';

describe('money on the payment screens (hand-worked)', () => {
  it('formatMoney: lakh grouping for INR, minor unit only when not zero', () => {
    // 1,23,45,600 paise = ₹1,23,456.
    expect(formatMoney(12_345_600, 'INR')).toBe('₹1,23,456');
    expect(formatMoney(413_050, 'INR')).toBe('₹4,130.50');
    expect(formatMoney(8_000, 'USD')).toBe('$80');
  });

  it('formatAmount: the banner figure without a symbol', () => {
    expect(formatAmount(500_000, 'INR')).toBe('5,000');
    expect(formatAmount(12_345_600, 'INR')).toBe('1,23,456');
    expect(formatAmount(12_345_600, 'USD')).toBe('123,456');
    expect(formatAmount(123_405, 'USD')).toBe('1,234.05');
    expect(formatAmount(0, 'INR')).toBe('0');
  });

  it('displayedGstPercent = round(gst / (total − discount) × 100)', () => {
    const none = { amount: 0, mrpDiscount: 0, percentage: 0 };
    // 63000 / 350000 = 18%.
    expect(displayedGstPercent({ total: 350_000, gst: 63_000, discount: none })).toBe(18);
    // base 350000 − 35000 = 315000; 63000 / 315000 = 20%.
    expect(
      displayedGstPercent({
        total: 350_000,
        gst: 63_000,
        discount: { ...none, amount: 35_000, percentage: 10 },
      }),
    ).toBe(20);
    // 185 / 1000 = 18.5% → 19; 2 / 3 = 66.7% → 67.
    expect(displayedGstPercent({ total: 1000, gst: 185, discount: none })).toBe(19);
    expect(displayedGstPercent({ total: 3, gst: 2, discount: none })).toBe(67);
  });

  it('savings adds the cart discount and the mrp discount', () => {
    // 35000 + 20000.
    expect(savings({ discount: { amount: 35_000, mrpDiscount: 20_000, percentage: 10 } })).toBe(55_000);
  });
});
