import type { PaymentInfo } from '@veridocs/shared';

/** A quote for two degrees and a tenth on the INR price list (amounts in paise). */
export function makeQuote(overrides: Partial<PaymentInfo> = {}): PaymentInfo {
  return {
    items: [
      {
        key: 'bgv-degree',
        label: 'Degree',
        description: 'Delhi University',
        price: 150_000,
        mrp: 150_000,
        icon: 'school',
        iconUrl: null,
      },
      {
        key: 'bgv-degree~2',
        label: 'Degree 2',
        description: 'Anna University',
        price: 120_000,
        mrp: 150_000,
        icon: 'school',
        iconUrl: null,
      },
      {
        key: 'bgv-tenth',
        label: '10th',
        description: 'CBSE',
        price: 80_000,
        mrp: 80_000,
        icon: 'school',
        iconUrl: null,
      },
    ],
    // 150000 + 120000 + 80000
    total: 350_000,
    // 18% of 350000
    gst: 63_000,
    toPayBeforeGst: 350_000,
    toPay: 413_000,
    totalAmountPaid: 0,
    currency: 'INR',
    currencySymbol: '₹',
    discount: { amount: 0, mrpDiscount: 30_000, percentage: 0 },
    availableDiscount: {
      percentage: 10,
      minAmount: {
        IN: { currency: 'INR', amount: 500_000 },
        INTL: { currency: 'USD', amount: 6_000 },
      },
    },
    additionalDiscountPercentage: 20,
    disclaimer: null,
    verificationList: [
      { key: 'bgv-degree', name: 'Degree', credits: 150_000 },
      { key: 'bgv-degree~2', name: 'Degree 2', credits: 120_000 },
      { key: 'bgv-tenth', name: '10th', credits: 80_000 },
    ],
    region: 'IN',
    express: false,
    provider: null,
    org: { displayName: 'Acme Corp', imageUrl: null },
    createdAt: null,
    updatedAt: null,
    currentStatus: null,
    paymentId: null,
    transactionId: 'txn-1',
    orgId: 'org-1',
    orderId: null,
    refundDetails: [],
    ...overrides,
  };
}

/** A paid order with two refunds (the older one listed second). */
export function makeOrder(overrides: Partial<PaymentInfo> = {}): PaymentInfo {
  return makeQuote({
    provider: 'sandbox',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:01:00.000Z',
    currentStatus: 'SUCCESS',
    paymentId: 'pay_sbx_123',
    orderId: 'ord-1',
    totalAmountPaid: 413_000,
    refundDetails: [
      {
        _id: 'rf-old',
        refundId: 'rfnd_sbx_1',
        reason: 'Duplicate degree',
        amount: 50_000,
        status: 'processed',
        createdAt: '2026-11-21T10:00:00.000Z',
      },
      {
        _id: 'rf-new',
        refundId: null,
        reason: 'Verification not possible',
        amount: 20_000,
        status: 'pending',
        createdAt: '2026-11-22T10:00:00.000Z',
      },
    ],
    ...overrides,
  });
}
