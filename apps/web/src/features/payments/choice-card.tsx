import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';

/** One option of a radio group drawn as a card: the whole card is the radio's label. */
export function ChoiceCard({
  value,
  selected,
  title,
  body,
  extra,
  icon,
}: {
  value: string;
  selected: boolean;
  title: string;
  body: string;
  extra?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <FormControlLabel
      value={value}
      control={<Radio />}
      sx={{
        m: 0,
        p: { xs: 1.5, sm: 2 },
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        borderRadius: 2,
        bgcolor: selected ? 'action.selected' : 'background.paper',
        alignItems: 'flex-start',
        '& .MuiRadio-root': { mt: -0.75 },
        '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 },
      }}
      label={
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {body}
            </Typography>
            {extra}
          </Box>
          {icon && (
            <Box aria-hidden sx={{ color: 'primary.main', display: 'flex' }}>
              {icon}
            </Box>
          )}
        </Box>
      }
    />
  );
}
