import {
  createElement,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  isFieldRequired,
  isFieldShown,
  isLookupKey,
  lookupFills,
  type DynamicInputField,
  type FormValues,
  type LookupAnswers,
  type LookupKey,
} from '@veridocs/shared';
import { BlockInput } from './fields/block-input';
import { DateInput } from './fields/date-input';
import { SearchableDropdown } from './fields/searchable-dropdown';
import { SelectInput } from './fields/select-input';
import { TextInput } from './fields/text-input';
import { commonCatalog, useT } from '../../i18n';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { dynamicFormCatalog } from './dynamic-form-catalog';
import { useFieldLookup, type LookupStatus } from './field-lookup';
import { usePickerLocale } from './picker-locale';
import { DEFAULT_FIELD_RENDERERS, alertFor, helperTextFor } from './registries';
import { buildFormSchema, labelOf } from './schema';
import type { DynamicFormContextValue, FieldRendererProps, FieldRenderers, FormSection } from './types';

export type FormData = Record<string, unknown>;
/** Field errors by field name (for example the server's VALIDATION_FAILED list turned into a record). */
export type FieldErrors = Record<string, string>;

function builtInRenderer(field: DynamicInputField) {
  switch (field.inputType) {
    case 'date':
      return DateInput;
    case 'select':
      return SelectInput;
    case 'autocomplete':
      // Without a source there is nothing to search: a select of its options, or a text input.
      if (field.autocompleteSource) return SearchableDropdown;
      return field.options || field.optionsKey ? SelectInput : TextInput;
    case 'block':
      return BlockInput;
    case 'text':
      return TextInput;
    // The upload components come from the feature's `renderers`; without them, plain text.
    case 'file':
    case 'live-cam-with-geolocation':
      return TextInput;
  }
}

interface FieldRowProps {
  field: DynamicInputField;
  control: Control<FormData>;
  values: FormValues;
  disabled: boolean;
  context: DynamicFormContextValue;
  renderers: FieldRenderers;
  idPrefix: string;
  /** A look-up of this field answered (config `lookup`): the form fills the fields it names. */
  onLookup: (key: LookupKey, answer: LookupAnswers[LookupKey]) => void;
  onPending: (fieldName: string, message: string | null) => void;
}

export const fieldInputId = (prefix: string, fieldName: string) =>
  `${prefix}-${fieldName.replace(/[^\w-]/g, '_')}`;

/** The status line texts of each look-up (shared FIELD_LOOKUPS), in this form's catalog. */
const LOOKUP_TEXT = {
  PINCODE: { looking: 'pincodeLooking', found: 'pincodeFound' },
} as const satisfies Record<LookupKey, { looking: string; found: string }>;

/** A look-up's status line: looking, filled, or the source's "unknown" message. */
function LookupNote({ lookupKey, status }: { lookupKey: string; status: LookupStatus }) {
  const t = useT(dynamicFormCatalog);
  const ruleText = useRuleText();
  if (!isLookupKey(lookupKey)) return null;
  const texts = LOOKUP_TEXT[lookupKey];
  const text =
    status.kind === 'looking'
      ? t(texts.looking)
      : status.kind === 'found'
        ? t(texts.found, { pincode: status.value })
        : status.kind === 'unknown'
          ? ruleText(status.message)
          : '';
  // Always in the page (empty when idle), so a screen reader hears each new status.
  return (
    <Typography
      role="status"
      variant="body2"
      color={status.kind === 'unknown' ? 'warning.dark' : 'text.secondary'}
      sx={{ mt: text ? -0.5 : -1 }}
    >
      {text}
    </Typography>
  );
}

function FieldRow({
  field,
  control,
  values,
  disabled,
  context,
  renderers,
  idPrefix,
  onLookup,
  onPending,
}: FieldRowProps) {
  const { field: rhf, fieldState } = useController({ name: field.fieldName, control });
  const lookup = useFieldLookup(field.lookup, rhf.value, !disabled, onLookup);
  const tc = useT(commonCatalog);
  const ruleText = useRuleText();
  const required = isFieldRequired(field, values);
  const base = labelOf(field);
  const accessibleLabel = required ? base : `${base} ${tc('optional')}`;
  const id = fieldInputId(idPrefix, field.fieldName);
  // Components picked from the registries by the config's keys (unknown keys: nothing).
  const helperText = helperTextFor(field.helperTextJSXKey);
  const fieldAlert = alertFor(field.alert?.componentKey);
  const renderer = renderers[field.inputType] ?? builtInRenderer(field);
  const props: FieldRendererProps = {
    field,
    id,
    label: field.hideLabel ? '' : accessibleLabel,
    accessibleLabel,
    value: rhf.value,
    onChange: rhf.onChange,
    onBlur: rhf.onBlur,
    required,
    disabled,
    // The rules' messages are shared English constants (the server's too): shown in the reader's language.
    error: fieldState.error?.message === undefined ? undefined : ruleText(fieldState.error.message),
    helperText: helperText ? createElement(helperText, { context, field, values }) : field.helperText,
    helperId: `${id}-helper-text`,
    values,
    context,
    onPendingChange: (message) => onPending(field.fieldName, message),
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-field={field.fieldName}>
      {fieldAlert && createElement(fieldAlert)}
      {createElement(renderer, props)}
      {field.lookup && <LookupNote lookupKey={field.lookup} status={lookup} />}
    </Box>
  );
}

export interface DynamicFormProps {
  /** The config's groups of inputs (authOptions[i].page.config); titles become headings. */
  sections: readonly FormSection[];
  /** Saved input to resume from. */
  defaultValues?: FormData;
  /** Fields filled from the profile (config.readOnly.profile): shown, not editable. */
  readOnlyFields?: readonly string[];
  /** The whole form is read-only (expired form, already submitted). */
  readOnly?: boolean;
  context?: DynamicFormContextValue;
  /** Renderers by inputType, over the defaults (file and camera placeholders until the documents feature). */
  fieldRenderers?: FieldRenderers;
  /** Called after every change the candidate makes (not for loaded values): autosave hooks in here. */
  onValuesChange?: (values: FormData) => void;
  /** Called with valid values; resolves to field errors to show (the server's), or nothing. */
  onSubmit?: (values: FormData) => Promise<FieldErrors | void> | FieldErrors | void;
  submitLabel?: string;
  /** Extra content beside the submit button (a cancel link, a save status). */
  actions?: ReactNode;
  /** A short line above the submit button that pressing it agrees to (the contact consent); it describes the button. */
  submitNote?: ReactNode;
  /** Today, for date rules (tests). */
  now?: () => Date;
}

function focusField(idPrefix: string, fieldName: string) {
  const element = document.getElementById(fieldInputId(idPrefix, fieldName));
  if (!element) return;
  const target = element.matches('input, textarea, [tabindex]')
    ? element
    : element.querySelector<HTMLElement>(
        'input:not([type="hidden"]), textarea, [role="combobox"], [tabindex="0"], button',
      );
  target?.focus();
}

/**
 * Renders a verification config's inputs (spec §3 "Dynamic input field") with react-hook-form and a
 * zod schema built from the fields (shared fieldError: the server's submit check agrees). Callers
 * need no providers: the date pickers' LocalizationProvider is inside.
 */
export function DynamicForm({
  sections,
  defaultValues,
  readOnlyFields = [],
  readOnly = false,
  context = {},
  fieldRenderers,
  onValuesChange,
  onSubmit,
  submitLabel,
  actions,
  submitNote,
  now,
}: DynamicFormProps) {
  const t = useT(dynamicFormCatalog);
  const { adapterLocale, localeText } = usePickerLocale();
  const idPrefix = `df${useId().replace(/:/g, '')}`;
  const fields = useMemo(() => sections.flatMap((section) => section.inputs), [sections]);
  // Read-only fields (the profile name) are not the candidate's to fix: the server skips them too.
  const schema = useMemo(
    () =>
      buildFormSchema(
        fields.filter((f) => !f.readOnly),
        now,
      ),
    [fields, now],
  );
  const form = useForm<FormData>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues ?? {},
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const {
    control,
    handleSubmit,
    setError,
    clearErrors,
    getFieldState,
    subscribe,
    formState,
    getValues,
    setValue,
  } = form;
  const values = useWatch({ control }) as FormValues;
  const renderers = useMemo<FieldRenderers>(
    () => ({ ...DEFAULT_FIELD_RENDERERS, ...fieldRenderers }),
    [fieldRenderers],
  );
  // After a submit attempt: the shown fields still in error (it follows the candidate's fixes).
  const { errors, submitCount } = formState;
  const invalidCount =
    submitCount > 0 ? fields.filter((f) => errors[f.fieldName] && isFieldShown(f, values)).length : 0;

  const changeRef = useRef(onValuesChange);
  useEffect(() => {
    changeRef.current = onValuesChange;
  }, [onValuesChange]);
  useEffect(() => {
    return subscribe({
      formState: { values: true },
      callback: ({ values: all, type }) => {
        if (type === 'change') changeRef.current?.({ ...all });
      },
    });
  }, [subscribe]);

  // A look-up's answer fills the fields it names, as if typed: checked, and saved with the rest.
  const onLookup = useCallback(
    (key: LookupKey, answer: LookupAnswers[LookupKey]) => {
      const fills = lookupFills(key, answer, fields, getValues(), now?.());
      const names = Object.keys(fills);
      if (names.length === 0) return;
      for (const name of names)
        setValue(name, fills[name], { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      changeRef.current?.({ ...getValues() });
    },
    [fields, getValues, setValue, now],
  );

  /** The fields of a set of errors, in form order; focusFirst focuses the first once they are shown. */
  const erroneous = (found: Partial<Record<string, unknown>>) =>
    fields.map((f) => f.fieldName).filter((name) => found[name]);
  const focusFirst = (names: string[]) => {
    if (names[0]) focusField(idPrefix, names[0]);
  };

  // Fields whose renderer holds input not yet in the value (picked files not uploaded): what to do.
  const pending = useRef(new Map<string, string>());
  const onPending = useCallback(
    (name: string, message: string | null) => {
      if (message !== null) {
        pending.current.set(name, message);
        return;
      }
      pending.current.delete(name);
      // Uploaded (or dropped): the refusal no longer applies.
      if (getFieldState(name).error?.type === 'pending') clearErrors(name);
    },
    [getFieldState, clearErrors],
  );

  const validSubmit = handleSubmit(
    async (valid) => {
      const serverErrors = await onSubmit?.(valid);
      if (!serverErrors) return;
      const names = erroneous(serverErrors);
      for (const name of names) setError(name, { type: 'server', message: serverErrors[name] });
      focusFirst(names);
    },
    (invalid) => focusFirst(erroneous(invalid)),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Submitting now would drop what the field holds aside (issue 24): the field says what to press.
    const held = fields.map((f) => f.fieldName).filter((name) => pending.current.has(name));
    if (held.length > 0) {
      for (const name of held) setError(name, { type: 'pending', message: pending.current.get(name) });
      focusFirst(held);
      return;
    }
    await validSubmit(event);
  };

  const readOnlySet = new Set(readOnlyFields);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={adapterLocale} localeText={localeText}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 3 }}
      >
        {sections.map((section, sectionIndex) => {
          const shown = section.inputs.filter((field) => isFieldShown(field, values));
          if (shown.length === 0) return null;
          return (
            <Box key={sectionIndex} component="section" sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
              {section.title && (
                <Typography variant="h3" component="h3" sx={{ fontSize: '1.125rem' }}>
                  {section.title}
                </Typography>
              )}
              {shown.map((field) => (
                <Box key={field.fieldName} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
                  {field.sectionTitle && (
                    <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mt: 1 }}>
                      {field.sectionTitle}
                    </Typography>
                  )}
                  <FieldRow
                    field={field}
                    control={control}
                    values={values}
                    disabled={readOnly || field.readOnly === true || readOnlySet.has(field.fieldName)}
                    context={context}
                    renderers={renderers}
                    idPrefix={idPrefix}
                    onLookup={onLookup}
                    onPending={onPending}
                  />
                </Box>
              ))}
            </Box>
          );
        })}
        {!readOnly && onSubmit && submitNote && (
          <Typography id={`${idPrefix}-submit-note`} variant="body2" color="text.secondary">
            {submitNote}
          </Typography>
        )}
        {!readOnly && onSubmit && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <Button
              type="submit"
              variant="contained"
              loading={formState.isSubmitting}
              sx={{ minWidth: 140 }}
              aria-describedby={submitNote ? `${idPrefix}-submit-note` : undefined}
            >
              {submitLabel ?? t('submit')}
            </Button>
            {actions}
            {invalidCount > 0 && (
              <Typography role="alert" variant="body2" color="error" sx={{ width: '100%' }}>
                {t('correctFields', { count: invalidCount })}
              </Typography>
            )}
          </Box>
        )}
      </Box>
    </LocalizationProvider>
  );
}
