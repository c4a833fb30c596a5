import { and, desc, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import type { DbScope, Orm } from '../../db/client.js';
import {
  orgBillingAccounts,
  orgCreditLedger,
  orgCreditOrders,
  orgInvoices,
  organisations,
} from '../../db/schema/index.js';

export type BillingAccountRow = typeof orgBillingAccounts.$inferSelect;
export type LedgerRow = typeof orgCreditLedger.$inferSelect;
export type CreditOrderRow = typeof orgCreditOrders.$inferSelect;
export type InvoiceRow = typeof orgInvoices.$inferSelect;
export type CreditOrderStatus = CreditOrderRow['status'];

/** Organisations' billing (ADR 0047): accounts, the credit ledger, credits orders and invoices. */
export function createOrgBillingRepository(orm: Orm) {
  /** The account's row, made (prepaid, no balance) when missing, locked for this database transaction. */
  async function lockAccount(scope: DbScope, orgId: string): Promise<BillingAccountRow> {
    await scope.insert(orgBillingAccounts).values({ orgId }).onConflictDoNothing();
    const [row] = await scope
      .select()
      .from(orgBillingAccounts)
      .where(eq(orgBillingAccounts.orgId, orgId))
      .for('update');
    return row!;
  }

  /** A ledger row and the balance it leaves, on the locked account. */
  async function addLedger(
    scope: DbScope,
    account: BillingAccountRow,
    entry: Omit<typeof orgCreditLedger.$inferInsert, 'orgId' | 'balanceAfter'> & { at: Date },
  ): Promise<LedgerRow> {
    const balanceAfter = account.balance + entry.amount;
    const [row] = await scope
      .insert(orgCreditLedger)
      .values({ ...entry, orgId: account.orgId, balanceAfter })
      .returning();
    await scope
      .update(orgBillingAccounts)
      .set({ balance: balanceAfter, updatedAt: entry.at })
      .where(eq(orgBillingAccounts.orgId, account.orgId));
    return row!;
  }

  return {
    transaction<T>(fn: (scope: DbScope) => Promise<T>): Promise<T> {
      return orm.transaction((tx) => fn(tx as unknown as DbScope));
    },
    lockAccount,
    addLedger,

    async account(orgId: string): Promise<BillingAccountRow | undefined> {
      const [row] = await orm.select().from(orgBillingAccounts).where(eq(orgBillingAccounts.orgId, orgId));
      return row;
    },

    async orgName(orgId: string): Promise<string | undefined> {
      const [row] = await orm
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, orgId));
      return row?.name;
    },

    async saveProfile(
      orgId: string,
      profile: Pick<BillingAccountRow, 'legalName' | 'gstin' | 'address' | 'stateCode' | 'billingEmail'>,
      at: Date,
    ): Promise<void> {
      await orm
        .insert(orgBillingAccounts)
        .values({ orgId, ...profile, updatedAt: at })
        .onConflictDoUpdate({ target: orgBillingAccounts.orgId, set: { ...profile, updatedAt: at } });
    },

    async setMode(orgId: string, mode: BillingAccountRow['mode'], at: Date): Promise<BillingAccountRow> {
      const [row] = await orm
        .insert(orgBillingAccounts)
        .values({ orgId, mode, updatedAt: at })
        .onConflictDoUpdate({ target: orgBillingAccounts.orgId, set: { mode, updatedAt: at } })
        .returning();
      return row!;
    },

    async recentLedger(orgId: string, limit: number): Promise<LedgerRow[]> {
      return orm
        .select()
        .from(orgCreditLedger)
        .where(eq(orgCreditLedger.orgId, orgId))
        .orderBy(desc(orgCreditLedger.at), desc(orgCreditLedger.id))
        .limit(limit);
    },

    /** The taxable value of the usage rows in [start, end). */
    async usageTaxable(orgId: string, start: Date, end: Date): Promise<number> {
      const [row] = await orm
        .select({
          taxable: sql<string | null>`sum((${orgCreditLedger.detail}->>'taxable')::bigint)`,
        })
        .from(orgCreditLedger)
        .where(
          and(
            eq(orgCreditLedger.orgId, orgId),
            eq(orgCreditLedger.kind, 'usage'),
            gte(orgCreditLedger.at, start),
            lt(orgCreditLedger.at, end),
          ),
        );
      return Number(row?.taxable ?? 0);
    },

    async usageOfTransaction(scope: DbScope, txnId: string): Promise<LedgerRow | undefined> {
      const [row] = await scope
        .select()
        .from(orgCreditLedger)
        .where(and(eq(orgCreditLedger.transactionId, txnId), eq(orgCreditLedger.kind, 'usage')));
      return row;
    },

    /** The usage rows of [start, end), oldest first. */
    async usageRows(scope: DbScope, orgId: string, start: Date, end: Date): Promise<LedgerRow[]> {
      return scope
        .select()
        .from(orgCreditLedger)
        .where(
          and(
            eq(orgCreditLedger.orgId, orgId),
            eq(orgCreditLedger.kind, 'usage'),
            gte(orgCreditLedger.at, start),
            lt(orgCreditLedger.at, end),
          ),
        )
        .orderBy(orgCreditLedger.at, orgCreditLedger.id);
    },

    /** Organisations with usage in [start, end) and no invoice for `period` yet. */
    async orgsToInvoice(start: Date, end: Date, period: string): Promise<string[]> {
      const rows = await orm
        .selectDistinct({ orgId: orgCreditLedger.orgId })
        .from(orgCreditLedger)
        .where(
          and(
            eq(orgCreditLedger.kind, 'usage'),
            gte(orgCreditLedger.at, start),
            lt(orgCreditLedger.at, end),
            sql`not exists (select 1 from ${orgInvoices} where ${orgInvoices.orgId} = ${orgCreditLedger.orgId}
              and ${orgInvoices.period} = ${period})`,
          ),
        )
        .orderBy(orgCreditLedger.orgId);
      return rows.map((r) => r.orgId);
    },

    /**
     * Serialises invoice issuing (numbers and the one per period) across instances: held until the
     * database transaction ends.
     */
    async lockInvoices(scope: DbScope): Promise<void> {
      await scope.execute(sql`lock table ${orgInvoices} in share row exclusive mode`);
    },

    async invoiceOfPeriod(scope: DbScope, orgId: string, period: string): Promise<InvoiceRow | undefined> {
      const [row] = await scope
        .select()
        .from(orgInvoices)
        .where(and(eq(orgInvoices.orgId, orgId), eq(orgInvoices.period, period)));
      return row;
    },

    /** The invoice numbers of a financial year's series (`VD/2026-27/`). */
    async numbersWithPrefix(scope: DbScope, prefix: string): Promise<string[]> {
      const rows = await scope
        .select({ number: orgInvoices.number })
        .from(orgInvoices)
        .where(like(orgInvoices.number, `${prefix}%`));
      return rows.map((r) => r.number);
    },

    async insertInvoice(scope: DbScope, row: typeof orgInvoices.$inferInsert): Promise<InvoiceRow> {
      const [inserted] = await scope.insert(orgInvoices).values(row).returning();
      return inserted!;
    },

    async invoices(orgId: string): Promise<InvoiceRow[]> {
      return orm
        .select()
        .from(orgInvoices)
        .where(eq(orgInvoices.orgId, orgId))
        .orderBy(desc(orgInvoices.period));
    },

    async invoice(orgId: string, id: string): Promise<InvoiceRow | undefined> {
      const [row] = await orm
        .select()
        .from(orgInvoices)
        .where(and(eq(orgInvoices.orgId, orgId), eq(orgInvoices.id, id)));
      return row;
    },

    async insertOrder(row: typeof orgCreditOrders.$inferInsert): Promise<CreditOrderRow> {
      const [inserted] = await orm.insert(orgCreditOrders).values(row).returning();
      return inserted!;
    },

    async setGatewayOrder(id: string, gatewayOrderId: string, checkoutUrl: string | null): Promise<void> {
      await orm
        .update(orgCreditOrders)
        .set({ gatewayOrderId, checkoutUrl })
        .where(eq(orgCreditOrders.id, id));
    },

    /** The organisation's latest credits orders, newest first. */
    async recentOrders(orgId: string, limit: number): Promise<CreditOrderRow[]> {
      return orm
        .select()
        .from(orgCreditOrders)
        .where(eq(orgCreditOrders.orgId, orgId))
        .orderBy(desc(orgCreditOrders.createdAt), desc(orgCreditOrders.id))
        .limit(limit);
    },

    async order(orgId: string, id: string): Promise<CreditOrderRow | undefined> {
      const [row] = await orm
        .select()
        .from(orgCreditOrders)
        .where(and(eq(orgCreditOrders.orgId, orgId), eq(orgCreditOrders.id, id)));
      return row;
    },

    async orderByGateway(gateway: string, gatewayOrderId: string): Promise<CreditOrderRow | undefined> {
      const [row] = await orm
        .select()
        .from(orgCreditOrders)
        .where(and(eq(orgCreditOrders.gateway, gateway), eq(orgCreditOrders.gatewayOrderId, gatewayOrderId)));
      return row;
    },

    /** Compare-and-set under the row lock: the order moves to `to` only from one of `from`. */
    async transitionOrder(
      scope: DbScope,
      id: string,
      from: readonly CreditOrderStatus[],
      to: CreditOrderStatus,
      at: Date,
    ): Promise<CreditOrderRow | undefined> {
      const [row] = await scope
        .update(orgCreditOrders)
        .set({ status: to, ...(to === 'paid' ? { paidAt: at } : {}) })
        .where(and(eq(orgCreditOrders.id, id), inArray(orgCreditOrders.status, [...from])))
        .returning();
      return row;
    },
  };
}
export type OrgBillingRepository = ReturnType<typeof createOrgBillingRepository>;
