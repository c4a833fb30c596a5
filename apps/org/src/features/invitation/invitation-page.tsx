import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { isOrgQueryError } from '../../app/api';
import { PATHS } from '../../app/paths';
import { invitationApi } from './invitation-api';
import { im } from './invitation-messages';

const MIN_PASSWORD = 12;

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Typography component="p" variant="overline" color="primary.dark" sx={{ fontWeight: 700 }}>
          {im.appName}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

function SignInLink({ contained = false }: { contained?: boolean }) {
  return (
    <Button
      component={RouterLink}
      to={PATHS.signIn}
      variant={contained ? 'contained' : 'outlined'}
      sx={{ alignSelf: 'flex-start' }}
    >
      {im.signIn}
    </Button>
  );
}

function AcceptForm({ token }: { token: string }) {
  const preview = invitationApi.useOrgInvitationPreviewQuery(token);
  const [accept] = invitationApi.useAcceptOrgInvitationMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (preview.isLoading)
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <CircularProgress aria-label={im.loading} />
      </Box>
    );
  if (done)
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{im.doneTitle}</Typography>
        <Alert severity="success">{im.done}</Alert>
        <SignInLink contained />
      </Stack>
    );
  if (!preview.data)
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{im.invalidTitle}</Typography>
        <Alert severity="error">{im.invalid}</Alert>
        <SignInLink />
      </Stack>
    );
  const invitation = preview.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (password.length < MIN_PASSWORD) next.password = im.tooShort;
    if (confirm !== password) next.confirm = im.mismatch;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    setServerError(null);
    const result = await accept({ token, password });
    setBusy(false);
    if ('error' in result) {
      setServerError(isOrgQueryError(result.error) ? result.error.message : im.unexpected);
      return;
    }
    setDone(true);
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
      <div>
        <Typography variant="h1">{im.title(invitation.orgName)}</Typography>
        <Typography color="text.secondary">{im.intro(invitation.name, im.roles[invitation.role])}</Typography>
      </div>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <TextField
        label={im.email}
        value={invitation.email}
        autoComplete="username"
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <TextField
        label={im.password}
        type="password"
        autoComplete="new-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password ?? im.passwordHelp}
      />
      <TextField
        label={im.confirm}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={Boolean(errors.confirm)}
        helperText={errors.confirm}
      />
      <Typography variant="body2" color="text.secondary">
        {im.expires(invitation.expiresAt)}
      </Typography>
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {im.submit}
      </Button>
    </Stack>
  );
}

/** /invitation?token=: the public page an invitation e-mail opens; sets the password, then sign-in. */
export default function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <Frame>
      {token.length >= 10 ? (
        <AcceptForm token={token} />
      ) : (
        <Stack spacing={2}>
          <Typography variant="h1">{im.invalidTitle}</Typography>
          <Alert severity="info">{im.noToken}</Alert>
          <SignInLink />
        </Stack>
      )}
    </Frame>
  );
}
