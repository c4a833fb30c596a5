import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../lib/visually-hidden';

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
