import { Paper, Stack, Typography } from '@mui/material';
import { m } from '../../messages';

/** The admin section's start page (the admin screens take its place: features/admin). */
export default function AdminHomePage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{m.admin.title}</Typography>
      <Paper sx={{ p: 3 }}>
        <Typography>{m.admin.intro}</Typography>
        <Typography color="text.secondary">{m.admin.placeholder}</Typography>
      </Paper>
    </Stack>
  );
}
