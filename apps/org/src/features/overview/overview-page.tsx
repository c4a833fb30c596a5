import { Stack, Typography } from '@mui/material';
import { useSession } from '../../app/use-session';
import { m } from '../../messages';

/** The start page: who is signed in, for which organisation. */
export default function OverviewPage() {
  const session = useSession();
  if (!session) return null;
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 720 }}>
      <Typography variant="h1">{m.overview.title(session.org.name)}</Typography>
      <Typography>{m.overview.body}</Typography>
      <Typography color="text.secondary">{m.overview.role(m.roles[session.user.role])}</Typography>
    </Stack>
  );
}
