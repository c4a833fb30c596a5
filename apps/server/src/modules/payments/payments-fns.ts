import {
  formPaymentConfigSchema,
  quotePayment,
  quoteFingerprint,
  regionCurrency,
  verificationTypeOf,
  type AdminOrder,
  type FormPaymentConfig,
  type OrderStatus,
  type PaymentInfo,
  type PaymentQuote,
  type PaymentRegion,
  type PaymentRegionsResponse,
  type PaymentStatus,
  type PaymentStatusResponse,
  type PricedVerification,
} from '@veridocs/shared';
import { AppError } from '../../errors.js';
import type { RecordRow } from '../transactions/transactions-repository.js';
import { PAID_ORDER_STATUSES, type OrderRow, type RefundRow } from './payments-repository.js';

/**
 * The pure side of payments (ADR 0023): what a quote prices, whether an order pays for it, and how
 * orders and refunds are shown to the candidate and the team.
 */

/**
 * Verification types the team can finish within the fast-track's 5 business days (ADR 0023): records
 * and documents checked at the source. Employment and address checks wait on third parties (an employer's
 * HR, a field visit): a transaction with one of them shows the express warning first.
 */
export const EXPRESS_CAPABLE_TYPES: readonly string[] = [
  'bgv-degree',
  'bgv-twelfth',
  'bgv-tenth',
  'aadhaar',
  'passport',
  'dl',
  'bgv-ews',
];

/** A verification is priced once the candidate has done it (ready to submit or further), not skipped. */
const UNDONE_STATES: readonly string[] = ['NOT_INITIALIZED', 'DATA_SAVED'];

export const STATUS_FOR_CANDIDATE: Record<OrderStatus, PaymentStatus> = {
  created: 'PENDING',
  pending: 'PENDING',
  success: 'SUCCESS',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
  // Paid for a quote that changed: not used, refunded; the status answer's `superseded` says so.
  superseded: 'CANCELLED',
};

/** The reason of the full refund of a superseded order (ADR 0023). */
export const SUPERSEDED_REFUND_REASON = 'Superseded: the verifications changed after this payment started';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The Idempotency-Key header: required, 8–100 safe characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !IDEMPOTENCY_KEY.test(value.trim())) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return value.trim();
}

/** The saved institute's id: a list choice is stored `{ value, name }`; a typed one (manual) has none. */
export function instituteOf(saved: unknown): string | null {
  if (typeof saved === 'string') return saved || null;
  if (saved && typeof saved === 'object' && 'value' in saved && typeof saved.value === 'string')
    return saved.value;
  return null;
}

/** The records a quote prices: done (ready to submit or further) and not skipped, in the form's order. */
export function pricedOf(
  records: readonly Pick<RecordRow, 'name' | 'state' | 'markedAsSkip' | 'data'>[],
  labelOf: (name: string, type: string) => string,
): PricedVerification[] {
  return records
    .filter((r) => !r.markedAsSkip && !UNDONE_STATES.includes(r.state))
    .map((r) => {
      const type = verificationTypeOf(r.name);
      return {
        key: r.name,
        verificationName: type,
        label: labelOf(r.name, type),
        instituteId: instituteOf(r.data['institute']),
      };
    });
}

/** Express only where the form allows it and has a fee: asked otherwise, it is not charged. */
export function quoteWith(
  config: FormPaymentConfig,
  expressAllowed: boolean,
  verifications: readonly PricedVerification[],
  region: PaymentRegion,
  express: boolean,
): PaymentQuote {
  const allowed = expressAllowed && config.express !== null;
  return quotePayment(config, { region, express: express && allowed, verifications });
}

/** The form's payment config; PAYMENT_NOT_CONFIGURED when it cannot be read. */
export function configOf(form: { paymentConfig: unknown }): FormPaymentConfig {
  const parsed = form.paymentConfig == null ? null : formPaymentConfigSchema.safeParse(form.paymentConfig);
  if (!parsed?.success) throw new AppError('PAYMENT_NOT_CONFIGURED');
  return parsed.data;
}

/** The fingerprint of what an order pays for: its quote, written by the server at init. */
export const orderFingerprint = (order: OrderRow) => quoteFingerprint(order.quote as unknown as PaymentQuote);

/**
 * The transaction's quote now, at the order's region and fast-track choice, from `records` (read
 * with the transaction row locked); null when the form's prices cannot be read.
 */
export function currentQuoteOf(
  order: Pick<OrderRow, 'region' | 'express'>,
  form: { paymentConfig: unknown; expressAllowed: boolean } | undefined,
  records: readonly Pick<RecordRow, 'name' | 'state' | 'markedAsSkip' | 'data'>[],
): PaymentQuote | null {
  const parsed = form?.paymentConfig == null ? null : formPaymentConfigSchema.safeParse(form.paymentConfig);
  if (!form || !parsed?.success) return null;
  const verifications = pricedOf(records, (_, type) => type);
  return quoteWith(parsed.data, form.expressAllowed, verifications, order.region, order.express);
}

/** The order pays for exactly the transaction's current quote (ADR 0023). */
export const covers = (order: OrderRow, quote: PaymentQuote | null) =>
  quote !== null && orderFingerprint(order) === quoteFingerprint(quote);

/** An open order can be handed out again for a quote: the same lines at the same price, not only the same amount. */
export function reusableFor(
  order: OrderRow,
  region: PaymentRegion,
  quote: PaymentQuote,
  provider: string,
): boolean {
  return (
    order.region === region &&
    order.express === quote.express &&
    order.amount === quote.toPay &&
    orderFingerprint(order) === quoteFingerprint(quote) &&
    order.provider === provider
  );
}

/** A refund as the candidate's payment info and the refund route show it. */
export function refundDetailOf(r: RefundRow): PaymentInfo['refundDetails'][number] {
  return {
    _id: r.id,
    refundId: r.gatewayRefundId,
    reason: r.reason,
    amount: r.amount,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The candidate's payment info: a quote, with the order that pays it (if any) and its refunds. */
export function paymentInfoOf(
  order: OrderRow | null,
  quote: PaymentQuote,
  extra: { orgId: string; txnId: string; org: { displayName: string; imageUrl: string | null } },
  refunds: readonly RefundRow[] = [],
): PaymentInfo {
  return {
    ...quote,
    totalAmountPaid: order && PAID_ORDER_STATUSES.includes(order.status) ? order.amount : 0,
    provider: order?.provider ?? null,
    org: extra.org,
    createdAt: order ? order.createdAt.toISOString() : null,
    updatedAt: order ? order.updatedAt.toISOString() : null,
    currentStatus: order ? STATUS_FOR_CANDIDATE[order.status] : null,
    paymentId: order?.paymentId ?? null,
    transactionId: extra.txnId,
    orgId: extra.orgId,
    orderId: order?.id ?? null,
    refundDetails: refunds.map(refundDetailOf),
  };
}

/** An order as the admin's list shows it: its refunds, what they took and what is left to refund. */
export function adminOrderOf(o: OrderRow, refunds: readonly RefundRow[]): AdminOrder {
  const own = refunds.filter((r) => r.orderId === o.id);
  const refunded = own.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  return {
    orderId: o.id,
    txnId: o.txnId,
    orgId: o.orgId,
    status: o.status,
    amount: o.amount,
    currency: o.currency,
    provider: o.provider,
    express: o.express,
    paymentId: o.paymentId,
    createdAt: o.createdAt.toISOString(),
    refunded,
    refundable: PAID_ORDER_STATUSES.includes(o.status) ? Math.max(0, o.amount - refunded) : 0,
    refunds: own.map((r) => ({
      id: r.id,
      amount: r.amount,
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The regions with their currency; India preselected for a candidate known to be in India. */
export function regionsFor(inIndia: boolean): PaymentRegionsResponse {
  return {
    list: [
      { region: 'IN', currency: regionCurrency('IN'), label: 'India' },
      { region: 'INTL', currency: regionCurrency('INTL'), label: 'Other countries' },
    ],
    preselected: inIndia ? 'IN' : null,
  };
}

/**
 * Where the gateway sends the candidate back: the payment page with the order's fast-track choice, so
 * a retry (after a failure too, and in any tab) is quoted with it (issue 24 §3).
 */
export function checkoutReturnUrl(
  publicUrl: string,
  order: Pick<OrderRow, 'orgId' | 'txnId' | 'region' | 'express' | 'id'>,
): string {
  const query = new URLSearchParams({
    orgId: order.orgId,
    txId: order.txnId,
    region: order.region,
    express: String(order.express),
    order_id: order.id,
  });
  return `${publicUrl}/payment?${query.toString()}`;
}

/**
 * What the status answer says of an order that no longer pays for the transaction (ADR 0023), given
 * the quote now (null: nothing left to pay): paid and superseded (refunded), or cancelled by a priced
 * change, with the amount to pay now.
 */
export function supersededOf(
  order: OrderRow,
  quote: PaymentQuote | null,
): PaymentStatusResponse['superseded'] {
  if (order.status !== 'superseded' && order.status !== 'cancelled') return null;
  if (quote === null) return null;
  if (order.status === 'cancelled' && covers(order, quote)) return null;
  return {
    toPay: quote.toPay,
    currency: quote.currency,
    refund: order.status === 'superseded' ? order.amount : 0,
  };
}
