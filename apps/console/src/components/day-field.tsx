import { useState } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { isoToDisplay, parseDateText } from '@veridocs/shared';
import { m } from '../messages';

/** parseDateText's answer for a complete real day. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export type DayFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** 'yyyy-MM-dd', or '' for none. */
  value: string;
  /** Called with 'yyyy-MM-dd' once a complete real day is typed, '' when cleared. */
  onChange: (iso: string) => void;
  /** Called with the typed text while it is not a complete real day (half typed, or no such day). */
  onUnfinished?: (text: string) => void;
};

/**
 * A day typed as the product writes it, dd-MM-yyyy (spec §5), also yyyy-MM-dd. A native date input
 * would show the browser's locale order instead (mm/dd/yyyy in en-US), which the team misreads.
 * The value stays 'yyyy-MM-dd' (URLs, the API); half-typed text stays in the field, not in the value.
 */
export function DayField({ value, onChange, onUnfinished, helperText, onBlur, ...props }: DayFieldProps) {
  const [text, setText] = useState(() => isoToDisplay(value));
  const [left, setLeft] = useState(false);
  const [seen, setSeen] = useState(value);
  // A value changed from outside (e.g. "Clear filters") replaces what is typed.
  if (value !== seen) {
    setSeen(value);
    if (parseDateText(text) !== value) setText(isoToDisplay(value));
  }
  const parsed = parseDateText(text);
  const invalid = left && parsed !== '' && !ISO_DAY.test(parsed);
  return (
    <TextField
      {...props}
      value={text}
      placeholder={m.app.dayPlaceholder}
      error={invalid || props.error}
      helperText={invalid ? m.app.dayInvalid : helperText}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        setLeft(false);
        const iso = parseDateText(next);
        if (iso === '' || ISO_DAY.test(iso)) onChange(iso);
        else onUnfinished?.(next);
      }}
      onBlur={(event) => {
        setLeft(true);
        if (ISO_DAY.test(parsed)) setText(isoToDisplay(parsed));
        onBlur?.(event);
      }}
      slotProps={{
        ...props.slotProps,
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 },
      }}
    />
  );
}
