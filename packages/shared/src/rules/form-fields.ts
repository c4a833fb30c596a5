import { API_PATHS } from '../constants/api-paths.js';
import { FILE_TEXT } from '../constants/files.js';
import { COMING_SOON_POSTFIX, EWS_ENABLED_STATE_CODES, INDIAN_STATES } from '../constants/indian-states.js';
import { MESSAGES } from '../constants/messages.js';
import { z } from 'zod';
import { fileUploadResponseSchema } from '../schemas/files.js';
import { fieldLabel } from './verification.js';

/**
 * The named functions a verification config may refer to (spec §3 "Dynamic input field"). The client
 * form engine and the server's submit check both use these, so a rule is written once; a config
 * naming a key that is not here is a bug the seed test catches.
 */
export type FormValues = Readonly<Record<string, unknown>>;
export interface FieldOption {
  name: string;
  value: string;
  disabled?: boolean;
  disabledPostfix?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Conditional-required rules (requiredFn): true when the field is required for these values. */
export const REQUIRED_FNS = {
  /** The marksheet is hidden and not required for a degree without marksheets (spec §3 "Education form"). */
  marksheetRequired: (values: FormValues) => values.degreeStatus !== 'DEGREE_ONLY_NO_MARKSHEET',
  /** Supporting documents are asked for only when there is no marksheet. */
  supportingDocumentsRequired: (values: FormValues) => values.degreeStatus === 'DEGREE_ONLY_NO_MARKSHEET',
  /** The relieving date is asked for only when the candidate no longer works there. */
  relievingDateRequired: (values: FormValues) => values.currentlyWorking !== 'yes',
} as const satisfies Record<string, (values: FormValues) => boolean>;
export type RequiredFnKey = keyof typeof REQUIRED_FNS;

/** Value checks (validation.fn): true when the value is acceptable. Empty values are the required rule's job. */
export const VALIDATION_FNS = {
  pincode: (value: unknown) => /^\d{6}$/.test(text(value)),
  aadhaar: (value: unknown) => /^\d{12}$/.test(text(value)),
  /** The URL starts with http or https and has a domain (spec §5). */
  url: (value: unknown) => /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i.test(text(value)),
  email: (value: unknown) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text(value)),
  passportNumber: (value: unknown) => /^[A-Z][0-9]{7}$/.test(text(value).toUpperCase()),
  drivingLicence: (value: unknown) =>
    /^[A-Z]{2}[0-9]{2}[ -]?[0-9]{4}[0-9]{7}$/.test(text(value).toUpperCase()),
  year: (value: unknown) => /^(19|20)\d{2}$/.test(text(value)),
  /**
   * A certificate number as issuing offices print it (EWS, caste, income): letters and digits with
   * "/", "-", "." or spaces between, 4 to 40 characters (e.g. "EWS/2025/HR/004512").
   */
  certificateNumber: (value: unknown) => /^[A-Z0-9](?:[A-Z0-9/.\- ]{2,38})[A-Z0-9]$/i.test(text(value)),
  /** Scores: a percentage, a CGPA, or a grade such as "A+". */
  score: (value: unknown) => /^(\d{1,3}(\.\d{1,2})?%?|[A-F][+-]?)$/i.test(text(value)),
} as const satisfies Record<string, (value: unknown) => boolean>;
export type ValidationFnKey = keyof typeof VALIDATION_FNS;

const yearOptions = (now: Date): FieldOption[] => {
  const years: FieldOption[] = [];
  for (let y = now.getFullYear(); y >= 1950; y--) years.push({ name: String(y), value: String(y) });
  return years;
};

/** Option sets (optionsKey). INDIAN_STATE values are names; EWS_VERIFICATION_STATES values are codes (spec §3). */
export const OPTION_SETS = {
  INDIAN_STATE: (): FieldOption[] => INDIAN_STATES.map((s) => ({ name: s.name, value: s.name })),
  EWS_VERIFICATION_STATES: (): FieldOption[] =>
    INDIAN_STATES.map((s) =>
      EWS_ENABLED_STATE_CODES.includes(s.code)
        ? { name: s.name, value: s.code }
        : { name: s.name, value: s.code, disabled: true, disabledPostfix: COMING_SOON_POSTFIX },
    ),
  DEGREE_STATUS: (): FieldOption[] => [
    { name: 'Degree and marksheets available', value: 'DEGREE_AND_MARKSHEET' },
    { name: 'Degree available, no marksheets', value: 'DEGREE_ONLY_NO_MARKSHEET' },
    { name: 'Degree not yet awarded', value: 'DEGREE_NOT_AWARDED' },
  ],
  /** Sex as a passport's MRZ gives it (ICAO 9303: M, F, or X for unspecified). */
  SEX: (): FieldOption[] => [
    { name: 'Female', value: 'F' },
    { name: 'Male', value: 'M' },
    { name: 'Unspecified', value: 'X' },
  ],
  YES_NO: (): FieldOption[] => [
    { name: 'Yes', value: 'yes' },
    { name: 'No', value: 'no' },
  ],
  EMPLOYMENT_TYPE: (): FieldOption[] => [
    { name: 'Full-time', value: 'FULL_TIME' },
    { name: 'Part-time', value: 'PART_TIME' },
    { name: 'Contract', value: 'CONTRACT' },
    { name: 'Internship', value: 'INTERNSHIP' },
  ],
  PASSING_YEAR: (now: Date = new Date()): FieldOption[] => yearOptions(now),
  /** What a proof of the current address may be (address verification). */
  ADDRESS_PROOF_TYPE: (): FieldOption[] => [
    { name: 'Aadhaar', value: 'AADHAAR' },
    { name: 'Passport', value: 'PASSPORT' },
    { name: 'Voter ID', value: 'VOTER_ID' },
    { name: 'Driving licence', value: 'DRIVING_LICENCE' },
    { name: 'Utility bill (last 3 months)', value: 'UTILITY_BILL' },
    { name: 'Bank statement (last 3 months)', value: 'BANK_STATEMENT' },
    { name: 'Registered rent agreement', value: 'RENT_AGREEMENT' },
  ],
} as const satisfies Record<string, (now?: Date) => FieldOption[]>;
export type OptionsKey = keyof typeof OPTION_SETS;

/** Helper texts (helperTextJSXKey) the client renders as rich text; plain versions for any other reader. */
export const HELPER_TEXT_KEYS = ['DEGREE_INSTRUCTIONS', 'INSTITUTE_ID_HINT'] as const;
export type HelperTextKey = (typeof HELPER_TEXT_KEYS)[number];
export const ALERT_KEYS = ['DEGREE', 'LOA'] as const;

export const FIELD_TEXT = {
  degreeInstructions: ['Upload clear scans.', "Merge all semesters' marksheets into one PDF, in order."],
  degreeUnavailable: 'If your degree is not available, upload other supporting documents instead.',
  instituteIdHint:
    'Use the format printed on your degree or marksheet, or your registration, roll, identifier or serial number.',
  uploadMarksheet: 'Upload Education Marksheet',
  idFormat: (format: string) => `Enter the ID in your institute's format: ${format}`,
} as const;

// ---------------------------------------------------------------- candidate ID by institute (spec §3)

/**
 * The format of a candidate ID (`candidateIdSchemaByInstitute[institute].format`) is a mask: `9` a digit,
 * `A` a letter, `*` a letter or a digit, anything else itself (letters compared without case), for
 * example "9999-AA-99999". Returns whether `value` (trimmed) has that shape.
 */
export function matchesIdFormat(format: string, value: string): boolean {
  const text = value.trim();
  if (text.length !== format.length) return false;
  for (let i = 0; i < format.length; i++) {
    const mask = format[i] as string;
    const char = text[i] as string;
    const ok =
      mask === '9'
        ? /[0-9]/.test(char)
        : mask === 'A'
          ? /[A-Za-z]/.test(char)
          : mask === '*'
            ? /[A-Za-z0-9]/.test(char)
            : mask.toLowerCase() === char.toLowerCase();
    if (!ok) return false;
  }
  return true;
}

/** The chosen reference id of a searchable list's value (`{ value }` or the id alone), else null. */
function chosenId(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && !('manual' in value)) {
    const id = (value as { value?: unknown }).value;
    return typeof id === 'string' ? id : null;
  }
  return null;
}

/** The candidate ID's format for the institute chosen in `values`, or null when it has none. */
export function idFormatFor(field: Pick<FieldRule, 'idFormat'>, values: FormValues): string | null {
  if (!field.idFormat) return null;
  const id = chosenId(values[field.idFormat.instituteField]);
  if (id === null || !Object.prototype.hasOwnProperty.call(field.idFormat.byInstitute, id)) return null;
  return field.idFormat.byInstitute[id] ?? null;
}

/** The message when a present candidate ID does not have the chosen institute's format, else null. */
export function idFormatError(field: FieldRule, value: unknown, values: FormValues): string | null {
  const format = idFormatFor(field, values);
  if (format === null || typeof value !== 'string') return null;
  return matchesIdFormat(format, value) ? null : FIELD_TEXT.idFormat(format);
}

/**
 * The inputs of an auth option with `candidateIdSchemaByInstitute` (spec §3) put on the fields it names
 * as `idFormat`, the institute being the option's first searchable list. The web form and the server's
 * check both read the fields this returns, so they judge a candidate ID alike.
 */
export function withCandidateIdFormats<
  F extends { fieldName: string; inputType: string; idFormat?: FieldRule['idFormat'] },
>(
  inputs: readonly F[],
  schemas: Readonly<Record<string, { fieldName: string; format: string }>> | undefined,
): F[] {
  if (!schemas || Object.keys(schemas).length === 0) return [...inputs];
  const institute = inputs.find((f) => f.inputType === 'autocomplete');
  if (!institute) return [...inputs];
  return inputs.map((field) => {
    const byInstitute: Record<string, string> = {};
    for (const [id, schema] of Object.entries(schemas)) {
      if (schema.fieldName === field.fieldName) byInstitute[id] = schema.format;
    }
    if (Object.keys(byInstitute).length === 0) return field;
    return { ...field, idFormat: { instituteField: institute.fieldName, byInstitute } };
  });
}

/** A condition on another field's value (showWhen / hideWhen). */
export interface FieldCondition {
  fieldName: string;
  values: string[];
}

/** The fields a config's inputs name, with what the engine and the server need to judge a value. */
export interface FieldRule extends DateLimits {
  fieldName: string;
  label?: string | undefined;
  inputType: string;
  /** text only: 'number' takes digits only. */
  textType?: string | undefined;
  required?: boolean | undefined;
  requiredFn?: string | undefined;
  /** The message when the field is required and empty (default: MESSAGES.required, "Required"). */
  requiredMessage?: string | undefined;
  maxLength?: number | undefined;
  /** block: the total number of digits. */
  blockLength?: number | undefined;
  validation?: { fn: string; message: string } | undefined;
  /** Shown only when another field has one of these values. */
  showWhen?: FieldCondition | undefined;
  /** Hidden (and so neither required nor checked) when another field has one of these values. */
  hideWhen?: FieldCondition | undefined;
  hidden?: boolean | undefined;
  visibility?: { web: boolean } | undefined;
  /** select (and autocomplete without a source): the choices, or a key of OPTION_SETS. */
  options?: readonly FieldOption[] | undefined;
  optionsKey?: string | undefined;
  /** autocomplete: the reference list the value's id must come from. */
  autocompleteSource?: string | undefined;
  allowManual?: boolean | undefined;
  /** file: how many files the value may hold (default 1). */
  maxFiles?: number | undefined;
  /** Filled by the server (the profile name), never by the candidate. */
  readOnly?: boolean | undefined;
  /** text: the candidate ID's format by the chosen institute (withCandidateIdFormats). */
  idFormat?: { instituteField: string; byInstitute: Readonly<Record<string, string>> } | undefined;
}

const matches = (condition: FieldCondition, values: FormValues) => {
  const other = values[condition.fieldName];
  return typeof other === 'string' && condition.values.includes(other);
};

export function isFieldShown(field: FieldRule, values: FormValues): boolean {
  if (field.hidden || field.visibility?.web === false) return false;
  if (field.hideWhen && matches(field.hideWhen, values)) return false;
  return !field.showWhen || matches(field.showWhen, values);
}

/** Whether a field is required for these values: `required`, or its requiredFn (unknown fn: not required). */
export function isFieldRequired(field: FieldRule, values: FormValues): boolean {
  if (!isFieldShown(field, values)) return false;
  if (field.requiredFn) {
    const fn = (REQUIRED_FNS as Record<string, (v: FormValues) => boolean>)[field.requiredFn];
    return fn ? fn(values) : false;
  }
  return field.required === true;
}

// ---------------------------------------------------------------- dates (spec §5 "Dates")

/** Dates are stored as 'yyyy-MM-dd' and compared as strings, that is by day, within this range. */
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
 * A day as people type it (spec §5 "Dates") → 'yyyy-MM-dd' when it is a complete real day, '' when
 * blank, otherwise the text itself (kept, so nothing typed is lost; a check reports it). A leading
 * segment of four digits means yyyy-MM-dd, otherwise dd-MM-yyyy; '-', '/', '.' and spaces separate.
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
  /** A date of birth: the person is at least this old today (spec §5, minimum age 18). */
  minAgeYears?: number | undefined;
}

/** The latest birthday ('yyyy-MM-dd') of someone `years` old on `today`; 29 February falls to the 28th. */
export function latestBirthDay(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
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
  if (limits.minAgeYears) {
    const latest = latestBirthDay(today, limits.minAgeYears);
    if (latest < max) max = latest;
  }
  return { min, max };
}

/** The message for a non-empty date value, or null when it is acceptable (`today` as 'yyyy-MM-dd'). */
export function dateError(value: unknown, limits: DateLimits, today: string): string | null {
  if (fromIsoDay(value) === null) return 'Enter a valid date as DD-MM-YYYY';
  const day = value as string;
  if (day < MIN_DATE || day > MAX_DATE) return 'Enter a date between 01-01-1900 and 31-12-2099';
  if (refusesFuture(limits) && day > today) return 'Date cannot be in the future';
  if (limits.disablePast && day < today) return 'Date cannot be in the past';
  if (limits.minAgeYears && day > latestBirthDay(today, limits.minAgeYears))
    return `You must be at least ${limits.minAgeYears} years old`;
  const { min, max } = dateBounds(limits, today);
  if (day < min) return `Date must be on or after ${isoToDisplay(min)}`;
  if (day > max) return `Date must be on or before ${isoToDisplay(max)}`;
  return null;
}

// ---------------------------------------------------------------- values by input type

/** The longest text a field without maxLength takes (a manual entry in a searchable list too: 200). */
export const TEXT_MAX_LENGTH = 500;
export const MANUAL_MAX_LENGTH = 200;

/** A searchable list's fallback when its source fails (spec §8): a valid choice of every list. */
export const OTHER_OPTION = { name: 'Other', value: 'Other' } as const;

/** A searchable list's stored value: an id of its reference list (name filled by the server), or typed text. */
export type ReferenceChoice = { value: string; name: string } | { manual: true; name: string };

/**
 * What a file field's item may carry besides `fileId`: the description the server answered (uploads,
 * GET info). A client echoing it back is not an error; the server drops it and reads its own files table.
 */
export const FILE_ECHO_KEYS: readonly string[] = Object.keys(fileUploadResponseSchema.shape).filter(
  (k) => k !== 'fileId',
);

const DIGITS = /^\d+$/;
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_A_FILE = 'Upload the file first; a file field holds uploaded files only';
const NOT_AN_OPTION = 'Choose one of the options';
/** A disabled option (spec §3 "Dropdown option": disabled, disabledPostfix) is shown, never accepted. */
export const OPTION_NOT_AVAILABLE = 'This option cannot be chosen yet';

/** A field's choices: its own options, else the shared option set its optionsKey names. */
export function fieldOptions(
  field: Pick<FieldRule, 'options' | 'optionsKey'>,
  now: Date = new Date(),
): readonly FieldOption[] {
  if (field.options && field.options.length > 0) return field.options;
  const key = field.optionsKey;
  if (key !== undefined && Object.prototype.hasOwnProperty.call(OPTION_SETS, key)) {
    return OPTION_SETS[key as OptionsKey](now);
  }
  return [];
}

/**
 * A stored value as words a reader understands, never an id: a list choice (`{ value, name }`, or typed
 * `{ manual, name }`) by its name, a select's code ("FULL_TIME") by its option's name ("Full-time"),
 * text and numbers as they are. Null for what has no such words (files, photos, empty values).
 */
export function storedValueText(
  field: Pick<FieldRule, 'options' | 'optionsKey'> | undefined,
  value: unknown,
): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return null;
    const option = field ? fieldOptions(field).find((o) => o.value === text) : undefined;
    return option?.name ?? text;
  }
  if (isObject(value)) {
    // A reference choice: its name (the list's, filled by the server, or the typed one).
    const named = storedValueText(undefined, value.name);
    if (named) return named;
    // A choice some older client stored as { label, value }: its label, else its value's option name.
    return (
      storedValueText(undefined, value.label) ??
      (typeof value.value === 'string' ? storedValueText(field, value.value) : null)
    );
  }
  return null;
}

/** A non-empty value, judged: refused with a message, or accepted as what is stored (ids kept aside). */
export type ValueCheck =
  { ok: false; message: string } | { ok: true; value: unknown; fileIds: string[]; reference: string | null };

const refuse = (message: string): ValueCheck => ({ ok: false, message });
const accept = (value: unknown, fileIds: string[] = [], reference: string | null = null): ValueCheck => ({
  ok: true,
  value,
  fileIds,
  reference,
});
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const labelOfRule = (field: FieldRule) => field.label ?? fieldLabel(field.fieldName);

/** Text-like values: a string within the length, passing validation.fn; digits for number inputs. */
function textValue(field: FieldRule, value: unknown, max: number): ValueCheck {
  if (typeof value !== 'string') return refuse('Enter text');
  if (value.length > max) return refuse(`${labelOfRule(field)} must be at most ${max} characters`);
  if (field.validation) {
    const fn = (VALIDATION_FNS as Record<string, (v: unknown) => boolean>)[field.validation.fn];
    if (fn && !fn(value)) return refuse(field.validation.message);
  }
  return accept(value.trim());
}

function choiceValue(field: FieldRule, value: unknown, now: Date): ValueCheck {
  const option =
    typeof value === 'string' ? fieldOptions(field, now).find((o) => o.value === value) : undefined;
  if (!option) return refuse(NOT_AN_OPTION);
  if (option.disabled) return refuse(OPTION_NOT_AVAILABLE);
  return accept(option.value);
}

/** `{ value: id }` (or the id alone) from the field's reference list, or `{ manual: true, name }` when allowed. */
function referenceValue(field: FieldRule, value: unknown): ValueCheck {
  const choice = typeof value === 'string' ? { value } : value;
  if (!isObject(choice)) return refuse(NOT_AN_OPTION);
  const keys = Object.keys(choice);
  if (choice.manual === true && keys.every((k) => k === 'manual' || k === 'name')) {
    if (!field.allowManual) return refuse(NOT_AN_OPTION);
    const typed = textValue(field, choice.name, field.maxLength ?? MANUAL_MAX_LENGTH);
    if (!typed.ok) return typed;
    return typed.value === '' ? refuse(MESSAGES.required) : accept({ manual: true, name: typed.value });
  }
  const id = choice.value;
  if (
    !keys.every((k) => k === 'value' || k === 'name') ||
    typeof id !== 'string' ||
    id.trim() === '' ||
    id.length > 200
  )
    return refuse(NOT_AN_OPTION);
  // The name is the reference list's (the server fills it); "Other" is the fallback every list offers.
  if (id === OTHER_OPTION.value) return accept({ ...OTHER_OPTION });
  return accept({ value: id, name: '' }, [], id);
}

/** The longest text a stored photo place takes per part (the reverse-geocoding answer's own are far shorter). */
export const GEOLOCATION_TEXT_MAX = 200;
const placeText = z.string().max(GEOLOCATION_TEXT_MAX);

/**
 * A photo's place as stored with its file (the shape of the reverse-geocoding answer, as the client
 * sends it back): coordinates within their ranges, every text bounded, nothing else kept.
 */
export const storedGeolocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(1e7).nullable(),
  timestamp: z.number().min(0).max(8.64e15).nullable(),
  address: z.object({
    address: z.string().max(500),
    locality: placeText,
    district: placeText,
    state: placeText,
    country: placeText,
    pincode: z.string().max(12),
  }),
  mapImage: placeText,
  /** IPv6 text is at most 45 characters. */
  ipAddress: z.string().max(45).nullable(),
  error: placeText.nullable(),
});

/** The photo's place: bounded as above, its map image one of the server's own paths. */
function geolocationOf(value: unknown) {
  const parsed = storedGeolocationSchema.safeParse(value);
  if (!parsed.success) return null;
  const map = parsed.data.mapImage;
  return map === '' || map.startsWith(`${API_PATHS.files.mapImage}?`) ? parsed.data : null;
}

/** One file (or up to maxFiles): `{ fileId }` items, stored without the description a client may echo. */
function fileValue(field: FieldRule, value: unknown, withPlace: boolean): ValueCheck {
  const items = Array.isArray(value) ? value : [value];
  const max = field.maxFiles ?? 1;
  if (items.length > max) return refuse(FILE_TEXT.tooMany(max));
  const stored: Record<string, unknown>[] = [];
  const ids: string[] = [];
  for (const item of items) {
    if (!isObject(item) || typeof item.fileId !== 'string' || !FILE_ID.test(item.fileId))
      return refuse(NOT_A_FILE);
    const extra = Object.keys(item).find(
      (k) => k !== 'fileId' && !FILE_ECHO_KEYS.includes(k) && !(withPlace && k === 'geolocation'),
    );
    if (extra !== undefined) return refuse(`An uploaded file does not take "${extra.slice(0, 40)}"`);
    const fileId = item.fileId.toLowerCase();
    if (ids.includes(fileId)) return refuse('The same file is attached twice');
    ids.push(fileId);
    if (withPlace) {
      const geolocation = geolocationOf(item.geolocation);
      if (!geolocation) return refuse('The photo needs the place where it was taken');
      stored.push({ fileId, geolocation });
    } else stored.push({ fileId });
  }
  return accept(Array.isArray(value) ? stored : stored[0], ids);
}

/**
 * A present (non-empty) value of a field, judged by its input type: text (length, validation.fn, digits),
 * block (digits, length), date (a real day within the rules), select (one of the enabled options),
 * autocomplete (a reference id or, when allowed, typed text), file and camera (`{ fileId }` items). The
 * web form shows these messages and the server refuses with them; the server also checks the ids.
 */
export function checkValue(field: FieldRule, value: unknown, now: Date = new Date()): ValueCheck {
  switch (field.inputType) {
    case 'file':
      return fileValue(field, value, false);
    case 'live-cam-with-geolocation':
      return fileValue(field, value, true);
    case 'select':
      return choiceValue(field, value, now);
    case 'autocomplete':
      if (field.autocompleteSource) return referenceValue(field, value);
      if (fieldOptions(field, now).length > 0) return choiceValue(field, value, now);
      return textValue(field, value, field.maxLength ?? TEXT_MAX_LENGTH);
    case 'text':
    case 'date':
    case 'block': {
      const text = textValue(field, value, field.maxLength ?? TEXT_MAX_LENGTH);
      if (!text.ok) return text;
      const message = typeError(field, value as string, toIsoDay(now));
      return message ? refuse(message) : text;
    }
    default:
      return refuse('This field cannot be filled in');
  }
}

// ---------------------------------------------------------------- field and form errors

/** What only the input type can get wrong: a date that is not a day or out of range, non-digits, a short block code. */
function typeError(field: FieldRule, value: string, today: string): string | null {
  if (field.inputType === 'date') return dateError(value, field, today);
  if (field.inputType === 'text' && field.textType === 'number' && !DIGITS.test(value.trim()))
    return 'Enter digits only';
  if (field.inputType === 'block') {
    if (!DIGITS.test(value)) return 'Enter digits only';
    if (field.blockLength && value.length !== field.blockLength)
      return `Enter all ${field.blockLength} digits`;
  }
  return null;
}

/** Empty: nothing, blank text or an empty list (the required rule's business, never a type error). */
export const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * The message for one field's value, or null when it is fine. Used by the form engine and by the server:
 * required (the field's requiredMessage, else "Required"), then checkValue (max length, validation.fn,
 * the input type's rules, dates judged against `now`'s day).
 */
export function fieldError(field: FieldRule, values: FormValues, now: Date = new Date()): string | null {
  const value = values[field.fieldName];
  if (!isFieldShown(field, values)) return null;
  if (isEmptyValue(value))
    return isFieldRequired(field, values) ? (field.requiredMessage ?? MESSAGES.required) : null;
  const checked = checkValue(field, value, now);
  if (!checked.ok) return checked.message;
  return idFormatError(field, value, values);
}

/** Every error of a set of fields: `{ fieldName: message }`, empty when the values are complete and valid. */
export function formErrors(
  fields: readonly FieldRule[],
  values: FormValues,
  now: Date = new Date(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = fieldError(field, values, now);
    if (message) errors[field.fieldName] = message;
  }
  return errors;
}

/** Text rule (spec §5): leading whitespace trimmed, a lone space ignored. */
export function trimInput(value: string): string {
  return value.replace(/^\s+/, '');
}

/** Drops empty or falsy values from an object before it is sent (spec §5 trimming rule). */
export function dropEmpty(values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === false || value === '') continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}
