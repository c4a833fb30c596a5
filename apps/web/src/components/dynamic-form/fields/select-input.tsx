import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { optionText, optionsFor } from '../registries';
import type { FieldRendererProps } from '../types';
import { useT } from '../../../i18n';
import { useRuleText } from '../../../lib/content/rules/rule-text';
import { dynamicFormCatalog } from '../dynamic-form-catalog';
import { textFieldProps } from './field-props';

/** A select of the field's options or its shared option set; disabled options show their postfix. */
export function SelectInput(props: FieldRendererProps) {
  const { field, id, label, accessibleLabel, value, onChange, onBlur, required, disabled } = props;
  const t = useT(dynamicFormCatalog);
  // The shared option sets' names (Yes, No, "(Coming Soon)"…) in the reader's language.
  const ruleText = useRuleText();
  const options = optionsFor(field);
  const current = typeof value === 'string' ? value : '';
  // A saved value that is no longer offered still shows (and can be changed).
  const known = current === '' || options.some((o) => o.value === current);
  return (
    <TextField
      id={id}
      name={field.fieldName}
      select
      fullWidth
      {...textFieldProps(props)}
      value={current}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      slotProps={{
        select: {
          inputProps: { 'aria-required': required || undefined },
          SelectDisplayProps: label ? undefined : { 'aria-label': accessibleLabel },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: '45vh' } } } },
        } as object,
        formHelperText: { component: 'div' } as object,
      }}
    >
      {!required && (
        <MenuItem value="">
          <em>{t('none')}</em>
        </MenuItem>
      )}
      {!known && <MenuItem value={current}>{current}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled === true}>
          {optionText(option, ruleText)}
        </MenuItem>
      ))}
    </TextField>
  );
}
