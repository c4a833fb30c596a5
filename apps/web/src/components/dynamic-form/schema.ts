import { z } from 'zod';
import { fieldError, fieldLabel, type DynamicInputField } from '@veridocs/shared';
import { translate } from '../../i18n';
import { dynamicFormCatalog } from './dynamic-form-catalog';

/** The label of a field: its own, "Date of Birth" for a date of birth (spec §5), else the title-cased name. */
export function labelOf(field: Pick<DynamicInputField, 'fieldName' | 'label'>): string {
  if (field.label) return field.label;
  if (/^(dob|dateOfBirth)$/i.test(field.fieldName)) return translate(dynamicFormCatalog, 'dateOfBirth');
  return fieldLabel(field.fieldName);
}

/**
 * The zod schema of a set of fields: every error lands on its field's path. The messages are the
 * shared fieldError's (required, max length, validation.fn, dates, digits, block length): the same
 * check the server runs on submit.
 */
export function buildFormSchema(fields: readonly DynamicInputField[], now: () => Date = () => new Date()) {
  return z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
    const today = now();
    for (const field of fields) {
      const message = fieldError({ ...field, label: labelOf(field) }, values, today);
      if (message) ctx.addIssue({ code: 'custom', path: [field.fieldName], message });
    }
  });
}
