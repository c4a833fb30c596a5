import type { InvoiceContent } from '@veridocs/shared';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** Paise as `INR 11,741.00` (Indian grouping; the standard fonts have no rupee sign). */
export function inr(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = String(Math.trunc(abs / 100));
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}INR ${rest ? `${rest},${last3}` : last3}.${String(abs % 100).padStart(2, '0')}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** `2026-11` → `November 2026`. */
export const monthName = (period: string) =>
  `${MONTHS[Number(period.slice(5, 7)) - 1] ?? period} ${period.slice(0, 4)}`;

/** Characters the standard fonts cannot encode become `?` (names and addresses are free text). */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/**
 * The GST tax invoice (ADR 0047), drawn only from its frozen content: supplier and recipient with
 * GSTIN, SAC, place of supply, lines, CGST/SGST or IGST, totals and how it is settled.
 */
export async function drawInvoicePdf(content: InvoiceContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Tax invoice ${content.number}`);
  pdf.setCreationDate(new Date(content.issuedAt));
  pdf.setModificationDate(new Date(content.issuedAt));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 48;
  let page: PDFPage = pdf.addPage([595, 842]);
  let y = 842 - margin;
  const text = (value: string, x: number, size = 10, f: PDFFont = font) =>
    page.drawText(printable(value), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  const right = (value: string, xRight: number, size = 10, f: PDFFont = font) =>
    text(value, xRight - f.widthOfTextAtSize(printable(value), size), size, f);
  const line = (height = 14) => {
    y -= height;
    if (y < margin + 40) {
      page = pdf.addPage([595, 842]);
      y = 842 - margin;
    }
  };

  text('Tax invoice', margin, 18, bold);
  right(content.number, 595 - margin, 12, bold);
  line(24);
  text(`Period: ${monthName(content.period)}`, margin);
  right(`Issued: ${content.issuedAt.slice(0, 10)}`, 595 - margin);
  line(24);

  const party = (title: string, p: InvoiceContent['supplier'], x: number) => {
    const top = y;
    text(title, x, 10, bold);
    y -= 14;
    text(p.legalName, x);
    y -= 14;
    text(`GSTIN: ${p.gstin ?? 'Unregistered'}`, x);
    y -= 14;
    for (const part of p.address.match(/.{1,40}(\s|$)/g) ?? [p.address]) {
      text(part.trim(), x);
      y -= 14;
    }
    text(`State code: ${p.stateCode}`, x);
    const bottom = y;
    y = top;
    return bottom;
  };
  const low = Math.min(
    party('Supplier', content.supplier, margin),
    party('Recipient', content.recipient, 320),
  );
  y = low;
  line(24);
  text(`Place of supply: state code ${content.placeOfSupply}`, margin);
  right(`SAC ${content.sac}`, 595 - margin);
  line(24);

  text('Description', margin, 10, bold);
  text('SAC', 330, 10, bold);
  right('Qty', 430, 10, bold);
  right('Taxable value', 595 - margin, 10, bold);
  line(16);
  for (const l of content.lines) {
    text(l.description.slice(0, 60), margin);
    text(l.sac, 330);
    right(String(l.quantity), 430);
    right(inr(l.amount), 595 - margin);
    line();
  }
  line(8);
  const total = (label: string, amount: number, f: PDFFont = font) => {
    text(label, 330, 10, f);
    right(inr(amount), 595 - margin, 10, f);
    line();
  };
  total('Taxable value', content.taxable);
  const half = content.gstPercent / 2;
  if (content.interState) total(`IGST @ ${content.gstPercent}%`, content.igst);
  else {
    total(`CGST @ ${half}%`, content.cgst);
    total(`SGST @ ${half}%`, content.sgst);
  }
  total('Total', content.total, bold);
  line(10);
  text(
    content.mode === 'prepaid' ? `${content.settlement}.` : `${content.settlement}: ${inr(content.total)}`,
    margin,
    11,
    bold,
  );
  line(24);
  text('This is a computer-generated invoice.', margin, 8);
  return pdf.save();
}
