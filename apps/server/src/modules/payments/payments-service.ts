import { randomUUID } from 'node:crypto';
import {
  EXPRESS_BUSINESS_DAYS,
  formPaymentConfigSchema,
  quotePayment,
  quoteFingerprint,
  regionCurrency,
  verificationTypeOf,
  type AdminOrder,
  type FormPaymentConfig,
  type PaymentQuote,
  type PricedVerification,
  type OrderStatus,
  type PaymentHistoryResponse,
  type PaymentInfo,
  type PaymentInitRequest,
  type PaymentInitResponse,
  type PaymentModeResponse,
  type PaymentPriceQuery,
  type PaymentRegion,
  type PaymentRegionsResponse,
  type PaymentStatus,
  type PaymentStatusResponse,
  type RefundCreateRequest,
  type TransactionRef,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import type { PaymentGateway, GatewayPayment } from '../../providers/payments/gateway.js';
import { GatewayError, WebhookSignatureError } from '../../providers/payments/gateway.js';
import type { PaymentGateways } from '../../providers/payments/index.js';
import type { OpsAuthService, OpsOrigin, OpsUser } from '../ops-auth/ops-auth-service.js';
import type { ProfileService } from '../profile/profile-service.js';
import type { RecordRow } from '../transactions/transactions-repository.js';
import type { PaymentGuard, TransactionsService } from '../transactions/transactions-service.js';
import {
  OPEN_ORDER_STATUSES,
  PAID_ORDER_STATUSES,
  UNPAID_ORDER_STATUSES,
  type OrderRow,
  type PaymentsRepository,
  type RefundRow,
} from './payments-repository.js';

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

const STATUS_FOR_CANDIDATE: Record<OrderStatus, PaymentStatus> = {
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
function instituteOf(saved: unknown): string | null {
  if (typeof saved === 'string') return saved || null;
  if (saved && typeof saved === 'object' && 'value' in saved && typeof saved.value === 'string')
    return saved.value;
  return null;
}

/** The records a quote prices: done (ready to submit or further) and not skipped, in the form's order. */
function pricedOf(
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
function quoteWith(
  config: FormPaymentConfig,
  expressAllowed: boolean,
  verifications: readonly PricedVerification[],
  region: PaymentRegion,
  express: boolean,
): PaymentQuote {
  const allowed = expressAllowed && config.express !== null;
  return quotePayment(config, { region, express: express && allowed, verifications });
}

/** The fingerprint of what an order pays for: its quote, written by the server at init. */
const orderFingerprint = (order: OrderRow) => quoteFingerprint(order.quote as unknown as PaymentQuote);

export interface PaymentsServiceDeps {
  repo: PaymentsRepository;
  gateways: PaymentGateways;
  transactions: Pick<
    TransactionsService,
    'paymentContext' | 'assertSubmittable' | 'settlePayment' | 'withPaymentLock'
  >;
  profiles: Pick<ProfileService, 'get'>;
  audit: Pick<OpsAuthService, 'audit'>;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
  /**
   * Told of a payment's success or failure and of a refund's outcome, inside the database transaction
   * that records it (app.ts passes the notifications module's; ADR 0030).
   */
  onPaymentEvent?: (
    scope: DbScope,
    event: {
      kind: 'payment.success' | 'payment.failed' | 'refund.processed' | 'refund.failed';
      orderId: string;
      amount: number;
    },
    at: Date,
  ) => Promise<void>;
}

/**
 * Payments (issue 13, ADR 0023): quotes from the form's prices, orders with their state machine
 * (created → pending → success | failed | cancelled), webhooks confirmed with the gateway and applied
 * exactly once, refunds, and the reconciliation of what was left pending. Every change is a
 * compare-and-set in one database transaction with its payment_audit row; a success submits the
 * transaction in that same database transaction.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { repo, gateways, transactions, now, log } = deps;

  function configOf(form: { paymentConfig: unknown }): FormPaymentConfig {
    const parsed = form.paymentConfig == null ? null : formPaymentConfigSchema.safeParse(form.paymentConfig);
    if (!parsed?.success) throw new AppError('PAYMENT_NOT_CONFIGURED');
    return parsed.data;
  }

  /** The candidate's transaction and what its fee is computed from (the done, non-skipped records). */
  async function pricingContext(profileId: string, ref: TransactionRef) {
    const { snap, info } = await transactions.paymentContext(profileId, ref);
    if (!snap.form.paymentRequired) throw new AppError('PAYMENT_NOT_REQUIRED');
    const config = configOf(snap.form);
    const verifications = pricedOf(snap.records, (name, type) => info.verificationList[name]?.label ?? type);
    return { snap, info, config, verifications };
  }

  function quoteFor(
    ctx: Awaited<ReturnType<typeof pricingContext>>,
    region: PaymentRegion,
    express: boolean,
  ): PaymentQuote {
    return quoteWith(ctx.config, ctx.snap.form.expressAllowed, ctx.verifications, region, express);
  }

  /**
   * The transaction's quote now, at the order's region and fast-track choice, from `records` (read
   * with the transaction row locked); null when the form's prices cannot be read.
   */
  function currentQuoteOf(
    order: OrderRow,
    form: { paymentConfig: unknown; expressAllowed: boolean } | undefined,
    records: readonly RecordRow[],
  ): PaymentQuote | null {
    const parsed = form?.paymentConfig == null ? null : formPaymentConfigSchema.safeParse(form.paymentConfig);
    if (!form || !parsed?.success) return null;
    const verifications = pricedOf(records, (_, type) => type);
    return quoteWith(parsed.data, form.expressAllowed, verifications, order.region, order.express);
  }

  /** The order pays for exactly the transaction's current quote (ADR 0023). */
  const covers = (order: OrderRow, quote: PaymentQuote | null) =>
    quote !== null && orderFingerprint(order) === quoteFingerprint(quote);

  /** Sends a superseded order's refund; a gateway that does not answer leaves it to reconciliation. */
  async function sendRefundSoon(refund: RefundRow, order: OrderRow, actor: string): Promise<void> {
    try {
      await sendRefund(refund, order, actor);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn({ err: error, refundId: refund.id }, 'refund of a superseded order not accepted yet');
    }
  }

  /**
   * A successful order that no longer pays for the transaction's quote (a priced change after it was
   * paid, the transaction not submitted): superseded and refunded in full, so that the candidate pays
   * the new quote. Checked again with the transaction row locked.
   */
  async function supersedePaid(paid: OrderRow, actor: string): Promise<void> {
    const at = now();
    let moved: OrderRow | undefined;
    let refund: RefundRow | undefined;
    await transactions.withPaymentLock(paid.txnId, async (scope, locked) => {
      const current = await repo.lockOrder(scope, paid.id);
      if (current?.status !== 'success' || locked.txn.state !== 'DATA_SAVED') return;
      const form = await repo.formPricing(scope, locked.txn.formId);
      if (covers(current, currentQuoteOf(current, form, locked.records))) return;
      moved = await repo.transitionOrder(scope, current.id, ['success'], 'superseded', {}, actor, at);
      if (moved)
        refund = await repo.insertSupersededRefund(scope, moved, SUPERSEDED_REFUND_REASON, actor, at);
    });
    if (moved && refund) await sendRefundSoon(refund, moved, actor);
  }

  /** Checks the payments module runs on the locked transaction row for the transactions module. */
  const guard: PaymentGuard = {
    async afterCandidateWrite(scope, txn, records) {
      const [open] = await repo.lockOrdersOf(scope, txn.id, OPEN_ORDER_STATUSES);
      if (!open) return;
      const form = await repo.formPricing(scope, txn.formId);
      if (covers(open, currentQuoteOf(open, form, await records()))) return;
      // Superseded before it was paid: the gateway completing it now cannot submit anything.
      await repo.transitionOrder(
        scope,
        open.id,
        OPEN_ORDER_STATUSES,
        'cancelled',
        {},
        `candidate:${txn.profileId}`,
        now(),
      );
    },
    async assertPaidFor(scope, { txn, records }) {
      const [paid] = await repo.lockOrdersOf(scope, txn.id, ['success']);
      if (!paid) throw new AppError('PAYMENT_REQUIRED');
      const quote = currentQuoteOf(paid, await repo.formPricing(scope, txn.formId), records);
      if (!quote) throw new AppError('PAYMENT_NOT_CONFIGURED');
      if (!covers(paid, quote))
        throw new AppError('PAYMENT_SUPERSEDED', undefined, { toPay: quote.toPay, currency: quote.currency });
    },
  };

  function infoOf(
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
      refundDetails: refunds.map((r) => ({
        _id: r.id,
        refundId: r.gatewayRefundId,
        reason: r.reason,
        amount: r.amount,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  function gatewayOf(provider: string): PaymentGateway {
    const gateway = gateways.forProvider(provider);
    if (!gateway)
      throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', `No gateway is configured for ${provider}`);
    return gateway;
  }

  /**
   * Applies what the gateway says of an order's payment: success submits the transaction in the same
   * database transaction; failed and cancelled end the order; pending changes nothing. `event` (a
   * webhook's) is recorded in that transaction: a redelivery finds it and changes nothing. Terminal
   * orders never move (a failure after a success is ignored). Answers the order as it is after.
   */
  async function applyPayment(
    order: OrderRow,
    payment: GatewayPayment,
    actor: string,
    event?: { provider: string; eventId: string },
  ): Promise<{ order: OrderRow; changed: boolean }> {
    const at = now();
    if (payment.status === 'pending') return { order, changed: false };
    if (
      payment.status === 'success' &&
      (payment.amount !== order.amount || payment.currency !== order.currency)
    ) {
      // Never mark paid what was not paid in full: left open, for a person to look at.
      log.error(
        { orderId: order.id, paid: payment.amount, currency: payment.currency, expected: order.amount },
        'payment amount differs from the order: not applied',
      );
      return { order, changed: false };
    }
    if (payment.status === 'success') {
      let changed: OrderRow | undefined;
      let paid = false;
      let refund: RefundRow | undefined;
      await transactions.settlePayment(order.txnId, async (scope, locked) => {
        if (event && !(await repo.recordEvent(scope, event.provider, event.eventId, at))) return false;
        // An order we ended may still be paid at its gateway (ADR 0024): the money is recorded either way.
        const current = await repo.lockOrder(scope, order.id);
        if (!current || !UNPAID_ORDER_STATUSES.includes(current.status)) return false;
        const paidBefore = (await repo.lockOrdersOf(scope, order.txnId, ['success'])).length > 0;
        const form = await repo.formPricing(scope, locked.txn.formId);
        if (!paidBefore && covers(current, currentQuoteOf(current, form, locked.records))) {
          changed = await repo.transitionOrder(
            scope,
            order.id,
            UNPAID_ORDER_STATUSES,
            'success',
            { paymentId: payment.paymentId },
            actor,
            at,
          );
          if (!changed) return false;
          // Another open order of the transaction (another region, or opened after this one ended) is not needed.
          for (const other of await repo.lockOrdersOf(scope, order.txnId, OPEN_ORDER_STATUSES))
            if (other.id !== changed.id)
              await repo.transitionOrder(scope, other.id, OPEN_ORDER_STATUSES, 'cancelled', {}, actor, at);
          await deps.onPaymentEvent?.(
            scope,
            { kind: 'payment.success', orderId: changed.id, amount: changed.amount },
            at,
          );
          paid = true;
          return true;
        }
        // Paid for what the transaction no longer is (or paid twice): never submitted, refunded in full.
        changed = await repo.transitionOrder(
          scope,
          order.id,
          UNPAID_ORDER_STATUSES,
          'superseded',
          { paymentId: payment.paymentId },
          actor,
          at,
        );
        if (changed)
          refund = await repo.insertSupersededRefund(scope, changed, SUPERSEDED_REFUND_REASON, actor, at);
        return false;
      });
      if (changed && !paid)
        log.warn(
          { orderId: order.id },
          'a payment no longer covers its transaction: superseded and refunded',
        );
      if (changed && refund) await sendRefundSoon(refund, changed, actor);
      if (changed) return { order: changed, changed: true };
      // Read after the database transaction (the embedded database has one connection).
      return { order: (await repo.order(order.id)) ?? order, changed: false };
    }
    const to = payment.status;
    const changed = await repo.transaction(async (scope) => {
      if (event && !(await repo.recordEvent(scope, event.provider, event.eventId, at))) return undefined;
      const moved = await repo.transitionOrder(
        scope,
        order.id,
        OPEN_ORDER_STATUSES,
        to,
        { paymentId: payment.paymentId },
        actor,
        at,
      );
      // A cancelled order (never paid, or given up) is no news; a failed payment is.
      if (moved && to === 'failed')
        await deps.onPaymentEvent?.(
          scope,
          { kind: 'payment.failed', orderId: moved.id, amount: moved.amount },
          at,
        );
      return moved;
    });
    if (changed) return { order: changed, changed: true };
    return { order: (await repo.order(order.id)) ?? order, changed: false };
  }

  /**
   * Records an event the gateway was asked about and that changed nothing (ADR 0024): a replay of the
   * same signed body is then dropped before any look-up (Razorpay signs no timestamp: replays never expire).
   */
  async function spend(event: { provider: string; eventId: string }): Promise<void> {
    await repo.transaction((scope) => repo.recordEvent(scope, event.provider, event.eventId, now()));
  }

  /**
   * Asks the gateway about an open order (with `ended`, also one we ended unpaid: its gateway may still
   * have taken the money) and applies the answer.
   */
  async function syncOrder(order: OrderRow, actor: string, ended = false): Promise<OrderRow> {
    const asked = ended ? UNPAID_ORDER_STATUSES : OPEN_ORDER_STATUSES;
    if (!asked.includes(order.status) || !order.gatewayOrderId) return order;
    const payment = await gatewayOf(order.provider).fetchPayment(order.gatewayOrderId);
    return (await applyPayment(order, payment, actor)).order;
  }

  async function applyRefund(
    refund: RefundRow,
    status: 'pending' | 'processed' | 'failed',
    actor: string,
    event?: { provider: string; eventId: string },
  ): Promise<boolean> {
    if (status === 'pending') return false;
    const at = now();
    return repo.transaction(async (scope) => {
      if (event && !(await repo.recordEvent(scope, event.provider, event.eventId, at))) return false;
      const moved = await repo.transitionRefund(scope, refund.id, ['pending'], status, actor, at);
      if (moved)
        await deps.onPaymentEvent?.(
          scope,
          {
            kind: status === 'processed' ? 'refund.processed' : 'refund.failed',
            orderId: refund.orderId,
            amount: refund.amount,
          },
          at,
        );
      return Boolean(moved);
    });
  }

  /** Sends a refund to its gateway (idempotent there by our refund id) and applies the answer. */
  async function sendRefund(refund: RefundRow, order: OrderRow, actor: string): Promise<void> {
    if (!order.gatewayOrderId || !order.paymentId) return;
    const answer = await gatewayOf(order.provider).refund({
      gatewayOrderId: order.gatewayOrderId,
      paymentId: order.paymentId,
      amount: refund.amount,
      currency: order.currency,
      refundId: refund.id,
      reason: refund.reason,
    });
    await repo.setGatewayRefundId(refund.id, answer.gatewayRefundId, now());
    await applyRefund(refund, answer.status, actor);
  }

  async function checkout(
    order: OrderRow,
    ctx: { snap: { org: { name: string } } },
    profileId: string,
    phone: string | null,
  ) {
    const gateway = gatewayOf(order.provider);
    // The fast-track choice is part of the quote: the page the gateway sends back to (after a failure
    // too, and in any tab) quotes the retry with it (issue 24 §3).
    const query = new URLSearchParams({
      orgId: order.orgId,
      txId: order.txnId,
      region: order.region,
      express: String(order.express),
      order_id: order.id,
    });
    const returnUrl = `${deps.publicUrl}/payment?${query.toString()}`;
    let session;
    try {
      session = await gateway.createCheckout(order.provider, {
        orderId: order.id,
        amount: order.amount,
        currency: order.currency,
        description: `${ctx.snap.org.name}: verification fee`,
        customer: { id: profileId, phone, email: null, name: null },
        returnUrl,
        cancelUrl: `${returnUrl}&cancelled=true`,
      });
    } catch (error) {
      if (error instanceof GatewayError) {
        log.warn({ err: error, orderId: order.id }, 'payment gateway refused a checkout');
        throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
      }
      throw error;
    }
    const at = now();
    const pending = await repo.transaction((scope) =>
      repo.transitionOrder(
        scope,
        order.id,
        ['created'],
        'pending',
        { gatewayOrderId: session.gatewayOrderId, checkoutUrl: session.redirectUrl },
        `candidate:${profileId}`,
        at,
      ),
    );
    // Another request for the same order won the race: its checkout is the one (this one is never shown).
    const winner = pending ?? (await repo.order(order.id));
    if (!winner || winner.gatewayOrderId === null) throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
    return winner;
  }

  /**
   * What the status answer says of an order that no longer pays for the transaction (ADR 0023): paid and
   * superseded (refunded), or cancelled by a priced change. The amount to pay now, at its region.
   */
  async function supersededInfo(
    profileId: string,
    ref: TransactionRef,
    order: OrderRow,
  ): Promise<PaymentStatusResponse['superseded']> {
    if (order.status !== 'superseded' && order.status !== 'cancelled') return null;
    let quote: PaymentQuote;
    try {
      const ctx = await pricingContext(profileId, ref);
      // Submitted (paid by another order): nothing left to pay.
      if (ctx.snap.txn.state !== 'DATA_SAVED') return null;
      quote = quoteFor(ctx, order.region, order.express);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
    if (order.status === 'cancelled' && covers(order, quote)) return null;
    return {
      toPay: quote.toPay,
      currency: quote.currency,
      refund: order.status === 'superseded' ? order.amount : 0,
    };
  }

  /**
   * An open order about to be reused, asked about at its gateway first: a checkout cancelled or failed
   * there (Cancel sends no webhook, a failure's webhook may still be on its way) must not be handed out
   * again until reconciliation notices, so it is ended and a new order made (issue 24 §2). Paid
   * meanwhile → 192. A gateway that does not answer leaves the order reused, as before.
   */
  async function stillPayable(open: OrderRow, actor: string): Promise<OrderRow | undefined> {
    let synced: OrderRow;
    try {
      synced = await syncOrder(open, actor);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn({ err: error, orderId: open.id }, 'payment gateway did not answer before reusing an order');
      return open;
    }
    if (synced.status === 'success') throw new AppError('PAYMENT_ALREADY_DONE');
    return OPEN_ORDER_STATUSES.includes(synced.status) ? synced : undefined;
  }

  function initAnswer(order: OrderRow): PaymentInitResponse {
    const gateway = gatewayOf(order.provider);
    const sessionId = order.gatewayOrderId ?? '';
    const checkoutUrl = order.checkoutUrl ?? '';
    return {
      provider: order.provider,
      orderId: order.id,
      redirectInfo: { web: checkoutUrl },
      paymentSessionId: order.provider.endsWith('-sdk') ? sessionId : null,
      environment: gateway.environment,
    };
  }

  return {
    /** Regions with their currency; India preselected for a candidate known to be in India. */
    async regions(profileId: string): Promise<PaymentRegionsResponse> {
      const profile = await deps.profiles.get(profileId);
      // An Aadhaar-verified candidate, or one with a saved (Indian, pincode) address, is in India.
      const inIndia = Boolean(profile.aadhaarLast4) || profile.contactDetails !== null;
      return {
        list: [
          { region: 'IN', currency: regionCurrency('IN'), label: 'India' },
          { region: 'INTL', currency: regionCurrency('INTL'), label: 'Other countries' },
        ],
        preselected: inIndia ? 'IN' : null,
      };
    },

    async mode(profileId: string, ref: TransactionRef): Promise<PaymentModeResponse> {
      const ctx = await pricingContext(profileId, ref);
      const expressAllowed = ctx.snap.form.expressAllowed && ctx.config.express !== null;
      return {
        showWarning:
          expressAllowed &&
          ctx.verifications.some((v) => !EXPRESS_CAPABLE_TYPES.includes(v.verificationName)),
        expressAllowed,
        expressPrice: expressAllowed ? ctx.config.express : null,
        expressBusinessDays: EXPRESS_BUSINESS_DAYS,
      };
    },

    async price(profileId: string, query: PaymentPriceQuery): Promise<PaymentInfo> {
      const ctx = await pricingContext(profileId, query);
      const quote = quoteFor(ctx, query.region, query.express);
      return infoOf(null, quote, {
        orgId: ctx.snap.txn.orgId,
        txnId: ctx.snap.txn.id,
        org: { displayName: ctx.snap.org.name, imageUrl: ctx.snap.org.imageUrl },
      });
    },

    /**
     * Starts (or resumes) the payment: one open order per transaction (a partial unique index), one
     * order per Idempotency-Key. The same quote reuses the open order; another region or express ends
     * it first (after asking its gateway whether it was paid meanwhile).
     */
    async init(profileId: string, key: string, body: PaymentInitRequest): Promise<PaymentInitResponse> {
      const byKey = await repo.orderByKey(key);
      if (byKey) {
        if (byKey.profileId !== profileId || byKey.txnId !== body.txnId.toLowerCase())
          throw new AppError('IDEMPOTENCY_KEY_REUSED');
        if (byKey.gatewayOrderId) return initAnswer(byKey);
      }
      const ctx = await pricingContext(profileId, body);
      const txnId = ctx.snap.txn.id;
      const actor = `candidate:${profileId}`;
      const paid = await repo.successfulOrder(txnId);
      // Paid for exactly this quote: done. Paid for another (the verifications changed since): that
      // order is refunded in full below and this quote is paid anew (ADR 0023).
      if (paid && covers(paid, quoteFor(ctx, paid.region, paid.express)))
        throw new AppError('PAYMENT_ALREADY_DONE');
      await transactions.assertSubmittable(profileId, body);
      if (paid) {
        await supersedePaid(paid, actor);
        if (await repo.successfulOrder(txnId)) throw new AppError('PAYMENT_ALREADY_DONE');
      }
      const quote = quoteFor(ctx, body.region, body.express);
      const provider = gateways.providerFor(body.region);

      // The same lines at the same price, not only the same amount.
      const reusable = (o: OrderRow) =>
        o.region === body.region &&
        o.express === quote.express &&
        o.amount === quote.toPay &&
        orderFingerprint(o) === quoteFingerprint(quote) &&
        o.provider === provider;
      for (let attempt = 0; attempt < 3; attempt++) {
        let open = await repo.openOrder(txnId);
        if (open && !reusable(open)) {
          open = await syncOrder(open, actor);
          if (open.status === 'success') throw new AppError('PAYMENT_ALREADY_DONE');
          if (OPEN_ORDER_STATUSES.includes(open.status)) {
            const at = now();
            await repo.transaction((scope) =>
              repo.transitionOrder(scope, open!.id, OPEN_ORDER_STATUSES, 'cancelled', {}, actor, at),
            );
          }
          open = undefined;
        }
        if (open?.gatewayOrderId) open = await stillPayable(open, actor);
        const order =
          open ??
          (await repo.insertOrder(
            {
              txnId,
              orgId: ctx.snap.txn.orgId,
              profileId,
              region: body.region,
              currency: quote.currency,
              provider,
              express: quote.express,
              quote: { ...quote },
              amount: quote.toPay,
              status: 'created',
              idempotencyKey: key,
              createdAt: now(),
              updatedAt: now(),
            },
            actor,
            now(),
          )) ??
          // Refused by a unique index: this key's order (a concurrent retry), or the transaction's open one.
          (await repo.orderByKey(key)) ??
          (await repo.openOrder(txnId));
        if (!order) continue; // ended between our insert and read: try again
        if (order.profileId !== profileId) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        if (!reusable(order)) continue;
        const ready = order.gatewayOrderId
          ? order
          : await checkout(order, ctx, profileId, body.phoneNumber ?? null);
        return initAnswer(ready);
      }
      throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', 'Please try again');
    },

    /** The status the payment screen polls: an open order is asked about at its gateway, never the URL. */
    async status(
      profileId: string,
      query: TransactionRef & { orderId?: string },
    ): Promise<PaymentStatusResponse> {
      const { snap } = await transactions.paymentContext(profileId, query);
      let order: OrderRow | undefined;
      if (query.orderId) {
        order = isUuid(query.orderId) ? await repo.order(query.orderId.toLowerCase()) : undefined;
        if (!order || order.txnId !== snap.txn.id || order.profileId !== profileId)
          throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      } else {
        order = await repo.latestOrder(snap.txn.id);
        if (!order) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      }
      try {
        order = await syncOrder(order, `candidate:${profileId}`, true);
      } catch (error) {
        // The gateway not answering leaves the order as it is: the screen polls again.
        if (!(error instanceof GatewayError)) throw error;
        log.warn({ err: error, orderId: order.id }, 'payment gateway did not answer a status check');
      }
      return {
        currentStatus: STATUS_FOR_CANDIDATE[order.status],
        orderId: order.id,
        superseded: await supersededInfo(profileId, query, order),
      };
    },

    /** The checks the transactions module runs on its locked row (app.ts wires them). */
    guard,

    async history(
      profileId: string,
      query: { seed: number; count: number; orgId?: string; txnId?: string },
    ): Promise<PaymentHistoryResponse> {
      const txnId = query.txnId ? (isUuid(query.txnId) ? query.txnId.toLowerCase() : null) : undefined;
      if (txnId === null) return { list: [], total: 0 };
      const { rows, total } = await repo.history(
        profileId,
        { ...(query.orgId ? { orgId: query.orgId } : {}), ...(txnId ? { txnId } : {}) },
        query.seed,
        query.count,
      );
      const refunds = await repo.refundsOf(rows.map((r) => r.order.id));
      return {
        total,
        list: rows.map(({ order, orgName, orgImage }) =>
          infoOf(
            order,
            order.quote as unknown as PaymentQuote,
            { orgId: order.orgId, txnId: order.txnId, org: { displayName: orgName, imageUrl: orgImage } },
            refunds.filter((r) => r.orderId === order.id),
          ),
        ),
      };
    },

    /**
     * A gateway's webhook: verified on the raw body, deduplicated by event id, confirmed with the
     * gateway's API, applied with a compare-and-set. Unknown provider 101; bad signature 194 (nothing read).
     */
    async webhook(
      name: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ applied: boolean }> {
      const gateway = gateways.forWebhook(name);
      if (!gateway) throw new AppError('NOT_FOUND');
      let event;
      try {
        event = gateway.verifyWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          log.warn({ provider: name, reason: error.message }, 'webhook refused');
          throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        }
        throw error;
      }
      if (event.kind === 'ignored' || (await repo.eventSeen(name, event.eventId))) return { applied: false };
      const mark = { provider: name, eventId: event.eventId };
      const actor = `webhook:${name}`;
      try {
        if (event.kind === 'payment') {
          const order = event.gatewayOrderId
            ? await repo.orderByGateway(gateway.providers, event.gatewayOrderId)
            : undefined;
          if (!order) {
            log.warn(
              { provider: name, gatewayOrderId: event.gatewayOrderId },
              'webhook for an order we do not know',
            );
            return { applied: false };
          }
          if (!UNPAID_ORDER_STATUSES.includes(order.status)) return { applied: false };
          const { changed } = await applyPayment(
            order,
            await gateway.fetchPayment(order.gatewayOrderId!),
            actor,
            mark,
          );
          if (!changed) await spend(mark);
          return { applied: changed };
        }
        const refund =
          (event.gatewayRefundId ? await repo.refundByGateway(event.gatewayRefundId) : undefined) ??
          (event.refundId && isUuid(event.refundId) ? await repo.refund(event.refundId) : undefined);
        // Not ours yet (the refund call's answer is still being written): 503, the gateway retries.
        if (!refund) throw new AppError('SERVICE_UNAVAILABLE', 'Unknown refund; retry later');
        if (refund.status !== 'pending') return { applied: false };
        const order = await repo.order(refund.orderId);
        if (!order?.gatewayOrderId || !order.paymentId || !refund.gatewayRefundId)
          throw new AppError('SERVICE_UNAVAILABLE');
        const answer = await gateway.fetchRefund({
          gatewayOrderId: order.gatewayOrderId,
          paymentId: order.paymentId,
          gatewayRefundId: refund.gatewayRefundId,
          refundId: refund.id,
        });
        const applied = await applyRefund(refund, answer.status, actor, mark);
        if (!applied) await spend(mark);
        return { applied };
      } catch (error) {
        if (error instanceof GatewayError) {
          log.warn({ err: error, provider: name }, 'gateway did not confirm a webhook: it will be retried');
          throw new AppError('SERVICE_UNAVAILABLE');
        }
        throw error;
      }
    },

    /** GET /api/ops/admin/orders (admin): orders with their refunds and what is left to refund. */
    async opsOrders(filter: { orderId?: string; txnId?: string }): Promise<AdminOrder[]> {
      const orders = await repo.ordersFor({
        ...(filter.orderId ? { orderId: filter.orderId.toLowerCase() } : {}),
        ...(filter.txnId ? { txnId: filter.txnId.toLowerCase() } : {}),
      });
      const refunds = await repo.refundsOf(orders.map((o) => o.id));
      return orders.map((o) => {
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
      });
    },

    /** POST /api/ops/orders/{orderId}/refunds (admin): within what is left, sent to the gateway, audited twice. */
    async createRefund(
      staff: OpsUser,
      orderId: string,
      key: string,
      body: RefundCreateRequest,
      origin: OpsOrigin,
    ): Promise<PaymentInfo['refundDetails'][number]> {
      const detail = (r: RefundRow) => ({
        _id: r.id,
        refundId: r.gatewayRefundId,
        reason: r.reason,
        amount: r.amount,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      });
      const existing = await repo.refundByKey(key);
      if (existing) {
        if (existing.orderId !== orderId.toLowerCase()) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return detail(existing);
      }
      const order = isUuid(orderId) ? await repo.order(orderId.toLowerCase()) : undefined;
      if (!order) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      const at = now();
      const actor = `staff:${staff.staffId}`;
      const created = await repo.insertRefund(
        {
          id: randomUUID(),
          orderId: order.id,
          amount: body.amount,
          reason: body.reason,
          status: 'pending',
          createdBy: staff.staffId,
          idempotencyKey: key,
          createdAt: at,
          updatedAt: at,
        },
        actor,
        at,
        (scope: DbScope, refund) =>
          deps.audit.audit(
            {
              staffId: staff.staffId,
              action: 'refund.create',
              targetType: 'order',
              targetId: order.id,
              detail: { refundId: refund.id, amount: refund.amount, reason: refund.reason },
              ip: origin.ip,
            },
            scope,
          ),
      );
      if (created === 'not-paid') throw new AppError('REFUND_NOT_ALLOWED');
      if (created === 'too-large') throw new AppError('REFUND_TOO_LARGE');
      if (created === 'duplicate') {
        const again = await repo.refundByKey(key);
        if (!again) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return detail(again);
      }
      try {
        await sendRefund(created, order, actor);
      } catch (error) {
        // Stays pending: the reconciliation job sends it again (idempotent at the gateway by our id).
        if (!(error instanceof GatewayError)) throw error;
        log.warn({ err: error, refundId: created.id }, 'refund not accepted by the gateway yet');
      }
      return detail((await repo.refund(created.id)) ?? created);
    },

    /**
     * One reconciliation pass (jobs/payment-reconcile.ts): orders open longer than `staleMs` and pending
     * refunds are asked about at their gateway. An order that never reached its gateway is cancelled.
     * Answers how many rows it looked at.
     */
    async reconcileOnce(staleMs: number, limit = 20): Promise<number> {
      const at = now();
      const staleBefore = new Date(at.getTime() - staleMs);
      const orders = await repo.claimStaleOrders(staleBefore, at, limit);
      for (const order of orders) {
        try {
          if (!order.gatewayOrderId) {
            await repo.transaction((scope) =>
              repo.transitionOrder(scope, order.id, ['created'], 'cancelled', {}, 'reconcile', now()),
            );
          } else {
            await syncOrder(order, 'reconcile');
          }
        } catch (error) {
          log.warn({ err: error, orderId: order.id }, 'reconciliation could not settle an order; next pass');
        }
      }
      const refunds = await repo.claimStaleRefunds(staleBefore, at, limit);
      for (const refund of refunds) {
        try {
          const { order } = refund;
          if (!refund.gatewayRefundId) {
            await sendRefund(refund, order, 'reconcile');
          } else if (order.gatewayOrderId && order.paymentId) {
            const answer = await gatewayOf(order.provider).fetchRefund({
              gatewayOrderId: order.gatewayOrderId,
              paymentId: order.paymentId,
              gatewayRefundId: refund.gatewayRefundId,
              refundId: refund.id,
            });
            await applyRefund(refund, answer.status, 'reconcile');
          }
        } catch (error) {
          log.warn(
            { err: error, refundId: refund.id },
            'reconciliation could not settle a refund; next pass',
          );
        }
      }
      return orders.length + refunds.length;
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
