/**
 * ICAO Doc 9303 part 4: the machine-readable zone of a passport (TD3: two lines of 44 characters).
 * Every check digit is verified (document number, date of birth, date of expiry, optional data, composite)
 * and each failure says which one. `repairTd3` fixes OCR confusions (O/0, I/1, S/5, B/8, '<' read as K…)
 * only where the field's format or its check digit confirms the fix. Pure: no server or browser code.
 */
import { ageInYears, PROFILE_DETAILS } from './profile-details.js';

/** Spec §5: minimum age 18. */
export const MINIMUM_AGE = PROFILE_DETAILS.minimumAge;
export const TD3_LINE_LENGTH = 44;

export type Sex = 'M' | 'F' | 'X';

/** The fields a candidate confirms; dates are yyyy-MM-dd. */
export interface PassportFields {
  surname: string;
  givenNames: string;
  passportNumber: string;
  nationality: string;
  issuingState: string;
  dateOfBirth: string;
  sex: Sex;
  dateOfExpiry: string;
}

export type MrzCheckField = 'documentNumber' | 'dateOfBirth' | 'dateOfExpiry' | 'optionalData' | 'composite';

export type MrzFailure =
  | { reason: 'UNREADABLE'; message: string }
  | { reason: 'CHECK_DIGIT'; field: MrzCheckField; message: string }
  | { reason: 'INVALID_DATE'; field: 'dateOfBirth' | 'dateOfExpiry'; message: string }
  | { reason: 'EXPIRED'; message: string; fields: PassportFields }
  | { reason: 'UNDER_AGE'; message: string; fields: PassportFields };

export type MrzResult =
  { ok: true; fields: PassportFields; lines: [string, string] } | ({ ok: false } & MrzFailure);

export const MRZ_MESSAGES = {
  unreadable:
    'The machine-readable zone could not be read. Take a sharper photo of the whole page, or enter the details manually',
  checkDigit: (field: MrzCheckField) =>
    `The check digit of the ${CHECK_FIELD_LABELS[field]} does not match: the scan may be misread`,
  invalidDate: (field: 'dateOfBirth' | 'dateOfExpiry') =>
    `The ${field === 'dateOfBirth' ? 'date of birth' : 'date of expiry'} is not a valid date`,
  expired: 'This passport has expired',
  underAge: `You must be at least ${MINIMUM_AGE} years old`,
} as const;

const CHECK_FIELD_LABELS: Record<MrzCheckField, string> = {
  documentNumber: 'passport number',
  dateOfBirth: 'date of birth',
  dateOfExpiry: 'date of expiry',
  optionalData: 'personal number',
  composite: 'whole zone (composite)',
};

function charValue(c: string): number {
  if (c === '<') return 0;
  const code = c.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return -1;
}

/** The 7-3-1 weighted check digit of ICAO 9303; null for a character outside the MRZ alphabet. */
export function mrzCheckDigit(value: string): number | null {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    const v = charValue(value[i]!);
    if (v < 0) return null;
    sum += v * weights[i % 3]!;
  }
  return sum % 10;
}

function checks(value: string, digit: string): boolean {
  // An optional-data field of fillers may carry '<' as its check digit (ICAO 9303-4 4.2.2.2).
  if (digit === '<') return /^<*$/.test(value);
  return String(mrzCheckDigit(value)) === digit;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a YYMMDD field, or null when it is not a calendar date. */
function mrzDate(yymmdd: string, century: (yy: number) => number): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  const year = century(yy) + yy;
  const date = new Date(Date.UTC(year, mm - 1, dd));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd)
    return null;
  return `${year}-${pad(mm)}-${pad(dd)}`;
}

/** The calendar day of `now` (UTC) as yyyy-MM-dd: dates compare by day (spec §5). */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A passport is expired once its date of expiry is before today (valid through the day it shows). */
export const isExpired = (expiry: string, now: Date) => expiry < dayOf(now);

const names = (field: string) => {
  const [surname = '', given = ''] = field.replace(/<+$/, '').split('<<');
  const clean = (s: string) => s.split('<').filter(Boolean).join(' ');
  return { surname: clean(surname), givenNames: clean(given) };
};

/**
 * Parses the two lines of a TD3 MRZ and verifies every check digit; then the dates, the expiry and the
 * minimum age. The first failure is returned with its reason; EXPIRED and UNDER_AGE carry the fields read.
 */
export function parseTd3(line1: string, line2: string, now: Date = new Date()): MrzResult {
  const l1 = line1.trim().toUpperCase();
  const l2 = line2.trim().toUpperCase();
  const shape = /^[A-Z0-9<]{44}$/;
  if (!shape.test(l1) || !shape.test(l2) || l1[0] !== 'P')
    return { ok: false, reason: 'UNREADABLE', message: MRZ_MESSAGES.unreadable };

  const number = l2.slice(0, 9);
  const birth = l2.slice(13, 19);
  const expiry = l2.slice(21, 27);
  const optional = l2.slice(28, 42);
  const parts: [MrzCheckField, string, string][] = [
    ['documentNumber', number, l2[9]!],
    ['dateOfBirth', birth, l2[19]!],
    ['dateOfExpiry', expiry, l2[27]!],
    ['optionalData', optional, l2[42]!],
    ['composite', l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43), l2[43]!],
  ];
  for (const [field, value, digit] of parts)
    if (!checks(value, digit))
      return { ok: false, reason: 'CHECK_DIGIT', field, message: MRZ_MESSAGES.checkDigit(field) };

  const thisYear = now.getUTCFullYear() % 100;
  // A birth year ahead of this year's two digits is last century; expiries are this century.
  const dateOfBirth = mrzDate(birth, (yy) => (yy > thisYear ? 1900 : 2000));
  if (!dateOfBirth)
    return {
      ok: false,
      reason: 'INVALID_DATE',
      field: 'dateOfBirth',
      message: MRZ_MESSAGES.invalidDate('dateOfBirth'),
    };
  const dateOfExpiry = mrzDate(expiry, () => 2000);
  if (!dateOfExpiry)
    return {
      ok: false,
      reason: 'INVALID_DATE',
      field: 'dateOfExpiry',
      message: MRZ_MESSAGES.invalidDate('dateOfExpiry'),
    };
  const sexChar = l2[20]!;
  const fields: PassportFields = {
    ...names(l1.slice(5)),
    passportNumber: number.replace(/<+$/, ''),
    nationality: l2.slice(10, 13).replace(/</g, ''),
    issuingState: l1.slice(2, 5).replace(/</g, ''),
    dateOfBirth,
    sex: sexChar === 'M' || sexChar === 'F' ? sexChar : 'X',
    dateOfExpiry,
  };
  if (isExpired(dateOfExpiry, now))
    return { ok: false, reason: 'EXPIRED', message: MRZ_MESSAGES.expired, fields };
  if ((ageInYears(dateOfBirth, now) ?? 0) < MINIMUM_AGE)
    return { ok: false, reason: 'UNDER_AGE', message: MRZ_MESSAGES.underAge, fields };
  return { ok: true, fields, lines: [l1, l2] };
}

/** Letters OCR gives for digits, and back. */
const TO_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  T: '1',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
  A: '4',
};
const TO_LETTER: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '4': 'A',
  '5': 'S',
  '6': 'G',
  '7': 'Z',
  '8': 'B',
};

const digitsOnly = (s: string) => [...s].map((c) => TO_DIGIT[c] ?? c).join('');
const lettersOnly = (s: string) => [...s].map((c) => TO_LETTER[c] ?? c).join('');

/** Variants of a field with exactly `n` characters replaced by their look-alike. */
function variants(value: string, n: number, from = 0): string[] {
  if (n === 0) return [value];
  const out: string[] = [];
  for (let i = from; i < value.length; i++) {
    const c = value[i]!;
    const alt = TO_DIGIT[c] ?? TO_LETTER[c];
    if (!alt) continue;
    const changed = value.slice(0, i) + alt + value.slice(i + 1);
    out.push(...variants(changed, n - 1, i + 1));
  }
  return out;
}

/**
 * The field as read when its check digit passes; else the one variant with the fewest look-alike changes (at
 * most 2) that passes; when two variants with as few changes pass, the check digit does not decide: as read.
 */
function confirmed(value: string, digit: string): string {
  if (checks(value, digit)) return value;
  for (let n = 1; n <= 2; n++) {
    const passing = variants(value, n).filter((v) => checks(v, digit));
    if (passing.length === 1) return passing[0]!;
    if (passing.length > 1) return value;
  }
  return value;
}

/**
 * Repairs OCR confusions in a TD3 MRZ. Format-fixed positions (the type, country codes, dates, sex,
 * check digits) take the only kind of character they allow; the passport number and the optional data take a
 * look-alike only when exactly one variant passes their check digit. Names have no check digit: letters-only
 * by format, and a 'K' between name parts stays as read.
 */
export function repairTd3(line1: string, line2: string): [string, string] {
  const l1 = line1.toUpperCase();
  const l2 = line2.toUpperCase();
  if (l1.length !== TD3_LINE_LENGTH || l2.length !== TD3_LINE_LENGTH) return [l1, l2];
  const head = 'P' + (l1[1] === '<' ? '<' : lettersOnly(l1[1]!)) + lettersOnly(l1.slice(2, 5));
  const nameZone = lettersOnly(l1.slice(5));
  const r1 = head + nameZone;

  const digit = (c: string) => TO_DIGIT[c] ?? c;
  const numberDigit = digit(l2[9]!);
  const numberRead = l2.slice(0, 9);
  // An Indian passport number is a letter and 7 digits: that shape, when its check digit confirms it.
  const indian = lettersOnly(numberRead[0]!) + digitsOnly(numberRead.slice(1, 8)) + numberRead[8];
  const number =
    head.slice(2) !== 'IND'
      ? confirmed(numberRead, numberDigit)
      : !checks(numberRead, numberDigit) && checks(indian, numberDigit)
        ? indian
        : numberRead;
  const nationality = lettersOnly(l2.slice(10, 13));
  const birth = digitsOnly(l2.slice(13, 19));
  const birthDigit = digit(l2[19]!);
  const sexRead = l2[20]!;
  const sex = sexRead === 'H' || sexRead === 'N' ? 'M' : sexRead === 'E' || sexRead === 'P' ? 'F' : sexRead;
  const expiry = digitsOnly(l2.slice(21, 27));
  const expiryDigit = digit(l2[27]!);
  const optionalRead = l2.slice(28, 42);
  const optionalDigit = l2[42] === '<' ? '<' : digit(l2[42]!);
  const optional = confirmed(optionalRead, optionalDigit);
  const composite = digit(l2[43]!);
  return [
    r1,
    number +
      numberDigit +
      nationality +
      birth +
      birthDigit +
      sex +
      expiry +
      expiryDigit +
      optional +
      optionalDigit +
      composite,
  ];
}

/**
 * OCR miscounts long runs of '<'. In line 2 the run inside the optional data (from position 28) is stretched
 * or shrunk so the check digits after it land on positions 42 and 43.
 */
function realignFillers(line: string): string {
  const diff = TD3_LINE_LENGTH - line.length;
  if (diff === 0) return line;
  let bestStart = -1;
  let bestLength = 0;
  for (const match of line.matchAll(/<+/g)) {
    if (match.index >= 26 && match[0].length > bestLength) {
      bestStart = match.index;
      bestLength = match[0].length;
    }
  }
  if (bestStart < 0 || bestLength + diff < 1) return line;
  return line.slice(0, bestStart) + '<'.repeat(bestLength + diff) + line.slice(bestStart + bestLength);
}

/**
 * The two MRZ lines in OCR text: the last two lines of 40-48 MRZ characters (spaces dropped), the first
 * starting with P. Lines are cut or padded with '<' to 44.
 */
export function findTd3Lines(text: string): [string, string] | null {
  const lines = text
    .toUpperCase()
    .split(/\r?\n/)
    .map((l) => l.replace(/[\s«]/g, (c) => (c === '«' ? '<<' : '')).replace(/[^A-Z0-9<]/g, ''))
    .filter((l) => l.length >= 36 && l.length <= 50);
  for (let i = lines.length - 2; i >= 0; i--) {
    const first = lines[i]!;
    const second = lines[i + 1]!;
    if (!first.startsWith('P')) continue;
    const fit = (l: string) =>
      l.length >= TD3_LINE_LENGTH ? l.slice(0, TD3_LINE_LENGTH) : l.padEnd(TD3_LINE_LENGTH, '<');
    return [fit(first), fit(realignFillers(second))];
  }
  return null;
}

/** Reads OCR text: finds the lines, repairs look-alikes, parses. */
export function readMrzText(text: string, now: Date = new Date()): MrzResult {
  const found = findTd3Lines(text);
  if (!found) return { ok: false, reason: 'UNREADABLE', message: MRZ_MESSAGES.unreadable };
  const [a, b] = repairTd3(found[0], found[1]);
  return parseTd3(a, b, now);
}

/** Builds TD3 lines from fields (the sample image generator and tests). Dates yyyy-MM-dd. */
export function buildTd3(f: PassportFields, optionalData = ''): [string, string] {
  const name = (s: string) => s.toUpperCase().trim().split(/\s+/).join('<');
  const line1 = `P<${f.issuingState.padEnd(3, '<')}${name(f.surname)}<<${name(f.givenNames)}`
    .padEnd(TD3_LINE_LENGTH, '<')
    .slice(0, TD3_LINE_LENGTH);
  const yymmdd = (d: string) => d.slice(2, 4) + d.slice(5, 7) + d.slice(8, 10);
  const cd = (s: string) => String(mrzCheckDigit(s));
  const number = f.passportNumber.padEnd(9, '<');
  const optional = optionalData.padEnd(14, '<');
  const optionalCd = /^<*$/.test(optional) ? '<' : cd(optional);
  const birth = yymmdd(f.dateOfBirth);
  const expiry = yymmdd(f.dateOfExpiry);
  const body =
    number +
    cd(number) +
    f.nationality.padEnd(3, '<') +
    birth +
    cd(birth) +
    f.sex +
    expiry +
    cd(expiry) +
    optional +
    optionalCd;
  const composite = cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

export interface PassportFieldIssue {
  field: keyof PassportFields;
  message: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (s: string) =>
  ISO_DATE.test(s) && !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().startsWith(s);

/**
 * The server's check of the fields a candidate confirms (they may have corrected the scan, so no check digit
 * applies): formats, real dates, not expired, at least 18 years old, birth not in the future.
 */
export function validatePassportFields(f: PassportFields, now: Date = new Date()): PassportFieldIssue[] {
  const issues: PassportFieldIssue[] = [];
  if (!/^[A-Z][A-Z ]{0,38}$/.test(f.surname))
    issues.push({ field: 'surname', message: 'Enter the surname in capital letters as on the passport' });
  if (!/^[A-Z ]{0,39}$/.test(f.givenNames))
    issues.push({
      field: 'givenNames',
      message: 'Enter the given names in capital letters as on the passport',
    });
  if (!/^[A-Z0-9]{5,9}$/.test(f.passportNumber))
    issues.push({
      field: 'passportNumber',
      message: 'Enter the passport number as printed (5 to 9 letters and digits)',
    });
  if (!/^[A-Z]{1,3}$/.test(f.nationality))
    issues.push({ field: 'nationality', message: 'Enter the 3-letter nationality code' });
  if (!/^[A-Z]{1,3}$/.test(f.issuingState))
    issues.push({ field: 'issuingState', message: 'Enter the 3-letter code of the issuing country' });
  if (!validDay(f.dateOfBirth) || f.dateOfBirth < '1900-01-01' || f.dateOfBirth > dayOf(now))
    issues.push({ field: 'dateOfBirth', message: 'Enter a valid date of birth' });
  else if ((ageInYears(f.dateOfBirth, now) ?? 0) < MINIMUM_AGE)
    issues.push({ field: 'dateOfBirth', message: MRZ_MESSAGES.underAge });
  if (!validDay(f.dateOfExpiry) || f.dateOfExpiry > '2099-12-31')
    issues.push({ field: 'dateOfExpiry', message: 'Enter a valid date of expiry' });
  else if (isExpired(f.dateOfExpiry, now))
    issues.push({ field: 'dateOfExpiry', message: MRZ_MESSAGES.expired });
  if (!['M', 'F', 'X'].includes(f.sex)) issues.push({ field: 'sex', message: 'Choose M, F or X' });
  return issues;
}
