import type { ErasureKept, ErasureRequest } from '@veridocs/shared';
import type { ErasureRow } from './erasure-repository.js';

/** The legal minimums erasure keeps for (ADR 0049's retention schedule). */
export const PAYMENT_RECORDS_YEARS = 8;
export const ACCESS_LOG_YEARS = 2;

/** What an erasure keeps, per category, with the period and why (ADR 0049 "Erasure"). */
export function keptCategories(dispute: string | null): ErasureKept[] {
  const kept: ErasureKept[] = [
    {
      category: 'payments',
      years: PAYMENT_RECORDS_YEARS,
      what: 'Payment records, refunds and tax invoices: amounts and gateway references only',
      why: 'The Income-tax Act (s. 44AA, rule 6F) and the CGST Act (s. 36) require them for 8 years',
    },
    {
      category: 'consent',
      years: null,
      what: 'The consent ledger and the notices you saw: ids and the notice text, no name or mobile',
      why: 'The proof of your consent, which the DPDP Act (s. 6(10)) puts on us',
    },
    {
      category: 'access_logs',
      years: ACCESS_LOG_YEARS,
      what: 'The logs of staff and organisation access to your case',
      why: 'The DPDP Rules require logs of processing to be kept for at least one year',
    },
  ];
  if (dispute)
    kept.push({
      category: 'disputed',
      years: null,
      what: 'Your data, until the dispute ends; then it is erased',
      why: dispute,
    });
  return kept;
}

export const toErasureRequest = (row: ErasureRow): ErasureRequest => ({
  id: row.id,
  status: row.status,
  origin: row.origin,
  requestedAt: row.requestedAt.toISOString(),
  dueAt: row.dueAt.toISOString(),
  doneAt: row.doneAt?.toISOString() ?? null,
  heldReason: row.heldReason,
  kept: row.kept,
});

/** The confirmation SMS, in the candidate's language (English unless Hindi). */
export function erasureConfirmationText(language: string | null | undefined): string {
  if (language === 'hi')
    return (
      'Veridocs: आपका डेटा मिटा दिया गया है। कानून के कारण रखा गया: भुगतान और कर रिकॉर्ड (8 वर्ष, केवल राशि और ' +
      'गेटवे संदर्भ), सहमति का रिकॉर्ड, स्टाफ़ एक्सेस लॉग (2 वर्ष)।'
    );
  return (
    'Veridocs: your data has been erased. Kept because the law requires it: payment and tax records ' +
    '(8 years, amounts and gateway references only), the consent record, staff access logs (2 years).'
  );
}
