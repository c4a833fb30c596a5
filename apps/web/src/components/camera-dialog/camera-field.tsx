import { useId, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { geolocationResultSchema } from '@veridocs/shared';
import type { GeoTaggedPhoto } from '../../lib/api/files-api';
import { FileCard } from '../file-upload/file-card';
import { filesOf } from '../file-upload/file-value';
import { CameraDialog } from './camera-dialog';
import { LocationDetails } from './location-details';
import { FieldGroupLabel } from '../field-group-label/field-group-label';
import { useT } from '../../i18n';
import { cameraCatalog } from './camera-catalog';

/** A stored photo value (restored from the server included), or null. */
export function photoOf(value: unknown): GeoTaggedPhoto | null {
  const file = filesOf(value)[0];
  if (!file || typeof value !== 'object' || value === null) return null;
  const geolocation = geolocationResultSchema.safeParse((value as { geolocation?: unknown }).geolocation);
  return geolocation.success ? { ...file, geolocation: geolocation.data } : null;
}

export interface CameraFieldProps {
  id: string;
  label: string;
  accessibleLabel: string;
  value: unknown;
  onChange: (value: GeoTaggedPhoto | null) => void;
  onBlur?: (() => void) | undefined;
  fileCategory?: string | undefined;
  isAgent?: boolean | undefined;
  disabled?: boolean | undefined;
  error?: string | undefined;
  helperText?: ReactNode;
  helperId?: string | undefined;
}

/** A live-camera-with-geolocation field: "Take photo" opens the camera; the photo card shows the result. */
export function CameraField({
  id,
  label,
  accessibleLabel,
  value,
  onChange,
  onBlur,
  fileCategory,
  isAgent,
  disabled = false,
  error,
  helperText,
  helperId,
}: CameraFieldProps) {
  const t = useT(cameraCatalog);
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const messageId = helperId ?? `${baseId}-helper`;
  const photo = useMemo(() => photoOf(value), [value]);
  const [open, setOpen] = useState(false);

  const close = () => {
    setOpen(false);
    onBlur?.();
  };

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={messageId} sx={{ display: 'grid', gap: 1 }}>
      <FieldGroupLabel id={labelId} label={label} accessibleLabel={accessibleLabel} />
      {photo && (
        <FileCard
          file={photo}
          disabled={disabled}
          onReplace={() => setOpen(true)}
          onRemove={() => onChange(null)}
        >
          <LocationDetails result={photo.geolocation} />
        </FileCard>
      )}
      {!photo && !disabled && (
        <Box>
          <Button
            id={id}
            variant="outlined"
            startIcon={<PhotoCameraOutlinedIcon />}
            onClick={() => setOpen(true)}
            aria-describedby={messageId}
            color={error ? 'error' : 'primary'}
          >
            {t('takePhoto')}
          </Button>
        </Box>
      )}
      {!photo && disabled && (
        <Typography variant="body2" color="text.secondary">
          {t('noPhoto')}
        </Typography>
      )}
      <FormHelperText id={messageId} error={Boolean(error)} component="div">
        {error ?? helperText}
      </FormHelperText>
      <CameraDialog
        open={open}
        onClose={close}
        fileCategory={fileCategory}
        isAgent={isAgent}
        title={label || accessibleLabel}
        onDone={(next) => {
          onChange(next);
          setOpen(false);
        }}
      />
    </Box>
  );
}
