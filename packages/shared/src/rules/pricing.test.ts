import { describe, expect, it } from 'vitest';
import {
  allocate,
  displayedGstPercent,
  formatMoney,
  formPaymentConfigSchema,
  percentOf,
  quotePayment,
  quoteFingerprint,
  savingPercent,
  type FormPaymentConfig,
  type PricedVerification,
} from './pricing.js';

// Prices in paise and cents. Every expected figure below is worked by hand in the comment beside it.
const config: FormPaymentConfig = {
  prices: [
    {
      verificationName: 'bgv-degree',
      INR: { mrp: 300000, price: 250000 },
      USD: { mrp: 6000, price: 5000 },
      additionalDiscountPercent: 20,
      byInstitute: {
        'inst-abroad': { INR: { mrp: 500000, price: 450000 }, USD: { mrp: 9000, price: 8000 } },
      },
    },
    {
      verificationName: 'bgv-tenth',
      INR: { mrp: 100000, price: 100000 },
      USD: { mrp: 2000, price: 2000 },
      additionalDiscountPercent: 0,
    },
    {
      verificationName: 'bgv-employment',
      INR: { mrp: 200000, price: 150000 },
      USD: { mrp: 4000, price: 3500 },
      additionalDiscountPercent: 0,
    },
  ],
  express: { INR: 660000, USD: 8000 },
  cartDiscount: { percentage: 10, minAmount: { INR: 500000, USD: 10000 } },
  gstPercent: 18,
  disclaimer: null,
};

const v = (key: string, instituteId: string | null = null): PricedVerification => ({
  key,
  verificationName: key.split('~')[0]!,
  label: key,
  instituteId,
});

describe('quotePayment', () => {
  it('prices two degrees and a 10th in India with the additional-degree and cart discounts', () => {
    const q = quotePayment(config, {
      region: 'IN',
      express: false,
      verifications: [v('bgv-degree'), v('bgv-degree~2'), v('bgv-tenth'), v('identity')],
    });
    // degree ₹2,500; second degree ₹2,500 − 20% (₹500) = ₹2,000; 10th ₹1,000; identity has no price.
    expect(q.items.map((i) => [i.key, i.price, i.mrp])).toEqual([
      ['bgv-degree', 250000, 300000],
      ['bgv-degree~2', 200000, 300000],
      ['bgv-tenth', 100000, 100000],
    ]);
    expect(q.currency).toBe('INR');
    expect(q.currencySymbol).toBe('₹');
    expect(q.total).toBe(550000); // 2,500 + 2,000 + 1,000
    // mrp − price: 500 + 1,000 + 0 = ₹1,500.
    // ₹5,500 ≥ ₹5,000: 10% off = ₹550.
    expect(q.discount).toEqual({ amount: 55000, mrpDiscount: 150000, percentage: 10 });
    expect(q.toPayBeforeGst).toBe(495000); // 5,500 − 550
    // Credits: ₹4,950 split 25:20:10 = 2,250 / 1,800 / 900.
    expect(q.verificationList.map((c) => c.credits)).toEqual([225000, 180000, 90000]);
    expect(q.gst).toBe(89100); // 18% of 4,950 = 891
    expect(q.toPay).toBe(584100); // 4,950 + 891
    expect(displayedGstPercent(q)).toBe(18);
    expect(q.additionalDiscountPercentage).toBe(20);
    expect(q.express).toBe(false);
  });

  it('prices an institute abroad and fast-track in USD', () => {
    const q = quotePayment(config, {
      region: 'INTL',
      express: true,
      verifications: [v('bgv-degree', 'inst-abroad'), v('bgv-employment')],
    });
    // degree at the institute's price $80 (mrp $90); employment $35 (mrp $40); fast-track $80.
    expect(q.items.map((i) => [i.key, i.price, i.mrp])).toEqual([
      ['bgv-degree', 8000, 9000],
      ['bgv-employment', 3500, 4000],
      ['express', 8000, 8000],
    ]);
    expect(q.currencySymbol).toBe('$');
    expect(q.total).toBe(19500); // 80 + 35 + 80 = $195
    expect(q.discount).toEqual({ amount: 1950, mrpDiscount: 1500, percentage: 10 }); // 10% of 195 = 19.50
    expect(q.toPayBeforeGst).toBe(17550); // $175.50
    // $175.50 split 80:35:80 = 72.00 / 31.50 / 72.00.
    expect(q.verificationList.map((c) => c.credits)).toEqual([7200, 3150, 7200]);
    expect(q.gst).toBe(3159); // 18% of 175.50 = 31.59
    expect(q.toPay).toBe(20709); // $207.09
    expect(q.express).toBe(true);
  });

  it('gives no cart discount below its minimum and says what would earn it', () => {
    const q = quotePayment(config, { region: 'IN', express: false, verifications: [v('bgv-tenth')] });
    expect(q.total).toBe(100000);
    expect(q.discount).toEqual({ amount: 0, mrpDiscount: 0, percentage: 0 });
    expect(q.gst).toBe(18000); // 18% of ₹1,000
    expect(q.toPay).toBe(118000); // ₹1,180
    expect(q.availableDiscount).toEqual({
      percentage: 10,
      minAmount: { IN: { currency: 'INR', amount: 500000 }, INTL: { currency: 'USD', amount: 10000 } },
    });
  });

  it('ignores fast-track when the form offers none, and charges nothing for nothing', () => {
    const none = quotePayment(
      { ...config, express: null },
      { region: 'IN', express: true, verifications: [] },
    );
    expect(none.items).toEqual([]);
    expect([none.total, none.gst, none.toPay, none.express]).toEqual([0, 0, 0, false]);
  });

  it('rounds an additional-instance discount half up in whole paise', () => {
    const q = quotePayment(
      {
        ...config,
        cartDiscount: null,
        prices: [
          { ...config.prices[0]!, INR: { mrp: 99999, price: 99999 }, additionalDiscountPercent: 12.5 },
        ],
      },
      { region: 'IN', express: false, verifications: [v('bgv-degree'), v('bgv-degree~2')] },
    );
    // 12.5% of 99,999 = 12,499.875 → 12,500; 99,999 − 12,500 = 87,499.
    expect(q.items.map((i) => i.price)).toEqual([99999, 87499]);
    // 18% of 187,498 = 33,749.64 → 33,750.
    expect(q.gst).toBe(33750);
  });
});

describe('quoteFingerprint', () => {
  const quote = (verifications: PricedVerification[], express = false) =>
    quotePayment(config, { region: 'IN', express, verifications });

  it('is the same for the same priced lines, whatever their labels', () => {
    const a = quote([v('bgv-degree'), v('bgv-tenth')]);
    const relabelled = {
      ...a,
      items: a.items.map((i) => ({ ...i, label: `${i.label}!`, description: 'x' })),
    };
    expect(quoteFingerprint(relabelled)).toBe(quoteFingerprint(a));
  });

  it('changes with an added instance, a skipped line, another institute, fast-track or a reached discount', () => {
    const base = quoteFingerprint(quote([v('bgv-degree'), v('bgv-tenth')]));
    const others = [
      quote([v('bgv-degree'), v('bgv-degree~2'), v('bgv-tenth')]),
      quote([v('bgv-degree')]),
      quote([v('bgv-degree', 'inst-abroad'), v('bgv-tenth')]),
      quote([v('bgv-degree'), v('bgv-tenth')], true),
      quotePayment(
        { ...config, cartDiscount: { percentage: 10, minAmount: { INR: 1000, USD: 100 } } },
        { region: 'IN', express: false, verifications: [v('bgv-degree'), v('bgv-tenth')] },
      ),
    ].map(quoteFingerprint);
    for (const other of others) expect(other).not.toBe(base);
    expect(new Set(others).size).toBe(others.length);
  });
});

describe('integer arithmetic', () => {
  it('takes a percentage half up', () => {
    expect(percentOf(333, 18)).toBe(60); // 59.94
    expect(percentOf(5, 10)).toBe(1); // 0.5 rounds up
    expect(percentOf(4, 10)).toBe(0); // 0.4
    expect(percentOf(100_000_000_00, 18)).toBe(18_000_000_00);
  });

  it('splits an amount in proportion into parts that add up to it', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    const parts = allocate(99_999, [1, 2, 3, 4, 5, 6, 7]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(99_999);
  });

  it('shows the tax percent of the discounted total, rounded', () => {
    // 1,000 / (6,000 − 500) = 18.18% → 18; 1,000 / 4,000 = 25%.
    expect(
      displayedGstPercent({
        gst: 1000,
        total: 6000,
        discount: { amount: 500, mrpDiscount: 0, percentage: 0 },
      }),
    ).toBe(18);
    expect(
      displayedGstPercent({ gst: 1000, total: 4000, discount: { amount: 0, mrpDiscount: 0, percentage: 0 } }),
    ).toBe(25);
    expect(
      displayedGstPercent({ gst: 0, total: 0, discount: { amount: 0, mrpDiscount: 0, percentage: 0 } }),
    ).toBe(0);
  });

  it('says how much an item saves against its mrp', () => {
    expect(savingPercent({ mrp: 300000, price: 250000 })).toBe(17); // 16.67
    expect(savingPercent({ mrp: 100, price: 100 })).toBe(0);
  });
});

describe('formatMoney', () => {
  it('writes rupees with Indian grouping and dollars with cents only when there are some', () => {
    expect(formatMoney(118000, 'INR')).toBe('₹1,180');
    expect(formatMoney(12345678, 'INR')).toBe('₹1,23,456.78');
    expect(formatMoney(8000, 'USD')).toBe('$80');
    expect(formatMoney(20709, 'USD')).toBe('$207.09');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
  });
});

describe('formPaymentConfigSchema', () => {
  it('accepts the config and refuses a price above its mrp or a fractional amount', () => {
    expect(formPaymentConfigSchema.safeParse(config).success).toBe(true);
    const above = structuredClone(config);
    above.prices[0]!.INR = { mrp: 100, price: 200 };
    expect(formPaymentConfigSchema.safeParse(above).success).toBe(false);
    const fraction = structuredClone(config);
    fraction.express = { INR: 100.5, USD: 1 };
    expect(formPaymentConfigSchema.safeParse(fraction).success).toBe(false);
  });
});

/** Cases the mutation run (npm run mutation) showed no test would notice when the rule changed. */
describe('edges of the price rules', () => {
  const one = (verificationName: string, INR: { mrp: number; price: number }) => ({
    verificationName,
    INR,
    USD: { mrp: 100, price: 100 },
    additionalDiscountPercent: 0,
  });

  it('gives the cart discount at exactly its minimum, not one paisa below (spec §9 "at least")', () => {
    const at = (price: number) =>
      quotePayment(
        {
          ...config,
          prices: [one('bgv-tenth', { mrp: price, price })],
          cartDiscount: { percentage: 10, minAmount: { INR: 500000, USD: 10000 } },
        },
        { region: 'IN', express: false, verifications: [v('bgv-tenth')] },
      );
    expect(at(500000).discount).toEqual({ amount: 50000, mrpDiscount: 0, percentage: 10 });
    expect(at(500000).toPayBeforeGst).toBe(450000);
    expect(at(499999).discount).toEqual({ amount: 0, mrpDiscount: 0, percentage: 0 });
    expect(at(499999).toPayBeforeGst).toBe(499999);
  });

  it('applies no cart discount to an empty cart, even with no minimum', () => {
    const q = quotePayment(
      { ...config, cartDiscount: { percentage: 10, minAmount: { INR: 0, USD: 0 } } },
      { region: 'IN', express: false, verifications: [] },
    );
    expect(q.discount).toEqual({ amount: 0, mrpDiscount: 0, percentage: 0 });
  });

  it('offers no discount banner for a 0 % cart discount', () => {
    const q = quotePayment(
      { ...config, cartDiscount: { percentage: 0, minAmount: { INR: 0, USD: 0 } } },
      { region: 'IN', express: false, verifications: [v('bgv-tenth')] },
    );
    expect(q.availableDiscount).toBeNull();
    expect(q.discount.percentage).toBe(0);
  });

  it('describes the fast-track item (spec §1: 5 business days)', () => {
    const q = quotePayment(config, { region: 'INTL', express: true, verifications: [] });
    expect(q.items).toEqual([
      {
        key: 'express',
        label: 'Fast-track',
        description: 'Completed within 5 business days',
        price: 8000,
        mrp: 8000,
        icon: 'bolt',
        iconUrl: null,
      },
    ]);
  });

  it("uses the type's price for an institute the config does not name, and the entry's description", () => {
    const q = quotePayment(
      {
        ...config,
        prices: [{ ...one('bgv-tenth', { mrp: 1000, price: 900 }), description: 'State and central boards' }],
      },
      { region: 'IN', express: false, verifications: [v('bgv-tenth', 'some-board'), v('bgv-tenth~2')] },
    );
    expect(q.items.map((i) => [i.price, i.mrp, i.description])).toEqual([
      [900, 1000, 'State and central boards'],
      [900, 1000, 'State and central boards'],
    ]);
    // Without a description the item has an empty one.
    expect(
      quotePayment(config, { region: 'IN', express: false, verifications: [v('bgv-tenth')] }).items[0],
    ).toMatchObject({ description: '' });
  });

  it('gives each kind of verification its icon', () => {
    const names = [
      'bgv-degree',
      'bgv-tenth',
      'bgv-twelfth',
      'education-x',
      'bgv-employment',
      'bgv-address',
      'passport',
    ];
    const q = quotePayment(
      { ...config, prices: names.map((n) => one(n, { mrp: 100, price: 100 })) },
      { region: 'IN', express: false, verifications: names.map((n) => v(n)) },
    );
    expect(q.items.map((i) => i.icon)).toEqual([
      'school',
      'school',
      'school',
      'school',
      'work',
      'home',
      'badge',
    ]);
  });

  it('splits leftover units by the largest remainder, ties to the earlier weight', () => {
    // 7 over 3:2 = 4.2 / 2.8: whole 4 / 2, the one left goes to the larger remainder (0.8).
    expect(allocate(7, [3, 2])).toEqual([4, 3]);
    // 7 over 2:3 = 2.8 / 4.2.
    expect(allocate(7, [2, 3])).toEqual([3, 4]);
    // 2 over 1:1:1, all remainders equal: the first two get one each.
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    // 5 over 1:1:2 = 1.25 / 1.25 / 2.5.
    expect(allocate(5, [1, 1, 2])).toEqual([1, 1, 3]);
  });

  it('the fingerprint changes with an item’s mrp alone', () => {
    const a = quotePayment(config, { region: 'IN', express: false, verifications: [v('bgv-tenth')] });
    const b = { ...a, items: a.items.map((i) => ({ ...i, mrp: i.mrp + 1 })) };
    expect(quoteFingerprint(b)).not.toBe(quoteFingerprint(a));
    expect(JSON.parse(quoteFingerprint(a))[3]).toEqual([['bgv-tenth', 100000, 100000]]);
  });

  it('saves nothing on an item priced above its mrp', () => {
    expect(savingPercent({ mrp: 100, price: 150 })).toBe(0);
    expect(savingPercent({ mrp: 0, price: 0 })).toBe(0);
  });

  it('writes cents whenever the amount has some, and groups by the currency’s own locale', () => {
    expect(formatMoney(20710, 'USD')).toBe('$207.10');
    expect(formatMoney(12345678, 'USD')).toBe('$123,456.78');
    expect(formatMoney(118050, 'INR')).toBe('₹1,180.50');
  });

  it('checks the config: the price-above-mrp message, short texts, the cart discount kept', () => {
    const above = structuredClone(config);
    above.prices[0]!.INR = { mrp: 100, price: 200 };
    const refused = formPaymentConfigSchema.safeParse(above);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('The price cannot exceed the mrp');
    const texts = {
      ...config,
      prices: [{ ...config.prices[1]!, description: 'Boards' }],
      disclaimer: 'Fees are not refundable.',
    };
    expect(formPaymentConfigSchema.parse(texts)).toEqual(texts);
    // The whole config survives the check: institutes' prices and the cart discount included.
    expect(formPaymentConfigSchema.parse(config)).toEqual(config);
  });
});
