import { getLanguage } from '../i18n/i18n';

/**
 * Dates in the current language (ADR 0014). English keeps the specification's formats exactly
 * (14-Nov-2022, 5th December 2026); Hindi is written by `Intl` for hi-IN, with Western digits.
 */
const HINDI = 'hi-IN-u-nu-latn';
const hindi = () => getLanguage() === 'hi';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** DD-MMM-YYYY (spec §9 date display), e.g. 14-Nov-2022. Empty text for an invalid date. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  // 14 नवंबर 2022: Hindi's abbreviated months (नव॰) read poorly, the full name is what people write.
  if (hindi())
    return new Intl.DateTimeFormat(HINDI, { day: '2-digit', month: 'long', year: 'numeric' }).format(date);
  return `${pad(date.getDate())}-${MONTHS[date.getMonth()]}-${date.getFullYear()}`;
}

/** DD-MMM-YYYY HH:mm (the spec's default date display). */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** m:ss for a countdown, e.g. 30 → "0:30". */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

const LONG_MONTHS = [
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

/** 1 → 1st, 2 → 2nd, 11 → 11th, 23 → 23rd. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** The form date display "Do MMMM YYYY" (spec §9), e.g. 5th December 2026. Empty text for an invalid date. */
export function formatLongDate(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '';
  // 5 दिसंबर 2026
  if (hindi())
    return new Intl.DateTimeFormat(HINDI, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  return `${ordinal(date.getDate())} ${LONG_MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}
