import { z } from 'zod';
import {
  fieldError,
  fieldLabel,
  isFieldRequired,
  isFieldShown,
  type DynamicInputField,
  type FormValues,
} from '@veridocs/shared';
import { dateError, toIsoDay } from './date-rules';

/** The label of a field: its own, "Date of Birth" for a date of birth (spec §5), else the title-cased name. */
export function labelOf(field: Pick<DynamicInputField, 'fieldName' | 'label'>): string {
  if (field.label) return field.label;
  if (/^(dob|dateOfBirth)$/i.test(field.fieldName)) return 'Date of Birth';
  return fieldLabel(field.fieldName);
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The message for one field, or null. The shared fieldError first (required, max length, validation.fn:
 * the same check the server runs on submit), then what only a browser input can get wrong (a date that
 * is not a day or out of range, non-digits in a number field, a block code of the wrong length).
 */
export function clientFieldError(field: DynamicInputField, values: FormValues, today: string): string | null {
  const shared = fieldError({ ...field, label: labelOf(field) }, values);
  if (shared) return shared;
  if (!isFieldShown(field, values)) return null;
  const value = values[field.fieldName];
  if (isBlank(value)) return null;
  if (field.inputType === 'date') return dateError(value, field, today);
  if (field.inputType === 'text' && field.textType === 'number' && !/^\d+$/.test(String(value).trim()))
    return 'Enter digits only';
  if (field.inputType === 'block' && field.blockLength && String(value).length !== field.blockLength)
    return `Enter all ${field.blockLength} digits`;
  return null;
}

/** The zod schema of a set of fields: every error lands on its field's path. */
export function buildFormSchema(fields: readonly DynamicInputField[], now: () => Date = () => new Date()) {
  return z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
    const today = toIsoDay(now());
    for (const field of fields) {
      const message = clientFieldError(field, values, today);
      if (message) ctx.addIssue({ code: 'custom', path: [field.fieldName], message });
    }
  });
}

export { isFieldRequired };
