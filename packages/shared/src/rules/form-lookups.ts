import type { PincodeResult } from '../schemas/profile.js';
import {
  fieldOptions,
  isEmptyValue,
  VALIDATION_FNS,
  type FieldOption,
  type FieldRule,
  type FormValues,
} from './form-fields.js';

/**
 * Field look-ups (a config field's `lookup` key): when the field's value is complete, the form engine
 * asks a source (the web's registry says which call) and fills other fields of the same form from the
 * answer. The pure part is here, shared: when a value is complete, which fields an answer fills and with
 * what. The fills are suggestions: the candidate may change them, and the server judges them by their
 * own field rules like anything typed (it never trusts them more because a look-up filled them).
 */
export interface LookupFill<R> {
  /** The field it fills (in the same form); a form without it is left alone. */
  fieldName: string;
  /** Its value from the answer; null leaves the field as it is. */
  from: (answer: R) => string | null;
  /** Fill only a field the candidate has left empty (a guess, not a fact of the answer). */
  onlyWhenEmpty?: boolean;
}

export interface FieldLookup<R> {
  /** The value is complete: look it up. */
  accepts: (value: unknown) => boolean;
  fills: readonly LookupFill<R>[];
}

const pincodeLookup: FieldLookup<PincodeResult> = {
  accepts: VALIDATION_FNS.pincode,
  fills: [
    { fieldName: 'district', from: (answer) => answer.district },
    { fieldName: 'state', from: (answer) => answer.state },
    // One post office: that is the village, town or city; several: the candidate picks.
    {
      fieldName: 'vtc',
      from: (answer) => (answer.offices.length === 1 ? (answer.offices[0] ?? null) : null),
      onlyWhenEmpty: true,
    },
  ],
};

/** The look-ups a config may name (spec §7 GET /pincode/{pin}: the district and state of a pincode). */
export const FIELD_LOOKUPS = {
  PINCODE: pincodeLookup,
} as const;
export type LookupKey = keyof typeof FIELD_LOOKUPS;
/** What each look-up's source answers. */
export interface LookupAnswers {
  PINCODE: PincodeResult;
}

export const isLookupKey = (key: string | undefined): key is LookupKey =>
  key !== undefined && Object.prototype.hasOwnProperty.call(FIELD_LOOKUPS, key);

/** "The Dadra And Nagar Haveli…" and "dadra and nagar haveli…" are one name. */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');

/** The enabled option whose name or value is `text` (case, punctuation and a leading "The" aside), or null. */
export function matchOption(options: readonly FieldOption[], text: string): FieldOption | null {
  const wanted = normalise(text);
  if (!wanted) return null;
  return (
    options.find((o) => !o.disabled && (normalise(o.name) === wanted || normalise(o.value) === wanted)) ??
    null
  );
}

/**
 * The values a look-up's answer puts in the form: by field name, only for fields the form has, a select's
 * value one of its enabled options (an answer it cannot match leaves the field alone), text cut to the
 * field's maxLength; `onlyWhenEmpty` fills skip a field that has a value.
 */
export function lookupFills<K extends LookupKey>(
  key: K,
  answer: LookupAnswers[K],
  fields: readonly FieldRule[],
  values: FormValues,
  now: Date = new Date(),
): Record<string, string> {
  const lookup = FIELD_LOOKUPS[key] as FieldLookup<LookupAnswers[K]>;
  const out: Record<string, string> = {};
  for (const fill of lookup.fills) {
    const field = fields.find((f) => f.fieldName === fill.fieldName);
    if (!field || field.readOnly) continue;
    if (fill.onlyWhenEmpty && !isEmptyValue(values[field.fieldName])) continue;
    const raw = fill.from(answer)?.trim();
    if (!raw) continue;
    if (field.inputType === 'select' || (field.inputType === 'autocomplete' && !field.autocompleteSource)) {
      const option = matchOption(fieldOptions(field, now), raw);
      if (option) out[field.fieldName] = option.value;
    } else if (field.inputType === 'text') {
      out[field.fieldName] = field.maxLength ? raw.slice(0, field.maxLength) : raw;
    }
  }
  return out;
}
