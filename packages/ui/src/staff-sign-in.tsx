import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import type { SessionEnd } from './session-store';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface StaffSignInTexts {
  appName: string;
  title: string;
  subtitle: string;
  email: string;
  password: string;
  submit: string;
  codeTitle: string;
  codeSent: (maskedEmail: string) => string;
  code: string;
  verify: string;
  back: string;
  required: string;
  invalidEmail: string;
  invalidCode: string;
  expired: string;
  signedOut: string;
}

/** What the first step answers: the challenge the e-mailed code belongs to. */
export interface StaffSignInChallenge {
  challengeId: string;
  maskedEmail: string;
}

export interface StaffSignInProps<C extends StaffSignInChallenge> {
  texts: StaffSignInTexts;
  /** E-mail and password: the challenge, or a thrown ApiError. */
  requestCode: (credentials: { email: string; password: string }) => Promise<C>;
  /** The challenge's code: keeps the session, or throws an ApiError. */
  verifyCode: (body: { challengeId: string; code: string }) => Promise<void>;
  /** The message a failed step shows (each app's own codes). */
  failureMessage: (error: unknown) => string;
  /** Why the last session ended, read once when the page opens. */
  sessionEnd: () => SessionEnd | null;
  /** Where to go after signing in when the address asked for no page. */
  defaultPath: string;
}

/** Where to go after signing in: the page the visitor asked for, inside this app only. */
function nextPath(search: string, fallback: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : fallback;
}

/**
 * The staff sign-in of the console (ADR 0019) and the organisation portal (ADR 0047), one screen:
 * e-mail and password, then the 6-digit code e-mailed to the account. Each app brings its texts, its
 * two calls (which keep its own session) and its refusals.
 */
export function StaffSignIn<C extends StaffSignInChallenge>({
  texts,
  requestCode,
  verifyCode,
  failureMessage,
  sessionEnd,
  defaultPath,
}: StaffSignInProps<C>) {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<C | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string; code?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const [notice] = useState(() => {
    const end = sessionEnd();
    return end === 'expired' ? texts.expired : end === 'signed-out' ? texts.signedOut : null;
  });

  const submitCredentials = async (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof fieldErrors = {};
    if (!email.trim()) errors.email = texts.required;
    else if (!EMAIL.test(email.trim())) errors.email = texts.invalidEmail;
    if (!password) errors.password = texts.required;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      setChallenge(await requestCode({ email: email.trim(), password }));
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
      setFieldErrors({ code: texts.invalidCode });
      return;
    }
    setFieldErrors({});
    setBusy(true);
    setError(null);
    try {
      await verifyCode({ challengeId: challenge.challengeId, code: code.trim() });
      void navigate(nextPath(location.search, defaultPath), { replace: true });
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
          {texts.appName}
        </Typography>
        {challenge === null ? (
          <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submitCredentials(e)}>
            <div>
              <Typography variant="h1">{texts.title}</Typography>
              <Typography color="text.secondary">{texts.subtitle}</Typography>
            </div>
            {notice && !error && <Alert severity="info">{notice}</Alert>}
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={texts.email}
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
              label={texts.password}
              type="password"
              autoComplete="current-password"
              fullWidth
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(fieldErrors.password)}
              helperText={fieldErrors.password}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {texts.submit}
            </Button>
          </Stack>
        ) : (
          <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submitCode(e)}>
            <div>
              <Typography variant="h1">{texts.codeTitle}</Typography>
              <Typography color="text.secondary">{texts.codeSent(challenge.maskedEmail)}</Typography>
            </div>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={texts.code}
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
              {texts.verify}
            </Button>
            <Link component="button" type="button" onClick={startOver} sx={{ alignSelf: 'flex-start' }}>
              {texts.back}
            </Link>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
