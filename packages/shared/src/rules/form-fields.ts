import { COMING_SOON_POSTFIX, EWS_ENABLED_STATE_CODES, INDIAN_STATES } from '../constants/indian-states.js';
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
} as const;

/** The fields a config's inputs name, with what the engine and the server need to judge a value. */
export interface FieldRule {
  fieldName: string;
  label?: string | undefined;
  inputType: string;
  required?: boolean | undefined;
  requiredFn?: string | undefined;
  maxLength?: number | undefined;
  validation?: { fn: string; message: string } | undefined;
  showWhen?: { fieldName: string; values: string[] } | undefined;
  hidden?: boolean | undefined;
  visibility?: { web: boolean } | undefined;
}

export function isFieldShown(field: FieldRule, values: FormValues): boolean {
  if (field.hidden || field.visibility?.web === false) return false;
  if (!field.showWhen) return true;
  const other = values[field.showWhen.fieldName];
  return typeof other === 'string' && field.showWhen.values.includes(other);
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

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The message for one field's value, or null when it is fine. Used by the form engine and by the server on submit. */
export function fieldError(field: FieldRule, values: FormValues): string | null {
  const value = values[field.fieldName];
  if (!isFieldShown(field, values)) return null;
  if (isEmpty(value))
    return isFieldRequired(field, values)
      ? `${field.label ?? fieldLabel(field.fieldName)} must not be empty`
      : null;
  if (field.maxLength && typeof value === 'string' && value.length > field.maxLength) {
    return `${field.label ?? fieldLabel(field.fieldName)} must be at most ${field.maxLength} characters`;
  }
  if (field.validation) {
    const fn = (VALIDATION_FNS as Record<string, (v: unknown) => boolean>)[field.validation.fn];
    if (fn && !fn(value)) return field.validation.message;
  }
  return null;
}

/** Every error of a set of fields: `{ fieldName: message }`, empty when the values are complete and valid. */
export function formErrors(fields: readonly FieldRule[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = fieldError(field, values);
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
