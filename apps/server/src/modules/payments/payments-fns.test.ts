import { quotePayment, type FormPaymentConfig, type PaymentQuote } from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import type { RecordRow } from '../transactions/transactions-repository.js';
import {
  adminOrderOf,
  checkoutReturnUrl,
  configOf,
  covers,
  currentQuoteOf,
  idempotencyKeyOf,
  instituteOf,
  paymentInfoOf,
  pricedOf,
  quoteWith,
  refundDetailOf,
  regionsFor,
  reusableFor,
  supersededOf,
} from './payments-fns.js';
import type { OrderRow, RefundRow } from './payments-repository.js';

// Prices in paise and cents.
const CONFIG: FormPaymentConfig = {
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
  cartDiscount: null,
  gstPercent: 18,
  disclaimer: null,
};
const FORM = { paymentConfig: CONFIG, expressAllowed: true };
const AT = new Date('2026-11-20T09:00:00.000Z');

type Priced = Pick<RecordRow, 'name' | 'state' | 'markedAsSkip' | 'data'>;
const rec = (name: string, state: RecordRow['state'], more: Partial<Priced> = {}): Priced => ({
  name,
  state,
  markedAsSkip: false,
  data: {},
  ...more,
});
const RECORDS = [
  rec('bgv-degree', 'READY_TO_SUBMIT', { data: { institute: { value: 'inst-1', name: 'Inst' } } }),
  rec('bgv-degree~2', 'SUBMITTED'),
  rec('bgv-tenth', 'DATA_SAVED'),
  rec('bgv-twelfth', 'READY_TO_SUBMIT', { markedAsSkip: true }),
];

const order = (quote: PaymentQuote, more: Partial<OrderRow> = {}): OrderRow => ({
  id: 'o1',
  txnId: 't1',
  orgId: 'org',
  profileId: 'p1',
  region: quote.region,
  currency: quote.currency,
  provider: 'sandbox',
  express: quote.express,
  quote,
  amount: quote.toPay,
  status: 'created',
  paymentId: null,
  gatewayOrderId: null,
  checkoutUrl: null,
  idempotencyKey: 'key-12345',
  createdAt: AT,
  updatedAt: AT,
  ...more,
});

const refund = (more: Partial<RefundRow> = {}): RefundRow =>
  ({
    id: 'r1',
    orderId: 'o1',
    amount: 1000,
    reason: 'Asked',
    status: 'processed',
    gatewayRefundId: 'g-r1',
    createdAt: AT,
    ...more,
  }) as RefundRow;

describe('what a quote prices', () => {
  it('prices done, not skipped records in order, by type, with the saved institute', () => {
    expect(pricedOf(RECORDS, (name, type) => `${type}:${name}`)).toEqual([
      {
        key: 'bgv-degree',
        verificationName: 'bgv-degree',
        label: 'bgv-degree:bgv-degree',
        instituteId: 'inst-1',
      },
      {
        key: 'bgv-degree~2',
        verificationName: 'bgv-degree',
        label: 'bgv-degree:bgv-degree~2',
        instituteId: null,
      },
    ]);
  });

  it('reads an institute chosen from the list or typed as an id, never a manual name', () => {
    expect(instituteOf({ value: 'inst-1', name: 'Inst' })).toBe('inst-1');
    expect(instituteOf('inst-2')).toBe('inst-2');
    expect(instituteOf('')).toBeNull();
    expect(instituteOf({ name: 'Typed by hand' })).toBeNull();
    expect(instituteOf(undefined)).toBeNull();
  });

  it('charges express only where the form allows it and has a fee', () => {
    const verifications = pricedOf(RECORDS, (_, type) => type);
    const asked = quoteWith(CONFIG, true, verifications, 'IN', true);
    expect(asked.express).toBe(true);
    expect(asked).toEqual(quotePayment(CONFIG, { region: 'IN', express: true, verifications }));
    expect(quoteWith(CONFIG, false, verifications, 'IN', true).express).toBe(false);
    expect(quoteWith({ ...CONFIG, express: null }, true, verifications, 'IN', true).express).toBe(false);
  });

  it('reads a form config or refuses it as not configured', () => {
    expect(configOf({ paymentConfig: CONFIG })).toEqual(CONFIG);
    for (const paymentConfig of [null, undefined, { prices: 'x' }]) {
      expect(() => configOf({ paymentConfig })).toThrow(AppError);
      try {
        configOf({ paymentConfig });
      } catch (error) {
        expect((error as AppError).errorName).toBe('PAYMENT_NOT_CONFIGURED');
      }
    }
  });
});

describe('whether an order pays for the transaction', () => {
  const quote = currentQuoteOf({ region: 'IN', express: false }, FORM, RECORDS)!;

  it('quotes the records now at the order region and fast track; null without readable prices', () => {
    expect(quote.toPay).toBeGreaterThan(0);
    expect(quote.verificationList.map((v) => v.key)).toEqual(['bgv-degree', 'bgv-degree~2']);
    expect(currentQuoteOf({ region: 'INTL', express: false }, FORM, RECORDS)?.currency).toBe('USD');
    expect(currentQuoteOf({ region: 'IN', express: false }, undefined, RECORDS)).toBeNull();
    expect(
      currentQuoteOf(
        { region: 'IN', express: false },
        { paymentConfig: null, expressAllowed: true },
        RECORDS,
      ),
    ).toBeNull();
  });

  it('covers exactly its own quote: a changed verification list or fast track does not', () => {
    const o = order(quote);
    expect(covers(o, quote)).toBe(true);
    expect(covers(o, null)).toBe(false);
    const fewer = currentQuoteOf({ region: 'IN', express: false }, FORM, RECORDS.slice(0, 1))!;
    expect(covers(o, fewer)).toBe(false);
    const express = currentQuoteOf({ region: 'IN', express: true }, FORM, RECORDS)!;
    expect(covers(o, express)).toBe(false);
  });

  it('reuses an open order only for the same region, fast track, amount, lines and provider', () => {
    const o = order(quote);
    expect(reusableFor(o, 'IN', quote, 'sandbox')).toBe(true);
    expect(reusableFor(o, 'INTL', quote, 'sandbox')).toBe(false);
    expect(reusableFor(o, 'IN', quote, 'razorpay')).toBe(false);
    expect(reusableFor({ ...o, amount: o.amount + 1 }, 'IN', quote, 'sandbox')).toBe(false);
    expect(reusableFor({ ...o, express: true }, 'IN', quote, 'sandbox')).toBe(false);
    const fewer = currentQuoteOf({ region: 'IN', express: false }, FORM, RECORDS.slice(0, 1))!;
    expect(reusableFor(order(fewer, { amount: quote.toPay }), 'IN', quote, 'sandbox')).toBe(false);
  });

  it('tells the status screen what is left to pay after a superseded or cancelled order', () => {
    const fewer = currentQuoteOf({ region: 'IN', express: false }, FORM, RECORDS.slice(0, 1))!;
    expect(supersededOf(order(quote, { status: 'superseded' }), fewer)).toEqual({
      toPay: fewer.toPay,
      currency: 'INR',
      refund: quote.toPay,
    });
    expect(supersededOf(order(quote, { status: 'cancelled' }), fewer)).toEqual({
      toPay: fewer.toPay,
      currency: 'INR',
      refund: 0,
    });
    // Cancelled, but the quote is still the same: nothing changed, no notice.
    expect(supersededOf(order(quote, { status: 'cancelled' }), quote)).toBeNull();
    expect(supersededOf(order(quote, { status: 'superseded' }), null)).toBeNull();
    expect(supersededOf(order(quote, { status: 'success' }), fewer)).toBeNull();
    expect(supersededOf(order(quote, { status: 'pending' }), fewer)).toBeNull();
  });
});

describe('how orders and refunds are shown', () => {
  const quote = currentQuoteOf({ region: 'IN', express: false }, FORM, RECORDS)!;
  const extra = { orgId: 'org', txnId: 't1', org: { displayName: 'Org', imageUrl: null } };

  it('shows a quote alone, and with its order: paid amount only once it took money', () => {
    const alone = paymentInfoOf(null, quote, extra);
    expect(alone).toMatchObject({
      totalAmountPaid: 0,
      orderId: null,
      currentStatus: null,
      refundDetails: [],
    });
    const pending = paymentInfoOf(order(quote, { status: 'pending' }), quote, extra);
    expect(pending).toMatchObject({
      totalAmountPaid: 0,
      orderId: 'o1',
      currentStatus: 'PENDING',
      provider: 'sandbox',
    });
    const superseded = paymentInfoOf(order(quote, { status: 'superseded' }), quote, extra, [refund()]);
    expect(superseded.totalAmountPaid).toBe(quote.toPay);
    expect(superseded.currentStatus).toBe('CANCELLED');
    expect(superseded.refundDetails).toEqual([refundDetailOf(refund())]);
  });

  it('shows a refund with its gateway id', () => {
    expect(refundDetailOf(refund())).toEqual({
      _id: 'r1',
      refundId: 'g-r1',
      reason: 'Asked',
      amount: 1000,
      status: 'processed',
      createdAt: AT.toISOString(),
    });
  });

  it('shows the admin what was refunded (failed refunds aside) and what is left of a paid order', () => {
    const paid = order(quote, { status: 'success', amount: 5000 });
    const refunds = [
      refund({ amount: 1000 }),
      refund({ id: 'r2', amount: 700, status: 'pending' }),
      refund({ id: 'r3', amount: 900, status: 'failed' }),
      refund({ id: 'r4', orderId: 'other', amount: 50 }),
    ];
    const shown = adminOrderOf(paid, refunds);
    expect(shown).toMatchObject({ orderId: 'o1', refunded: 1700, refundable: 3300 });
    expect(shown.refunds.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(adminOrderOf({ ...paid, amount: 1000 }, refunds).refundable).toBe(0);
    expect(adminOrderOf({ ...paid, status: 'failed' }, []).refundable).toBe(0);
  });
});

describe('requests and redirects', () => {
  it('takes an Idempotency-Key of 8 to 100 safe characters, trimmed, the first of several', () => {
    expect(idempotencyKeyOf('  key-1234  ')).toBe('key-1234');
    expect(idempotencyKeyOf(['abc:def.12', 'other-key'])).toBe('abc:def.12');
    for (const bad of [undefined, '', 'short', 'has space inside', 'x'.repeat(101), 'ключ-12345'])
      expect(() => idempotencyKeyOf(bad)).toThrow(AppError);
  });

  it('preselects India only for a candidate known to be there', () => {
    expect(regionsFor(true).preselected).toBe('IN');
    expect(regionsFor(false).preselected).toBeNull();
    expect(regionsFor(false).list.map((r) => [r.region, r.currency])).toEqual([
      ['IN', 'INR'],
      ['INTL', 'USD'],
    ]);
  });

  it('sends the candidate back to the payment page with the order and its fast-track choice', () => {
    const url = new URL(
      checkoutReturnUrl('https://v.example', {
        orgId: 'org 1',
        txnId: 't1',
        region: 'IN',
        express: true,
        id: 'o1',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://v.example/payment');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      orgId: 'org 1',
      txId: 't1',
      region: 'IN',
      express: 'true',
      order_id: 'o1',
    });
  });
});
