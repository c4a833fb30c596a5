import {
  EXPRESS_BUSINESS_DAYS,
  currencySymbol,
  verificationTypeOf,
  type VerificationPriceLine,
  type VerificationPriceQuery,
  type PaymentHistoryResponse,
  type PaymentInfo,
  type PaymentInitRequest,
  type PaymentInitResponse,
  type PaymentModeResponse,
  type PaymentPriceQuery,
  type PaymentQuote,
  type PaymentRegion,
  type PaymentRegionsResponse,
  type PaymentStatusResponse,
  type TransactionRef,
} from '@veridocs/shared';
import { AppError } from '../../errors.js';
import { isUuid } from '../../lib/ids.js';
import { GatewayError } from '../../providers/payments/gateway.js';
import { createPaymentGuard } from './payment-guard.js';
import { createPaymentOperations } from './payment-operations.js';
import { createPaymentSettlement, type PaymentsServiceDeps } from './payment-settlement.js';
import { createPaymentWebhooks } from './payment-webhooks.js';
import {
  EXPRESS_CAPABLE_TYPES,
  STATUS_FOR_CANDIDATE,
  checkoutReturnUrl,
  configOf,
  covers,
  paymentInfoOf,
  pricedOf,
  quoteWith,
  regionsFor,
  reusableFor,
  supersededOf,
} from './payments-fns.js';
import { OPEN_ORDER_STATUSES, type OrderRow } from './payments-repository.js';

export type { PaymentsServiceDeps } from './payment-settlement.js';
export { EXPRESS_CAPABLE_TYPES, SUPERSEDED_REFUND_REASON, idempotencyKeyOf } from './payments-fns.js';

/**
 * Payments (issue 13, ADR 0023): quotes from the form's prices, orders with their state machine
 * (created → pending → success | failed | cancelled), webhooks confirmed with the gateway and applied
 * exactly once, refunds, and the reconciliation of what was left pending. Every change is a
 * compare-and-set in one database transaction with its payment_audit row; a success submits the
 * transaction in that same database transaction.
 *
 * This file holds the candidate's payment and composes the rest: payment-settlement.ts (what the
 * gateways say, applied), payment-guard.ts (the transactions module's checks), payment-webhooks.ts,
 * payment-operations.ts (admin refunds, reconciliation); the pure parts are payments-fns.ts.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { repo, gateways, transactions, now, log } = deps;
  const settlement = createPaymentSettlement(deps);
  const { gatewayOf, supersedePaid, syncOrder } = settlement;

  /** The candidate's transaction and what its fee is computed from (the done, non-skipped records). */
  async function pricingContext(profileId: string, ref: TransactionRef) {
    const { snap, info } = await transactions.paymentContext(profileId, ref);
    // The organisation pays for its form (ADR 0047): the candidate has nothing to pay.
    if (!snap.form.paymentRequired || snap.form.payer === 'organisation')
      throw new AppError('PAYMENT_NOT_REQUIRED');
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

  async function checkout(
    order: OrderRow,
    ctx: { snap: { org: { name: string } } },
    profileId: string,
    phone: string | null,
  ) {
    const gateway = gatewayOf(order.provider);
    const returnUrl = checkoutReturnUrl(deps.publicUrl, order);
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
    return supersededOf(order, quote);
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
      return regionsFor(Boolean(profile.aadhaarLast4) || profile.contactDetails !== null);
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
      return paymentInfoOf(null, quote, {
        orgId: ctx.snap.txn.orgId,
        txnId: ctx.snap.txn.id,
        org: { displayName: ctx.snap.org.name, imageUrl: ctx.snap.org.imageUrl },
      });
    },

    /**
     * One verification's price in the transaction (spec §7): the line of the transaction's quote, or
     * the line it will have once the candidate submits it (priced in the form's order, so a second
     * degree gets its additional discount). 126 for a verification not in the transaction.
     */
    async verificationPrice(
      profileId: string,
      verification: string,
      query: VerificationPriceQuery,
    ): Promise<VerificationPriceLine> {
      const ctx = await pricingContext(profileId, query);
      const record = ctx.snap.records.find((r) => r.name === verification);
      if (!record) throw new AppError('VERIFICATION_NOT_IN_FORM');
      const quoted = ctx.verifications.some((v) => v.key === record.name);
      const verifications = quoted
        ? ctx.verifications
        : pricedOf(
            ctx.snap.records.map((r) =>
              r.name === record.name ? { ...r, state: 'READY_TO_SUBMIT', markedAsSkip: false } : r,
            ),
            (name, type) => ctx.info.verificationList[name]?.label ?? type,
          );
      const quote = quoteWith(
        ctx.config,
        ctx.snap.form.expressAllowed,
        verifications,
        query.region,
        query.express,
      );
      const item = quote.items.find((i) => i.key === record.name);
      // A verification the form does not price costs nothing.
      if (!item) throw new AppError('VERIFICATION_NOT_IN_FORM', 'This verification has no price in the form');
      return {
        ...item,
        verificationName: verificationTypeOf(record.name),
        region: query.region,
        currency: quote.currency,
        currencySymbol: currencySymbol(quote.currency),
        quoted,
      };
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

      const reusable = (o: OrderRow) => reusableFor(o, body.region, quote, provider);
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
    guard: createPaymentGuard(deps),

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
          paymentInfoOf(
            order,
            order.quote as unknown as PaymentQuote,
            { orgId: order.orgId, txnId: order.txnId, org: { displayName: orgName, imageUrl: orgImage } },
            refunds.filter((r) => r.orderId === order.id),
          ),
        ),
      };
    },

    ...createPaymentWebhooks(deps, settlement),
    ...createPaymentOperations(deps, settlement),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
