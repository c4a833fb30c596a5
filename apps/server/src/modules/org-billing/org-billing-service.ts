import {
  DEFAULT_GST_PERCENT,
  buildInvoice,
  financialYearOf,
  formPaymentConfigSchema,
  invoiceNumber,
  invoiceSequenceOf,
  istMonthOf,
  istMonthRange,
  previousIstMonth,
  taxOf,
  usageOf,
  type InvoiceContent,
  type InvoiceParty,
  type InvoiceUsage,
  type OpsOrgBilling,
  type OrgBilling,
  type OrgBillingProfile,
  type OrgCreditOrder,
  type OrgInvoice,
  type UsageItem,
} from '@veridocs/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbScope } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { GatewayError } from '../../providers/payments/gateway.js';
import type { PaymentGateways } from '../../providers/payments/index.js';
import type { OrgPrincipal } from '../org-auth/org-guard.js';
import { pricedOf } from '../payments/payments-fns.js';
import type { OrgUsageCharge } from '../transactions/transactions-service.js';
import { drawInvoicePdf, monthName } from './invoice-pdf.js';
import type {
  BillingAccountRow,
  CreditOrderRow,
  InvoiceRow,
  LedgerRow,
  OrgBillingRepository,
} from './org-billing-repository.js';

export interface OrgBillingServiceDeps {
  repo: OrgBillingRepository;
  gateways: PaymentGateways;
  /** The supplier printed on every invoice (config INVOICE_SUPPLIER_*). */
  supplier: InvoiceParty & { gstin: string };
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
}

/** What a usage row keeps in `detail`: enough to print its invoice lines without the form. */
interface UsageDetail {
  formId: string;
  formName: string;
  items: UsageItem[];
  taxable: number;
  gst: number;
  total: number;
  gstPercent: number;
}

const LEDGER_SHOWN = 50;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function profileOf(account: BillingAccountRow | undefined): OrgBillingProfile | null {
  if (!account?.legalName || !account.address || !account.stateCode || !account.billingEmail) return null;
  return {
    legalName: account.legalName,
    gstin: account.gstin,
    address: account.address,
    stateCode: account.stateCode,
    billingEmail: account.billingEmail,
  };
}

const ledgerEntry = (row: LedgerRow) => ({
  id: row.id,
  kind: row.kind,
  amount: row.amount,
  balanceAfter: row.balanceAfter,
  transactionId: row.transactionId,
  note: row.note,
  at: row.at.toISOString(),
});

/** Orders the billing page lists. */
const RECENT_ORDERS = 5;
/** How long a pending credits order is still confirmed with its gateway when listed (a checkout lasts less). */
const SYNC_PENDING_FOR_MS = 24 * 60 * 60 * 1000;

const orderOf = (row: CreditOrderRow): OrgCreditOrder => ({
  id: row.id,
  amount: row.amount,
  total: row.total,
  status: row.status,
  // Only a pending order can still be paid at its checkout.
  checkoutUrl: row.status === 'created' ? row.checkoutUrl : null,
  createdAt: row.createdAt.toISOString(),
  paidAt: iso(row.paidAt),
});

const invoiceOf = (row: InvoiceRow): OrgInvoice => {
  const content = row.content as unknown as InvoiceContent;
  return {
    id: row.id,
    number: row.number,
    period: row.period,
    issuedAt: row.issuedAt.toISOString(),
    taxable: row.taxable,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    total: row.total,
    lines: content.lines.map((l) => ({
      description: l.description,
      sac: l.sac,
      quantity: l.quantity,
      amount: l.amount,
    })),
  };
};

/**
 * Organisations' billing (ADR 0047): the usage of organisation-paid submissions, prepaid credits bought
 * through the payment gateways, and the monthly GST tax invoice.
 */
export function createOrgBillingService(deps: OrgBillingServiceDeps) {
  const { repo, gateways, supplier, publicUrl, now, log } = deps;

  /** The usage charge the transactions module runs in the submission's database transaction. */
  const usageCharge: OrgUsageCharge = {
    async chargeSubmission(scope: DbScope, { txn, form, records, at }) {
      if (form.payer !== 'organisation') return;
      const account = await repo.lockAccount(scope, txn.orgId);
      // Charged once per transaction: a retried submission finds its usage.
      if (await repo.usageOfTransaction(scope, txn.id)) return;
      const parsed =
        form.paymentConfig == null ? null : formPaymentConfigSchema.safeParse(form.paymentConfig);
      if (!parsed?.success) throw new AppError('PAYMENT_NOT_CONFIGURED');
      const usage = usageOf(
        parsed.data,
        pricedOf(records, (name) => name),
      );
      if (account.mode === 'prepaid' && account.balance < usage.total)
        throw new AppError('ORG_CREDITS_EXHAUSTED');
      const detail: UsageDetail = { formId: form.id, formName: form.name, ...usage };
      await repo.addLedger(scope, account, {
        kind: 'usage',
        amount: -usage.total,
        transactionId: txn.id,
        note: form.name,
        detail: detail as unknown as Record<string, unknown>,
        at,
      });
    },
  };

  /** Confirms a credits order with its gateway; a payment for its total adds one purchase row. */
  async function syncOrder(order: CreditOrderRow): Promise<CreditOrderRow> {
    if (order.status === 'paid' || !order.gatewayOrderId) return order;
    const gateway = gateways.forProvider(order.gateway);
    if (!gateway) return order;
    let payment;
    try {
      payment = await gateway.fetchPayment(order.gatewayOrderId);
    } catch (error) {
      if (error instanceof GatewayError) {
        log.warn({ err: error, orderId: order.id }, 'credits order: the gateway did not answer');
        return order;
      }
      throw error;
    }
    const at = now();
    if (payment.status === 'success' && payment.amount === order.total && payment.currency === 'INR') {
      return repo.transaction(async (scope) => {
        const account = await repo.lockAccount(scope, order.orgId);
        const paid = await repo.transitionOrder(
          scope,
          order.id,
          ['created', 'failed', 'cancelled'],
          'paid',
          at,
        );
        if (!paid) return order;
        await repo.addLedger(scope, account, {
          kind: 'purchase',
          amount: order.total,
          creditOrderId: order.id,
          note: `Credits ${order.id.slice(0, 8)}`,
          detail: { amount: order.amount, gst: order.total - order.amount, gateway: order.gateway },
          at,
        });
        return paid;
      });
    }
    if (order.status === 'created' && (payment.status === 'failed' || payment.status === 'cancelled'))
      return repo.transaction(
        async (scope) =>
          (await repo.transitionOrder(scope, order.id, ['created'], payment.status as 'failed', at)) ?? order,
      );
    return order;
  }

  async function ownOrder(orgId: string, orderId: string): Promise<CreditOrderRow> {
    const order = isUuid(orderId) ? await repo.order(orgId, orderId.toLowerCase()) : undefined;
    if (!order) throw new AppError('CREDIT_ORDER_NOT_FOUND');
    return order;
  }

  async function ownInvoice(orgId: string, invoiceId: string): Promise<InvoiceRow> {
    const invoice = isUuid(invoiceId) ? await repo.invoice(orgId, invoiceId.toLowerCase()) : undefined;
    if (!invoice) throw new AppError('INVOICE_NOT_FOUND');
    return invoice;
  }

  /** One organisation's invoice of `period`, under the invoices' lock; false when there is nothing to do. */
  async function issueInvoice(orgId: string, period: string, at: Date): Promise<boolean> {
    const { start, end } = istMonthRange(period);
    const orgName = (await repo.orgName(orgId)) ?? orgId;
    return repo.transaction(async (scope) => {
      await repo.lockInvoices(scope);
      if (await repo.invoiceOfPeriod(scope, orgId, period)) return false;
      const rows = await repo.usageRows(scope, orgId, start, end);
      if (rows.length === 0) return false;
      const account = await repo.lockAccount(scope, orgId);
      const profile = profileOf(account);
      const recipient: InvoiceParty = profile
        ? {
            legalName: profile.legalName,
            gstin: profile.gstin,
            address: profile.address,
            stateCode: profile.stateCode,
          }
        : // No billing profile yet: the organisation's name, in the supplier's state.
          { legalName: orgName, gstin: null, address: '-', stateCode: supplier.stateCode };
      const details = rows.map((r) => r.detail as unknown as UsageDetail);
      const rates = new Set(details.map((d) => d.gstPercent));
      const gstPercent = rates.size === 1 ? [...rates][0]! : DEFAULT_GST_PERCENT;
      const fy = financialYearOf(period);
      const used = (await repo.numbersWithPrefix(scope, `VD/${fy}/`))
        .map((n) => invoiceSequenceOf(n, fy))
        .filter((n): n is number => n !== null);
      const number = invoiceNumber(fy, Math.max(0, ...used) + 1);
      const usage: InvoiceUsage[] = details.map((d) => ({
        formId: d.formId,
        formName: d.formName,
        items: d.items,
      }));
      const content = buildInvoice({
        number,
        period,
        issuedAt: at,
        supplier,
        recipient,
        usage,
        mode: account.mode,
        gstPercent,
      });
      await repo.insertInvoice(scope, {
        orgId,
        period,
        number,
        content: content as unknown as Record<string, unknown>,
        taxable: content.taxable,
        cgst: content.cgst,
        sgst: content.sgst,
        igst: content.igst,
        total: content.total,
        issuedAt: at,
      });
      log.info({ orgId, period, number }, 'invoice issued');
      return true;
    });
  }

  return {
    usageCharge,

    /** GET billing: mode, balance, this IST month's usage, profile, recent ledger. */
    async overview(orgId: string): Promise<OrgBilling> {
      const account = await repo.account(orgId);
      const { start, end } = istMonthRange(istMonthOf(now()));
      return {
        mode: account?.mode ?? 'prepaid',
        balance: account?.balance ?? 0,
        monthUsage: await repo.usageTaxable(orgId, start, end),
        profile: profileOf(account),
        ledger: (await repo.recentLedger(orgId, LEDGER_SHOWN)).map(ledgerEntry),
      };
    },

    async saveProfile(orgId: string, profile: OrgBillingProfile): Promise<OrgBillingProfile> {
      await repo.saveProfile(orgId, profile, now());
      return profile;
    },

    /** POST creditOrders: an order for `amount` + GST at the Indian region's gateway; answers its checkout. */
    async createCreditOrder(user: OrgPrincipal, amount: number): Promise<OrgCreditOrder> {
      const account = await repo.account(user.orgId);
      if (!profileOf(account)) throw new AppError('ORG_BILLING_PROFILE_MISSING');
      const provider = gateways.providerFor('IN');
      const gateway = gateways.forProvider(provider);
      if (!gateway) throw new AppError('PAYMENT_NOT_CONFIGURED');
      const total = amount + taxOf(amount, DEFAULT_GST_PERCENT);
      const order = await repo.insertOrder({
        orgId: user.orgId,
        amount,
        total,
        gateway: provider,
        status: 'created',
        createdBy: user.userId,
        createdAt: now(),
      });
      const returnUrl = `${publicUrl}/org/billing?creditOrder=${order.id}`;
      let session;
      try {
        session = await gateway.createCheckout(provider, {
          orderId: order.id,
          amount: total,
          currency: 'INR',
          description: 'Veridocs verification credits',
          customer: { id: user.userId, phone: null, email: user.email, name: user.name },
          returnUrl,
          cancelUrl: `${returnUrl}&cancelled=true`,
        });
      } catch (error) {
        if (error instanceof GatewayError) {
          log.warn({ err: error, orderId: order.id }, 'credits order: checkout refused');
          await repo.transaction((scope) =>
            repo.transitionOrder(scope, order.id, ['created'], 'failed', now()),
          );
          throw new AppError('SERVICE_UNAVAILABLE');
        }
        throw error;
      }
      await repo.setGatewayOrder(order.id, session.gatewayOrderId, session.redirectUrl);
      return orderOf({ ...order, gatewayOrderId: session.gatewayOrderId, checkoutUrl: session.redirectUrl });
    },

    /**
     * GET creditOrders: the latest orders, pending ones confirmed with their gateway first, so a
     * reload can still reach a pending order's checkout ("Continue to pay") or see what became of it.
     */
    async creditOrders(orgId: string): Promise<OrgCreditOrder[]> {
      const rows = await repo.recentOrders(orgId, RECENT_ORDERS);
      // Only a recent pending order is asked about (an abandoned one would cost a gateway round trip on
      // every visit, forever), and those few at once.
      const since = now().getTime() - SYNC_PENDING_FOR_MS;
      const synced = await Promise.all(
        rows.map((row) =>
          row.status === 'created' && row.createdAt.getTime() >= since ? syncOrder(row) : row,
        ),
      );
      return synced.map(orderOf);
    },

    /** GET creditOrder: the order as its gateway now says (the owner is back from the checkout). */
    async creditOrder(orgId: string, orderId: string): Promise<OrgCreditOrder> {
      return orderOf(await syncOrder(await ownOrder(orgId, orderId)));
    },

    /**
     * A gateway's verified payment webhook for an order the payments module does not know: a credits
     * order's is confirmed with the gateway and applied once. Undefined when it is not a credits order.
     */
    async onGatewayPayment(
      providers: readonly string[],
      gatewayOrderId: string,
    ): Promise<boolean | undefined> {
      let order: CreditOrderRow | undefined;
      for (const provider of providers) order ??= await repo.orderByGateway(provider, gatewayOrderId);
      if (!order) return undefined;
      const before = order.status;
      return (await syncOrder(order)).status !== before;
    },

    async invoices(orgId: string): Promise<{ list: OrgInvoice[] }> {
      return { list: (await repo.invoices(orgId)).map(invoiceOf) };
    },

    async invoicePdf(orgId: string, invoiceId: string): Promise<{ body: Buffer; name: string }> {
      const invoice = await ownInvoice(orgId, invoiceId);
      const content = invoice.content as unknown as InvoiceContent;
      return {
        body: Buffer.from(await drawInvoicePdf(content)),
        name: `invoice-${invoice.number.replaceAll('/', '-')}.pdf`,
      };
    },

    /**
     * The monthly job: once the IST month has ended, one invoice per organisation with usage in it
     * (unique per organisation and month: a second run or instance issues none). Answers how many.
     * `period` is for the dev tools only (POST /api/dev/org-invoices): a month not yet ended, invoiced now.
     */
    async issueInvoices(period: string = previousIstMonth(now())): Promise<number> {
      const at = now();
      const { start, end } = istMonthRange(period);
      let issued = 0;
      for (const orgId of await repo.orgsToInvoice(start, end, period))
        if (await issueInvoice(orgId, period, at)) issued += 1;
      if (issued > 0) log.info({ period: monthName(period), issued }, 'monthly invoices issued');
      return issued;
    },

    /** The platform admin's view and setting of an organisation's billing mode. */
    async opsBilling(orgId: string): Promise<OpsOrgBilling> {
      if (!(await repo.orgName(orgId))) throw new AppError('ORG_NOT_FOUND');
      const account = await repo.account(orgId);
      return { mode: account?.mode ?? 'prepaid', balance: account?.balance ?? 0 };
    },
    async setMode(orgId: string, mode: OpsOrgBilling['mode']): Promise<OpsOrgBilling> {
      if (!(await repo.orgName(orgId))) throw new AppError('ORG_NOT_FOUND');
      const row = await repo.setMode(orgId, mode, now());
      return { mode: row.mode, balance: row.balance };
    },
  };
}
export type OrgBillingService = ReturnType<typeof createOrgBillingService>;
