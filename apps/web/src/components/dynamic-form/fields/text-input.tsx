import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { trimInput } from '@veridocs/shared';
import { commonCatalog, useT } from '../../../i18n';
import type { FieldRendererProps } from '../types';
import { dynamicFormCatalog } from '../dynamic-form-catalog';
import { inputAria, textFieldProps } from './field-props';

/** Text rule (spec §5): leading whitespace trimmed, a lone space ignored; number type keeps digits only. */
export function cleanText(raw: string, textType: string | undefined, maxLength: number | undefined): string {
  let next = trimInput(raw);
  if (textType === 'number') next = next.replace(/\D/g, '');
  if (maxLength) next = next.slice(0, maxLength);
  return next;
}

export function TextInput(props: FieldRendererProps) {
  const { field, id, label, value, onChange, onBlur, disabled } = props;
  const t = useT(dynamicFormCatalog);
  const tc = useT(commonCatalog);
  const [shown, setShown] = useState(false);
  const password = field.textType === 'password';
  const type = password
    ? shown
      ? 'text'
      : 'password'
    : field.textType === 'email'
      ? 'email'
      : field.textType === 'url'
        ? 'url'
        : 'text';
  const inputMode =
    field.textType === 'number'
      ? 'numeric'
      : field.textType === 'email'
        ? 'email'
        : field.textType === 'url'
          ? 'url'
          : undefined;
  return (
    <TextField
      id={id}
      name={field.fieldName}
      fullWidth
      {...textFieldProps(props)}
      type={type}
      value={typeof value === 'string' ? value : value == null ? '' : String(value)}
      onChange={(event) => {
        const cleaned = cleanText(event.target.value, field.textType, field.maxLength);
        onChange(cleaned);
      }}
      onBlur={onBlur}
      required={false}
      disabled={disabled}
      placeholder={field.placeholder ?? (label ? undefined : tc('enterValue'))}
      slotProps={{
        htmlInput: {
          ...inputAria(props),
          maxLength: field.maxLength,
          inputMode,
          pattern: field.textType === 'number' ? '[0-9]*' : undefined,
          autoComplete: password ? 'current-password' : undefined,
        },
        formHelperText: { component: 'div' } as object,
        input: password
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={shown ? t('hidePassword') : t('showPassword')}
                    onClick={() => setShown((s) => !s)}
                    edge="end"
                    disabled={disabled}
                  >
                    {shown ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
