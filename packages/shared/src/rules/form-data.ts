import { MESSAGES } from '../constants/messages.js';
import { fieldLabel } from './verification.js';
import {
  checkValue,
  idFormatError,
  isEmptyValue,
  isFieldRequired,
  isFieldShown,
  type FieldRule,
  type FormValues,
} from './form-fields.js';

/**
 * The saved input of one verification judged against its config's fields (ADR 0006 "Saved data"):
 * the server runs this on every save and submit, the web form uses it to send only what would be
 * accepted. Pure: ids (files, reference list entries) are returned for the server to look up.
 */
export interface FormDataIssue {
  field: string;
  message: string;
}

export interface FormDataCheck {
  /** What is stored: known fields only, trimmed, read-only fields from `fixed`, files as `{ fileId }`. */
  data: Record<string, unknown>;
  /** In form order, then unknown keys; empty when the data may be stored. */
  issues: FormDataIssue[];
  /** Every file id the data holds, with its field (the server checks owner, transaction and type). */
  files: { field: string; fileId: string }[];
  /** Every reference list id the data holds (the server checks it is in the field's list). */
  references: { field: string; source: string; value: string }[];
}

export interface FormDataOptions {
  /** Today for the date rules (the server passes the candidate's latest possible calendar). */
  now: Date;
  /** Submit: every required field must be there too; a save takes partial data. */
  complete: boolean;
  /**
   * Values the server fills, by field name (the profile name). A read-only field takes its value from
   * here; a different value in the data is refused, and without one here the field takes none.
   */
  fixed?: Readonly<Record<string, string>>;
  /** Field names filled from the profile besides those marked readOnly (config.readOnly.profile). */
  readOnlyFields?: readonly string[];
}

/** Read-only fields the server fills with the candidate's profile name. */
export const PROFILE_NAME_FIELDS: readonly string[] = ['candidateName', 'fullName', 'name'];

const labelOf = (field: FieldRule) => field.label ?? fieldLabel(field.fieldName);

export function isReadOnlyField(field: FieldRule, readOnlyFields: readonly string[] = []): boolean {
  return field.readOnly === true || readOnlyFields.includes(field.fieldName);
}

/**
 * Judges `data` against `fields`: unknown keys refused; each present value by checkValue (also when
 * the field is hidden, so nothing unchecked is stored); read-only fields from `fixed`; on a complete
 * check, the required rules on the stored values. Empty values are dropped (partial data is fine).
 */
export function checkFormData(
  fields: readonly FieldRule[],
  data: FormValues,
  options: FormDataOptions,
): FormDataCheck {
  const known = new Set(fields.map((f) => f.fieldName));
  const stored: Record<string, unknown> = {};
  const byField = new Map<string, string>();
  const files: FormDataCheck['files'] = [];
  const references: FormDataCheck['references'] = [];

  for (const field of fields) {
    const name = field.fieldName;
    const sent = data[name];
    if (isReadOnlyField(field, options.readOnlyFields)) {
      const fixed = options.fixed?.[name]?.trim() ?? '';
      if (!isEmptyValue(sent) && (typeof sent !== 'string' || sent.trim() !== fixed)) {
        byField.set(
          name,
          fixed
            ? `${labelOf(field)} is filled from your profile and cannot be changed`
            : `${labelOf(field)} cannot be changed`,
        );
      }
      if (fixed) stored[name] = fixed;
      continue;
    }
    if (isEmptyValue(sent)) continue;
    const checked = checkValue(field, sent, options.now);
    if (!checked.ok) {
      byField.set(name, checked.message);
      continue;
    }
    // A candidate ID in the chosen institute's format (candidateIdSchemaByInstitute).
    const formatError = idFormatError(field, sent, data);
    if (formatError) {
      byField.set(name, formatError);
      continue;
    }
    stored[name] = checked.value;
    for (const fileId of checked.fileIds) files.push({ field: name, fileId });
    if (checked.reference !== null && field.autocompleteSource) {
      references.push({ field: name, source: field.autocompleteSource, value: checked.reference });
    }
  }

  const issues: FormDataIssue[] = [];
  for (const field of fields) {
    const name = field.fieldName;
    let message = byField.get(name);
    if (
      !message &&
      options.complete &&
      isFieldShown(field, stored) &&
      isEmptyValue(stored[name]) &&
      isFieldRequired(field, stored)
    ) {
      message = field.requiredMessage ?? MESSAGES.required;
    }
    if (message) issues.push({ field: name, message });
  }
  for (const key of Object.keys(data)) {
    if (!known.has(key)) issues.push({ field: key, message: 'This form has no such field' });
  }
  return { data: stored, issues, files, references };
}

/**
 * What the web form sends: the fields of the chosen option whose values would be accepted (read-only
 * ones are the server's to fill; a half-typed date or e-mail waits until it is complete), as stored.
 */
export function savableData(
  fields: readonly FieldRule[],
  values: FormValues,
  options: { now: Date; readOnlyFields?: readonly string[] },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.fieldName];
    if (isReadOnlyField(field, options.readOnlyFields) || isEmptyValue(value)) continue;
    const checked = checkValue(field, value, options.now);
    // A half-typed candidate ID waits until it has the institute's format.
    if (checked.ok && idFormatError(field, value, values)) continue;
    // A reference choice keeps the name the list showed (the server replaces it with its own).
    if (checked.ok) out[field.fieldName] = checked.reference !== null ? value : checked.value;
  }
  return out;
}
