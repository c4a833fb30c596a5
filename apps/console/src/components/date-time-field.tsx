import { useState } from 'react';
import { FormControl, FormHelperText, FormLabel, Stack, TextField } from '@mui/material';
import { m } from '../messages';
import { DayField } from './day-field';

/** A local date and time as the form holds it: 'yyyy-MM-ddTHH:mm' (the browser's time zone). */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** Whether a DateTimeField's value is a whole date and time (not '' and not half typed). */
export const isLocalDateTime = (value: string): boolean => LOCAL_DATE_TIME.test(value);

/**
 * A time as people type it → 'HH:mm' (24-hour) when it is one, '' when blank, otherwise the text itself.
 * '14:30', '9:05', '14.30' and '1430' are read.
 */
export function parseTimeText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(trimmed);
  if (!match) return trimmed;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return trimmed;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** The form's value from its two parts; anything half given stays visible to the form's check. */
const join = (day: string, time: string): string => (day || time ? `${day}T${time}` : '');

export interface DateTimeFieldProps {
  label: string;
  /** 'yyyy-MM-ddTHH:mm', '' for none, or a half-given value the form reports (isLocalDateTime). */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: boolean;
  helperText?: string | undefined;
}

/**
 * A moment typed as the product writes it: the day as dd-MM-yyyy (DayField, spec §5) and the time as
 * HH:mm, 24-hour. A native datetime-local input shows the browser's locale order instead (mm/dd/yyyy,
 * hh:mm AM/PM in en-US), which the team misreads (issue 24). The two fields are one group, named by
 * the label.
 */
export function DateTimeField({ label, value, onChange, required, error, helperText }: DateTimeFieldProps) {
  const [day, setDay] = useState(() => value.slice(0, 10));
  // The day's text while it is no whole day (half typed, or no such day), else null.
  const [unfinishedDay, setUnfinishedDay] = useState<string | null>(null);
  const [timeText, setTimeText] = useState(() => value.slice(11, 16));
  const [left, setLeft] = useState(false);
  const [seen, setSeen] = useState(value);
  const time = parseTimeText(timeText);
  // What the form holds: an unfinished day is passed on as its text, which is no whole date, so a
  // save is refused instead of keeping the day it replaced.
  const joined = (dayPart: string, unfinished: string | null, timePart: string) =>
    unfinished === null ? join(dayPart, timePart) : `${unfinished}T${timePart}`;
  // A value changed from outside replaces what is shown.
  if (value !== seen) {
    setSeen(value);
    if (value !== joined(day, unfinishedDay, time)) {
      setDay(value.slice(0, 10));
      setUnfinishedDay(null);
      setTimeText(value.slice(11, 16));
    }
  }
  const timeInvalid = left && time !== '' && !TIME.test(time);
  return (
    <FormControl component="fieldset" required={required} error={error} fullWidth>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={1.5}>
        <DayField
          label={m.app.dateLabel}
          value={day}
          required={required}
          onChange={(next) => {
            setDay(next);
            setUnfinishedDay(null);
            const now = joined(next, null, time);
            setSeen(now);
            onChange(now);
          }}
          onUnfinished={(text) => {
            setUnfinishedDay(text);
            const now = joined(day, text, time);
            setSeen(now);
            onChange(now);
          }}
          sx={{ flex: 3 }}
        />
        <TextField
          label={m.app.timeLabel}
          value={timeText}
          required={required}
          placeholder={m.app.timePlaceholder}
          error={timeInvalid}
          helperText={timeInvalid ? m.app.timeInvalid : undefined}
          onChange={(event) => {
            setTimeText(event.target.value);
            setLeft(false);
            const now = joined(day, unfinishedDay, parseTimeText(event.target.value));
            setSeen(now);
            onChange(now);
          }}
          onBlur={() => {
            setLeft(true);
            if (TIME.test(time)) setTimeText(time);
          }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 5 },
          }}
          sx={{ flex: 2 }}
        />
      </Stack>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
