import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { ERROR_CODES, ORG_API_PATHS, type OrgSession, type OrgSignInResponse } from '@veridocs/shared';
import { ApiError, apiRequest } from '../../lib/api-client';
import { saveSession, sessionEnd } from '../../lib/session';
import { m } from '../../messages';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message a failed sign-in step shows (ADR 0047: 300, 301). */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return m.app.unexpectedError;
  switch (error.code ?? 0) {
    // A wrong e-mail or password, a disabled or a locked account, too many codes: one answer.
    case ERROR_CODES.ORG_SIGN_IN_FAILED.code:
      return m.signIn.signInRefused;
    case ERROR_CODES.ORG_CODE_INVALID.code:
      return m.signIn.codeRefused;
    default:
      return error.message || m.app.unexpectedError;
  }
}

/** Where to go after signing in: the page the visitor asked for, inside the portal only. */
function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * Sign-in (ADR 0047, the console's rules): e-mail and password, then the 6-digit code e-mailed to the
 * account. The token is kept for the tab (sessionStorage) until it expires or the user signs out.
 */
export default function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<OrgSignInResponse | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string; code?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const [notice] = useState(() => {
    const end = sessionEnd();
    return end === 'expired' ? m.signIn.expired : end === 'signed-out' ? m.signIn.signedOut : null;
  });

  const submitCredentials = async (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof fieldErrors = {};
    if (!email.trim()) errors.email = m.signIn.required;
    else if (!EMAIL.test(email.trim())) errors.email = m.signIn.invalidEmail;
    if (!password) errors.password = m.signIn.required;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await apiRequest<OrgSignInResponse>(ORG_API_PATHS.signIn, {
        method: 'POST',
        body: { email: email.trim(), password },
      });
      setChallenge(answer);
      setCode('');
      setTimeout(() => codeRef.current?.focus(), 0);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setFieldErrors({ code: m.signIn.invalidCode });
      return;
    }
    setFieldErrors({});
    setBusy(true);
    setError(null);
    try {
      const session = await apiRequest<OrgSession>(ORG_API_PATHS.verifyCode, {
        method: 'POST',
        body: { challengeId: challenge.challengeId, code: code.trim() },
      });
      saveSession({
        accessToken: session.accessToken,
        expiresAt: Date.now() + session.expiresIn * 1000,
        user: session.user,
        org: session.org,
      });
      void navigate(nextPath(location.search), { replace: true });
    } catch (failure) {
      setError(failureMessage(failure));
      setBusy(false);
    }
  };

  const startOver = () => {
    setChallenge(null);
    setPassword('');
    setCode('');
    setError(null);
    setFieldErrors({});
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Typography component="p" variant="overline" color="primary.dark" sx={{ fontWeight: 700 }}>
          {m.app.name}
        </Typography>
        {challenge === null ? (
          <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submitCredentials(e)}>
            <div>
              <Typography variant="h1">{m.signIn.title}</Typography>
              <Typography color="text.secondary">{m.signIn.subtitle}</Typography>
            </div>
            {notice && !error && <Alert severity="info">{notice}</Alert>}
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={m.signIn.email}
              type="email"
              autoComplete="username"
              autoFocus
              fullWidth
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={Boolean(fieldErrors.email)}
              helperText={fieldErrors.email}
            />
            <TextField
              label={m.signIn.password}
              type="password"
              autoComplete="current-password"
              fullWidth
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(fieldErrors.password)}
              helperText={fieldErrors.password}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {m.signIn.submit}
            </Button>
          </Stack>
        ) : (
          <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submitCode(e)}>
            <div>
              <Typography variant="h1">{m.signIn.codeTitle}</Typography>
              <Typography color="text.secondary">{m.signIn.codeSent(challenge.maskedEmail)}</Typography>
            </div>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={m.signIn.code}
              inputRef={codeRef}
              autoComplete="one-time-code"
              fullWidth
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              error={Boolean(fieldErrors.code)}
              helperText={fieldErrors.code}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {m.signIn.verify}
            </Button>
            <Link component="button" type="button" onClick={startOver} sx={{ alignSelf: 'flex-start' }}>
              {m.signIn.back}
            </Link>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
