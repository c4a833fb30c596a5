import { describe, expect, it } from 'vitest';
import {
  buildInvoice,
  DEFAULT_GST_PERCENT,
  financialYearOf,
  INVOICE_SAC,
  invoiceNumber,
  invoiceSequenceOf,
  istMonthOf,
  istMonthRange,
  previousIstMonth,
  taxOf,
  usageOf,
  type InvoiceParty,
  type InvoiceUsage,
} from './gst-invoice.js';
import { quotePayment, type FormPaymentConfig, type PricedVerification } from './pricing.js';

// Paise. Every expected figure is worked by hand in the comment beside it.
const config: FormPaymentConfig = {
  prices: [
    {
      verificationName: 'bgv-degree',
      INR: { mrp: 300000, price: 250000 },
      USD: { mrp: 6000, price: 5000 },
      additionalDiscountPercent: 20,
    },
    {
      verificationName: 'bgv-tenth',
      INR: { mrp: 100000, price: 100000 },
      USD: { mrp: 2000, price: 2000 },
      additionalDiscountPercent: 0,
    },
  ],
  express: { INR: 660000, USD: 8000 },
  cartDiscount: { percentage: 10, minAmount: { INR: 500000, USD: 10000 } },
  gstPercent: 18,
  disclaimer: null,
};

const v = (key: string): PricedVerification => ({
  key,
  verificationName: key.split('~')[0]!,
  label: `Label of ${key}`,
  instituteId: null,
});

const supplier: InvoiceParty = {
  legalName: 'Veridocs Private Limited',
  gstin: '29AAACV1234F1Z5',
  address: 'Bengaluru',
  stateCode: '29',
};
const sameState: InvoiceParty = {
  legalName: 'Acme University',
  gstin: '29AAACA1111B1Z1',
  address: 'Mysuru',
  stateCode: '29',
};
const otherState: InvoiceParty = { ...sameState, gstin: null, address: 'Pune', stateCode: '27' };

describe('usageOf', () => {
  it('prices a submission with quotePayment in INR, the cart discount split over the items', () => {
    const usage = usageOf(config, [v('bgv-degree'), v('bgv-degree~2'), v('bgv-tenth'), v('identity')]);
    // ₹2,500 + (₹2,500 − 20%) ₹2,000 + ₹1,000 = ₹5,500 ≥ ₹5,000: 10% off = ₹550 → taxable ₹4,950,
    // split 2,250 / 1,800 / 900; GST 18% of ₹4,950 = ₹891; total ₹5,841. identity has no price.
    expect(usage).toEqual({
      items: [
        { key: 'bgv-degree', verificationName: 'bgv-degree', amount: 225000 },
        { key: 'bgv-degree~2', verificationName: 'bgv-degree', amount: 180000 },
        { key: 'bgv-tenth', verificationName: 'bgv-tenth', amount: 90000 },
      ],
      taxable: 495000,
      gst: 89100,
      total: 584100,
      gstPercent: 18,
    });
  });

  it('is the candidate quote in India without fast-track, whatever the form offers', () => {
    const verifications = [v('bgv-degree')];
    const quote = quotePayment(config, { region: 'IN', express: false, verifications });
    const usage = usageOf(config, verifications);
    // ₹2,500 below the cart minimum: no discount; GST ₹450.
    expect([usage.taxable, usage.gst, usage.total]).toEqual([quote.toPayBeforeGst, quote.gst, quote.toPay]);
    expect([usage.taxable, usage.gst, usage.total]).toEqual([250000, 45000, 295000]);
    expect(usage.items.map((i) => i.key)).toEqual(['bgv-degree']);
  });

  it('takes the config rate and costs nothing without priced verifications', () => {
    const usage = usageOf({ ...config, gstPercent: 5 }, [v('identity')]);
    expect(usage).toEqual({ items: [], taxable: 0, gst: 0, total: 0, gstPercent: 5 });
    // ₹1,000 at 5% = ₹50.
    expect(usageOf({ ...config, gstPercent: 5 }, [v('bgv-tenth')]).gst).toBe(5000);
  });
});

describe('IST months and financial years', () => {
  it('puts an instant in its IST month (UTC+5:30)', () => {
    expect(istMonthOf(new Date('2026-10-31T18:29:59.999Z'))).toBe('2026-10');
    expect(istMonthOf(new Date('2026-10-31T18:30:00.000Z'))).toBe('2026-11');
    expect(istMonthOf(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01');
  });

  it('gives a month as a half-open range of UTC instants', () => {
    expect(istMonthRange('2026-11')).toEqual({
      start: new Date('2026-10-31T18:30:00.000Z'),
      end: new Date('2026-11-30T18:30:00.000Z'),
    });
    expect(istMonthRange('2026-12').end).toEqual(new Date('2026-12-31T18:30:00.000Z'));
    expect(istMonthRange('2027-01').start).toEqual(new Date('2026-12-31T18:30:00.000Z'));
    for (const bad of ['2026-13', '2026-00', '2026-1', 'x', '2026-011', 'x2026-11'])
      expect(() => istMonthRange(bad)).toThrow(/Not a month/);
  });

  it('names the month before, across a year end', () => {
    expect(previousIstMonth(new Date('2026-12-01T00:00:00+05:30'))).toBe('2026-11');
    expect(previousIstMonth(new Date('2027-01-01T00:00:00+05:30'))).toBe('2026-12');
    expect(previousIstMonth(new Date('2026-10-31T18:29:00Z'))).toBe('2026-09');
    expect(previousIstMonth(new Date('2026-10-01T00:00:00+05:30'))).toBe('2026-09');
  });

  it('runs a financial year from April to March', () => {
    expect(financialYearOf('2026-03')).toBe('2025-26');
    expect(financialYearOf('2026-04')).toBe('2026-27');
    expect(financialYearOf('2026-12')).toBe('2026-27');
    expect(financialYearOf('2027-01')).toBe('2026-27');
    expect(financialYearOf('2099-04')).toBe('2099-00');
    expect(financialYearOf('2008-05')).toBe('2008-09');
  });
});

describe('invoice numbers', () => {
  it('are VD/<FY>/<5 digits>, 16 characters', () => {
    expect(invoiceNumber('2026-27', 1)).toBe('VD/2026-27/00001');
    expect(invoiceNumber('2026-27', 99_999)).toBe('VD/2026-27/99999');
    expect(invoiceNumber('2026-27', 420)).toHaveLength(16);
    for (const bad of [0, -1, 100_000, 1.5]) expect(() => invoiceNumber('2026-27', bad)).toThrow(/range/);
  });

  it('read back their sequence within their year only', () => {
    expect(invoiceSequenceOf('VD/2026-27/00042', '2026-27')).toBe(42);
    expect(invoiceSequenceOf('VD/2025-26/00042', '2026-27')).toBeNull();
    expect(invoiceSequenceOf('VD/2026-27/0042', '2026-27')).toBeNull();
    expect(invoiceSequenceOf('VD/2026-27/00042x', '2026-27')).toBeNull();
    expect(invoiceSequenceOf('VD/2026-27/x00042', '2026-27')).toBeNull();
    expect(invoiceSequenceOf('XVD/2026-27/00042', '2026-27')).toBeNull();
  });
});

describe('taxOf', () => {
  it('rounds half up to the paisa', () => {
    // 25 × 18% = 4.5 → 5; 24 × 18% = 4.32 → 4; 1003 × 18% = 180.54 → 181.
    expect(taxOf(25, 18)).toBe(5);
    expect(taxOf(24, 18)).toBe(4);
    expect(taxOf(1003, 18)).toBe(181);
    expect(taxOf(1000, 12.5)).toBe(125);
    expect(taxOf(0, 18)).toBe(0);
  });
});

describe('buildInvoice', () => {
  // Three submissions of two forms, priced by usageOf.
  const admissions = (keys: string[]): InvoiceUsage => ({
    formId: 'f-adm',
    formName: 'Admissions',
    items: usageOf(config, keys.map(v)).items,
  });
  // Made in each test (not while collecting), so a broken usageOf fails tests rather than the file.
  const usageRows = (): InvoiceUsage[] => [
    admissions(['bgv-degree', 'bgv-degree~2', 'bgv-tenth']), // 225000 + 180000 + 90000
    admissions(['bgv-degree']), // 250000
    { formId: 'f-staff', formName: 'Staff', items: usageOf(config, [v('bgv-degree')]).items }, // 250000
  ];
  const issuedAt = new Date('2026-12-01T00:30:00.000Z');
  const base = () => ({
    number: 'VD/2026-27/00007',
    period: '2026-11',
    issuedAt,
    supplier,
    usage: usageRows(),
  });

  it('groups lines by form and verification type and splits CGST and SGST within the state', () => {
    const invoice = buildInvoice({ ...base(), recipient: sameState, mode: 'prepaid' });
    expect(invoice.lines).toEqual([
      {
        formId: 'f-adm',
        verificationName: 'bgv-degree',
        description: 'Admissions: bgv-degree',
        sac: '998521',
        quantity: 3,
        amount: 655000,
      },
      {
        formId: 'f-adm',
        verificationName: 'bgv-tenth',
        description: 'Admissions: bgv-tenth',
        sac: '998521',
        quantity: 1,
        amount: 90000,
      },
      {
        formId: 'f-staff',
        verificationName: 'bgv-degree',
        description: 'Staff: bgv-degree',
        sac: '998521',
        quantity: 1,
        amount: 250000,
      },
    ]);
    // Taxable ₹9,950; 18% = ₹1,791: CGST ₹895.50 and SGST ₹895.50; total ₹11,741.
    expect(invoice).toMatchObject({
      number: 'VD/2026-27/00007',
      period: '2026-11',
      issuedAt: '2026-12-01T00:30:00.000Z',
      supplier,
      recipient: sameState,
      placeOfSupply: '29',
      sac: INVOICE_SAC,
      taxable: 995000,
      gstPercent: DEFAULT_GST_PERCENT,
      interState: false,
      cgst: 89550,
      sgst: 89550,
      igst: 0,
      total: 1174100,
      mode: 'prepaid',
      settlement: 'Settled from prepaid credits',
    });
  });

  it('charges IGST to another state, payable in arrears', () => {
    const invoice = buildInvoice({ ...base(), recipient: otherState, mode: 'arrears' });
    expect(invoice).toMatchObject({
      placeOfSupply: '27',
      interState: true,
      taxable: 995000,
      cgst: 0,
      sgst: 0,
      igst: 179100,
      total: 1174100,
      settlement: 'Amount payable',
    });
  });

  it('agrees with the pricing rules: the taxable total is the usages’, the tax on it within a paisa each', () => {
    const usages = [
      usageOf(config, [v('bgv-degree'), v('bgv-degree~2'), v('bgv-tenth')]),
      usageOf({ ...config, cartDiscount: { percentage: 7, minAmount: { INR: 1, USD: 1 } } }, [
        v('bgv-tenth'),
        v('bgv-degree'),
      ]),
      usageOf(config, [v('bgv-tenth')]),
    ];
    const invoice = buildInvoice({
      ...base(),
      recipient: otherState,
      mode: 'arrears',
      usage: usages.map((u) => ({ formId: 'f', formName: 'F', items: u.items })),
    });
    expect(invoice.taxable).toBe(usages.reduce((s, u) => s + u.taxable, 0));
    const usageGst = usages.reduce((s, u) => s + u.gst, 0);
    expect(Math.abs(invoice.igst - usageGst)).toBeLessThanOrEqual(usages.length);
    expect(invoice.igst).toBe(taxOf(invoice.taxable, 18));
    expect(invoice.total).toBe(invoice.taxable + invoice.igst);
    expect(invoice.lines.reduce((s, l) => s + l.quantity, 0)).toBe(6);
  });

  it('gives the odd paisa of an odd tax to CGST, so that the halves sum to the tax', () => {
    const invoice = buildInvoice({
      ...base(),
      recipient: sameState,
      mode: 'prepaid',
      usage: [{ formId: 'f', formName: 'F', items: [{ verificationName: 'bgv-tenth', amount: 1003 }] }],
    });
    // 1003 × 18% = 180.54 → 181: CGST 91, SGST 90.
    expect([invoice.cgst, invoice.sgst, invoice.igst, invoice.total]).toEqual([91, 90, 0, 1184]);
  });

  it('uses the rate it is given', () => {
    const invoice = buildInvoice({ ...base(), recipient: otherState, mode: 'arrears', gstPercent: 12 });
    // ₹9,950 × 12% = ₹1,194.
    expect([invoice.gstPercent, invoice.igst, invoice.total]).toEqual([12, 119400, 1114400]);
  });

  it('is empty without usage', () => {
    const invoice = buildInvoice({ ...base(), recipient: sameState, mode: 'arrears', usage: [] });
    expect([invoice.lines, invoice.taxable, invoice.cgst, invoice.sgst, invoice.total]).toEqual([
      [],
      0,
      0,
      0,
      0,
    ]);
  });
});
