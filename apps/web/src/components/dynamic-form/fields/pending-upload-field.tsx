import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import type { FieldRendererProps } from '../types';
import { useT } from '../../../i18n';
import { dynamicFormCatalog } from '../dynamic-form-catalog';
import { FieldGroupLabel } from '../../field-group-label/field-group-label';

/**
 * The default for 'file' and 'live-cam-with-geolocation' until the documents feature plugs its
 * FileUpload / CameraDialog into `fieldRenderers`: it says so plainly and never pretends a file exists.
 */
export function PendingUploadField({
  field,
  id,
  label,
  accessibleLabel,
  error,
  helperText,
  helperId,
}: FieldRendererProps) {
  const t = useT(dynamicFormCatalog);
  const camera = field.inputType === 'live-cam-with-geolocation';
  const labelId = `${id}-label`;
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      aria-describedby={helperId}
      sx={{ display: 'grid', gap: 0.75 }}
    >
      <FieldGroupLabel id={labelId} label={label} accessibleLabel={accessibleLabel} />
      <Box
        id={id}
        sx={{
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          p: 2,
          border: '1.5px dashed',
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
          color: 'text.secondary',
        }}
      >
        <CloudUploadOutlinedIcon aria-hidden />
        <Typography variant="body2">{camera ? t('pendingCamera') : t('pendingUpload')}</Typography>
      </Box>
      <FormHelperText id={helperId} error={Boolean(error)} component="div">
        {error ?? helperText}
      </FormHelperText>
    </Box>
  );
}
