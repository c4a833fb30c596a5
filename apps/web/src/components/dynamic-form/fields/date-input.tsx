import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import { DatePicker, type DatePickerFieldProps } from '@mui/x-date-pickers/DatePicker';
import { usePickerContext } from '@mui/x-date-pickers/hooks';
import { DISPLAY_FORMAT, dateBounds, fromIsoDay, isoToDisplay, parseDateText, toIsoDay } from '../date-rules';
import type { FieldRendererProps } from '../types';
import { useT } from '../../../i18n';
import { dynamicFormCatalog } from '../dynamic-form-catalog';
import { inputAria, textFieldProps } from './field-props';

interface DateTextState {
  id: string;
  fieldName: string;
  label: string;
  accessibleLabel: string;
  text: string;
  setText: (text: string) => void;
  onBlur: () => void;
  required: boolean;
  disabled: boolean;
  error: string | undefined;
  helperText: ReactNode;
  placeholder: string | undefined;
}

const DateTextContext = createContext<DateTextState | null>(null);

/**
 * The picker's field: a plain text input (typing dd-MM-yyyy or pasting yyyy-MM-dd both work) and a
 * button that opens the calendar. The form value stays the source of truth.
 */
// usePickerContext() gives plain values and ref setters; none of them is read during render.
/* eslint-disable react-hooks/refs */
function DateTextField(props: DatePickerFieldProps) {
  const state = useContext(DateTextContext);
  const picker = usePickerContext();
  const t = useT(dynamicFormCatalog);
  if (!state) return null;
  return (
    <TextField
      id={props.id ?? state.id}
      name={state.fieldName}
      fullWidth
      ref={picker.rootRef}
      className={picker.rootClassName}
      {...textFieldProps(state)}
      value={state.text}
      onChange={(event) => state.setText(event.target.value)}
      onBlur={state.onBlur}
      disabled={state.disabled}
      placeholder={state.placeholder ?? t('datePlaceholder')}
      focused={picker.open || undefined}
      slotProps={{
        htmlInput: {
          ...inputAria(state),
          autoComplete: 'off',
          inputMode: 'text',
        },
        formHelperText: { component: 'div' } as object,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                ref={picker.triggerRef}
                edge="end"
                aria-label={t('chooseDate', { label: state.accessibleLabel })}
                onClick={() => picker.setOpen((open) => !open)}
                disabled={state.disabled}
              >
                <CalendarMonthOutlinedIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/* eslint-enable react-hooks/refs */

/**
 * Date field (spec §5): MUI X DatePicker with dd-MM-yyyy display, yyyy-MM-dd also accepted, opens on
 * the year view, 1900..2099, future dates refused unless the field allows them; stores 'yyyy-MM-dd'.
 */
export function DateInput(props: FieldRendererProps) {
  const { field, id, label, accessibleLabel, value, onChange, onBlur } = props;
  const { required, disabled, error, helperText } = props;
  const stored = typeof value === 'string' ? value : '';
  const [text, setLocalText] = useState(() => isoToDisplay(stored));
  const [seen, setSeen] = useState(stored);
  // A value set from outside (the calendar, a reset, loaded data) replaces the text.
  if (stored !== seen) {
    setSeen(stored);
    if (parseDateText(text) !== stored) setLocalText(isoToDisplay(stored));
  }

  const today = toIsoDay(new Date());
  const bounds = dateBounds(field, today);
  const pickerValue = fromIsoDay(stored);

  const state = useMemo<DateTextState>(
    () => ({
      id,
      fieldName: field.fieldName,
      label,
      accessibleLabel,
      text,
      setText: (next) => {
        setLocalText(next);
        const parsed = parseDateText(next);
        setSeen(parsed);
        onChange(parsed);
      },
      onBlur: () => {
        // A complete day typed as yyyy-MM-dd is shown as dd-MM-yyyy once the field is left.
        if (fromIsoDay(parseDateText(text))) setLocalText(isoToDisplay(parseDateText(text)));
        onBlur();
      },
      required,
      disabled,
      error,
      helperText,
      placeholder: field.placeholder,
    }),
    [
      id,
      field.fieldName,
      field.placeholder,
      label,
      accessibleLabel,
      text,
      onChange,
      onBlur,
      required,
      disabled,
      error,
      helperText,
    ],
  );

  return (
    <DateTextContext.Provider value={state}>
      <DatePicker
        value={pickerValue}
        onChange={(date) => {
          if (date instanceof Date && !Number.isNaN(date.getTime())) {
            const iso = toIsoDay(date);
            setLocalText(isoToDisplay(iso));
            setSeen(iso);
            onChange(iso);
          }
        }}
        onClose={onBlur}
        format={DISPLAY_FORMAT}
        views={['year', 'month', 'day']}
        openTo="year"
        minDate={fromIsoDay(bounds.min) ?? undefined}
        maxDate={fromIsoDay(bounds.max) ?? undefined}
        disabled={disabled}
        label={label || accessibleLabel}
        slots={{ field: DateTextField }}
      />
    </DateTextContext.Provider>
  );
}
