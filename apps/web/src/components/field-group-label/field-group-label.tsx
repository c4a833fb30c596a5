import Typography from '@mui/material/Typography';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

/**
 * The label of a field made of several controls (an upload zone, a camera field): shown in bold, or
 * only to screen readers when the field hides its label. Its id is the group's aria-labelledby.
 */
export function FieldGroupLabel({
  id,
  label,
  accessibleLabel,
}: {
  id: string;
  label: string;
  accessibleLabel: string;
}) {
  return (
    <Typography id={id} component="p" variant="body2" sx={label ? { fontWeight: 600 } : visuallyHidden}>
      {label || accessibleLabel}
    </Typography>
  );
}
