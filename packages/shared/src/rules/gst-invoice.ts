import { quotePayment, type FormPaymentConfig, type PricedVerification } from './pricing.js';

/**
 * An organisation's usage and its monthly GST tax invoice (issue 28, ADR 0047 "Billing modes",
 * "Invoice rules"). Pure: the server prices a submission with `usageOf` (the one pricing rule,
 * quotePayment, in INR without fast-track) and issues the month's invoice with `buildInvoice` from the
 * usage rows. Every amount is an integer in paise.
 */

/** IST is UTC+5:30, all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
/** The GST rate an invoice uses unless the config says otherwise (ADR 0047). */
export const DEFAULT_GST_PERCENT = 18;
export const INVOICE_SAC = '998521';

/** One priced verification of a usage: its type and its taxable value (after the cart discount). */
export interface UsageItem {
  key: string;
  verificationName: string;
  amount: number;
}

/** What one organisation-paid submission costs. */
export interface Usage {
  items: UsageItem[];
  /** The taxable value (after discounts, before GST). */
  taxable: number;
  gst: number;
  /** taxable + gst: what a prepaid balance must cover. */
  total: number;
  gstPercent: number;
}

/** The usage of one submission: the form's prices through quotePayment, in INR, never fast-track. */
export function usageOf(config: FormPaymentConfig, verifications: readonly PricedVerification[]): Usage {
  const quote = quotePayment(config, { region: 'IN', express: false, verifications });
  const items = quote.items.map((item, i) => ({
    key: item.key,
    verificationName: verifications.find((v) => v.key === item.key)!.verificationName,
    amount: quote.verificationList[i]!.credits,
  }));
  return {
    items,
    taxable: quote.toPayBeforeGst,
    gst: quote.gst,
    total: quote.toPay,
    gstPercent: config.gstPercent,
  };
}

/** The IST calendar month of an instant, `YYYY-MM`. */
export function istMonthOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);
}

/** The first instant (UTC) of an IST month `YYYY-MM` and of the next one: [start, end). */
export function istMonthRange(period: string): { start: Date; end: Date } {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) throw new Error(`Not a month: ${period}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) throw new Error(`Not a month: ${period}`);
  const start = new Date(Date.UTC(year, month - 1, 1) - IST_OFFSET_MS);
  const end = new Date(Date.UTC(year, month, 1) - IST_OFFSET_MS);
  return { start, end };
}

/** The IST month before the one `at` falls in: the month a job run at `at` invoices. */
export function previousIstMonth(at: Date): string {
  const [year, month] = istMonthOf(at).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The Indian financial year (April to March) of a month `YYYY-MM`: `2026-27`. */
export function financialYearOf(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const first = month >= 4 ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/** `VD/<FY>/<5-digit sequence>`: 16 characters, as GST allows. */
export function invoiceNumber(financialYear: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 99_999)
    throw new Error(`Invoice sequence out of range: ${sequence}`);
  return `VD/${financialYear}/${String(sequence).padStart(5, '0')}`;
}

/** The sequence of an invoice number of that financial year; null for another year's or a foreign one. */
export function invoiceSequenceOf(number: string, financialYear: string): number | null {
  const prefix = `VD/${financialYear}/`;
  if (!number.startsWith(prefix)) return null;
  const rest = number.slice(prefix.length);
  return /^\d{5}$/.test(rest) ? Number(rest) : null;
}

/** `percent` of `amount`, half up to the paisa (percent to 2 decimals). */
export function taxOf(amount: number, percent: number): number {
  const bps = BigInt(Math.round(percent * 100));
  return Number((BigInt(amount) * bps + 5000n) / 10000n);
}

export interface InvoiceParty {
  legalName: string;
  gstin: string | null;
  address: string;
  /** GST state code, 2 digits. */
  stateCode: string;
}

/** One usage row as the invoice reads it. */
export interface InvoiceUsage {
  formId: string;
  formName: string;
  items: readonly Pick<UsageItem, 'verificationName' | 'amount'>[];
}

export interface InvoiceLine {
  formId: string;
  verificationName: string;
  description: string;
  sac: string;
  quantity: number;
  amount: number;
}

export interface InvoiceContent {
  number: string;
  period: string;
  issuedAt: string;
  supplier: InvoiceParty;
  recipient: InvoiceParty;
  placeOfSupply: string;
  sac: string;
  lines: InvoiceLine[];
  taxable: number;
  gstPercent: number;
  interState: boolean;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  mode: 'prepaid' | 'arrears';
  /** "Settled from prepaid credits" or "Amount payable". */
  settlement: string;
}

/**
 * The month's invoice from its usage rows: lines by form and verification type (in first-seen order),
 * tax on the taxable total, half up; the same state: CGST and SGST at half each (summing to the tax,
 * CGST taking the odd paisa); otherwise IGST.
 */
export function buildInvoice(input: {
  number: string;
  period: string;
  issuedAt: Date;
  supplier: InvoiceParty;
  recipient: InvoiceParty;
  usage: readonly InvoiceUsage[];
  mode: 'prepaid' | 'arrears';
  gstPercent?: number;
}): InvoiceContent {
  const gstPercent = input.gstPercent ?? DEFAULT_GST_PERCENT;
  const lines = new Map<string, InvoiceLine>();
  for (const row of input.usage) {
    for (const item of row.items) {
      const key = JSON.stringify([row.formId, item.verificationName]);
      const line = lines.get(key) ?? {
        formId: row.formId,
        verificationName: item.verificationName,
        description: `${row.formName}: ${item.verificationName}`,
        sac: INVOICE_SAC,
        quantity: 0,
        amount: 0,
      };
      line.quantity += 1;
      line.amount += item.amount;
      lines.set(key, line);
    }
  }
  const list = [...lines.values()];
  const taxable = list.reduce((sum, line) => sum + line.amount, 0);
  const tax = taxOf(taxable, gstPercent);
  const interState = input.supplier.stateCode !== input.recipient.stateCode;
  const sgst = interState ? 0 : Math.floor(tax / 2);
  const cgst = interState ? 0 : tax - sgst;
  const igst = interState ? tax : 0;
  return {
    number: input.number,
    period: input.period,
    issuedAt: input.issuedAt.toISOString(),
    supplier: input.supplier,
    recipient: input.recipient,
    placeOfSupply: input.recipient.stateCode,
    sac: INVOICE_SAC,
    lines: list,
    taxable,
    gstPercent,
    interState,
    cgst,
    sgst,
    igst,
    total: taxable + tax,
    mode: input.mode,
    settlement: input.mode === 'prepaid' ? 'Settled from prepaid credits' : 'Amount payable',
  };
}
