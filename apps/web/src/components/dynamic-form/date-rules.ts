/**
 * Date rules of the form engine (spec §5 "Dates"): typed as dd-MM-yyyy, also yyyy-MM-dd (told apart by
 * the length of the leading segment), stored as 'yyyy-MM-dd', range 1900-01-01..2099-12-31, no future
 * dates on forms unless the field says otherwise, compared by day.
 */
export const DISPLAY_FORMAT = 'dd-MM-yyyy';
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2099-12-31';

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as 'yyyy-MM-dd'. */
export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'yyyy-MM-dd' → a local Date at midnight, or null when it is not a real day. */
export function fromIsoDay(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** 'yyyy-MM-dd' → 'dd-MM-yyyy' (other text is returned unchanged). */
export function isoToDisplay(value: unknown): string {
  if (typeof value !== 'string') return '';
  const date = fromIsoDay(value);
  return date ? `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}` : value;
}

/**
 * Typed or pasted text → 'yyyy-MM-dd' when it is a complete real day, '' when blank, otherwise the text
 * itself (kept, so nothing typed is lost; the schema reports it). A leading segment of four digits
 * means yyyy-MM-dd, otherwise dd-MM-yyyy; '-', '/', '.' and spaces separate.
 */
export function parseDateText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const parts = trimmed.split(/[-/.\s]+/);
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return trimmed;
  const [first, second, third] = parts as [string, string, string];
  const [year, month, day] = first.length === 4 ? [first, second, third] : [third, second, first];
  if (year.length !== 4 || month.length > 2 || day.length > 2) return trimmed;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return fromIsoDay(iso) ? iso : trimmed;
}

export interface DateLimits {
  disableFuture?: boolean | undefined;
  disablePast?: boolean | undefined;
  minDate?: string | undefined;
  maxDate?: string | undefined;
}

/** Future dates are refused on forms unless the field allows them (disableFuture: false) or asks for past ones to be refused. */
export function refusesFuture(limits: DateLimits): boolean {
  return limits.disableFuture ?? !limits.disablePast;
}

/** The effective earliest and latest day ('yyyy-MM-dd', compared as strings: by day). */
export function dateBounds(limits: DateLimits, today: string): { min: string; max: string } {
  let min = MIN_DATE;
  let max = MAX_DATE;
  if (limits.minDate && fromIsoDay(limits.minDate) && limits.minDate > min) min = limits.minDate;
  if (limits.maxDate && fromIsoDay(limits.maxDate) && limits.maxDate < max) max = limits.maxDate;
  if (limits.disablePast && today > min) min = today;
  if (refusesFuture(limits) && today < max) max = today;
  return { min, max };
}

/** The message for a non-empty date value, or null when it is acceptable. */
export function dateError(value: unknown, limits: DateLimits, today: string): string | null {
  if (fromIsoDay(value) === null) return 'Enter a valid date as DD-MM-YYYY';
  const day = value as string;
  if (day < MIN_DATE || day > MAX_DATE) return 'Enter a date between 01-01-1900 and 31-12-2099';
  if (refusesFuture(limits) && day > today) return 'Date cannot be in the future';
  if (limits.disablePast && day < today) return 'Date cannot be in the past';
  const { min, max } = dateBounds(limits, today);
  if (day < min) return `Date must be on or after ${isoToDisplay(min)}`;
  if (day > max) return `Date must be on or before ${isoToDisplay(max)}`;
  return null;
}
