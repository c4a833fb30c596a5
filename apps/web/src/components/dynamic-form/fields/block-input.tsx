import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useT } from '../../../i18n';
import { BlockCodeInput } from '../../block-code-input';
import { dynamicFormCatalog } from '../dynamic-form-catalog';
import type { FieldRendererProps } from '../types';

/** Block code input (spec §5): blockLength digits split into `blocks` equal blocks, digits only. */
export function BlockInput({
  field,
  id,
  label,
  accessibleLabel,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
  helperId,
}: FieldRendererProps) {
  const t = useT(dynamicFormCatalog);
  const length = field.blockLength ?? field.maxLength ?? 6;
  const blocks = field.blocks ?? length;
  const showHelper = Boolean(error ?? helperText);
  return (
    <Box
      id={id}
      // A grid item grows with its content unless told otherwise: wide blocks must shrink on phones.
      sx={{ minWidth: 0 }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onBlur();
      }}
    >
      {label && (
        <FormLabel component="div" error={Boolean(error)} sx={{ mb: 1, fontSize: '0.875rem' }} aria-hidden>
          {label}
        </FormLabel>
      )}
      <BlockCodeInput
        length={length}
        blocks={blocks}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        label={accessibleLabel}
        getInputLabel={(position, count) => t('blockLabel', { label: accessibleLabel, position, count })}
        describedBy={showHelper ? helperId : undefined}
        disabled={disabled}
        error={Boolean(error)}
      />
      {showHelper && (
        <FormHelperText id={helperId} error={Boolean(error)} component="div">
          {error ?? helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
