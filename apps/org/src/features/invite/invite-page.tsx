import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { inviteApi } from './invite-api';
import { InviteFile } from './invite-file';
import { im } from './invite-messages';
import { InviteOne } from './invite-one';
import { InviteRemind } from './invite-remind';

/** /invite (owners, managers): one candidate, many from a CSV file, and reminders (ADR 0047). */
export default function InvitePage() {
  const forms = inviteApi.useInviteFormsQuery();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, minWidth: 0 }}>
      <Box>
        <Typography variant="h1">{im.title}</Typography>
        <Typography color="text.secondary">{im.intro}</Typography>
      </Box>
      {forms.isLoading ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
          <CircularProgress aria-label={im.loadingForms} />
        </Box>
      ) : forms.isError || !forms.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void forms.refetch()}>
              {im.retry}
            </Button>
          }
        >
          {im.formsFailed}
        </Alert>
      ) : forms.data.list.length === 0 ? (
        <Alert severity="info">{im.noForms}</Alert>
      ) : (
        <InviteOne forms={forms.data.list} />
      )}
      <InviteFile />
      {forms.data && forms.data.list.length > 0 && <InviteRemind forms={forms.data.list} />}
    </Stack>
  );
}
