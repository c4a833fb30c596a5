/**
 * Date rules of the form engine (spec §5 "Dates"): typed as dd-MM-yyyy, also yyyy-MM-dd (told apart by
 * the length of the leading segment), stored as 'yyyy-MM-dd'. The checks themselves (range
 * 1900-01-01..2099-12-31, no future dates unless the field says otherwise, by day) are the shared
 * fieldError's, so the server's submit check applies them too.
 */
import { fromIsoDay } from '@veridocs/shared';

export { dateBounds, fromIsoDay, isoToDisplay, toIsoDay } from '@veridocs/shared';

export const DISPLAY_FORMAT = 'dd-MM-yyyy';

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
