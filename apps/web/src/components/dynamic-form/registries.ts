import type { ComponentType } from 'react';
import {
  OPTION_SETS,
  type ALERT_KEYS,
  type HELPER_TEXT_KEYS,
  type DropdownOption,
  type DynamicInputField,
} from '@veridocs/shared';
import { DegreeAlert, LoaAlert } from './field-alerts';
import { DegreeInstructions, InstituteIdHint, type HelperTextProps } from './helper-texts';
import { PendingUploadField } from './fields/pending-upload-field';
import type { FieldRenderers } from './types';

/**
 * The client registries a verification config names by key (spec §3 "Dynamic input field").
 * requiredFn and validation.fn are shared rules (packages/shared rules/form-fields.ts): the engine
 * calls them through isFieldRequired / fieldError so that the server's submit check agrees. Unknown
 * keys are ignored: the field still renders (no console output).
 */
type HelperTextKey = (typeof HELPER_TEXT_KEYS)[number];
type AlertKey = (typeof ALERT_KEYS)[number];

export const HELPER_TEXTS: Record<HelperTextKey, ComponentType<HelperTextProps>> = {
  DEGREE_INSTRUCTIONS: DegreeInstructions,
  INSTITUTE_ID_HINT: InstituteIdHint,
};

export const ALERTS: Record<AlertKey, ComponentType> = {
  DEGREE: DegreeAlert,
  LOA: LoaAlert,
};

const has = (record: object, key: string | undefined): boolean =>
  key !== undefined && Object.prototype.hasOwnProperty.call(record, key);

export function helperTextFor(key: string | undefined): ComponentType<HelperTextProps> | null {
  return has(HELPER_TEXTS, key) ? HELPER_TEXTS[key as HelperTextKey] : null;
}

export function alertFor(key: string | undefined): ComponentType | null {
  return has(ALERTS, key) ? ALERTS[key as AlertKey] : null;
}

/** A select's options: its own, else the shared option set its optionsKey names, else none. */
export function optionsFor(
  field: Pick<DynamicInputField, 'options' | 'optionsKey'>,
  now = new Date(),
): DropdownOption[] {
  if (field.options && field.options.length > 0) return field.options;
  if (has(OPTION_SETS, field.optionsKey)) {
    const set = OPTION_SETS[field.optionsKey as keyof typeof OPTION_SETS];
    return set(now);
  }
  return [];
}

/** The text an option shows: a disabled one carries its postfix, e.g. "Assam (Coming Soon)". */
export function optionText(
  option: DropdownOption,
  translate: (text: string) => string = (text) => text,
): string {
  const name = translate(option.name);
  return option.disabled && option.disabledPostfix ? `${name} ${translate(option.disabledPostfix)}` : name;
}

/** Default renderers of the inputs other issues build (the documents feature replaces these). */
export const DEFAULT_FIELD_RENDERERS: FieldRenderers = {
  file: PendingUploadField,
  'live-cam-with-geolocation': PendingUploadField,
};
