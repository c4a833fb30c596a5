import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  AADHAAR_MESSAGES,
  AADHAAR_OTP_LENGTH,
  ERROR_CODES,
  aadhaarProblem,
  type AadhaarProfile,
  type AadhaarStep,
  type VerificationInfo,
} from '@veridocs/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { BlockCodeInput, type BlockCodeInputHandle } from '../../../components/block-code-input';
import { PageLoader } from '../../../components/page-loader/page-loader';
import { FORM_HOME_STATE, formEntryPath } from '../../../app/paths';
import { isApiQueryError, queryErrorMessage } from '../../../lib/api/base-query';
import { useT } from '../../../i18n';
import { getJson, removeItem, setJson } from '../../../lib/storage';
import {
  useAnswerAadhaarCaptchaMutation,
  useGetAadhaarProfileQuery,
  useStartAadhaarMutation,
  useVerifyAadhaarMutation,
} from './aadhaar-api';
import { aadhaarCatalog } from './aadhaar-catalog';
import type en from './locales/en.json';

type T = (key: keyof typeof en, values?: Record<string, string | number>) => string;

/** A failure in the screen's own words (en/hi); the server's message for anything else. */
function describeError(t: T, error: unknown): string {
  if (!isApiQueryError(error)) return queryErrorMessage(error);
  const data = error.data as { attemptsLeft?: number } | null;
  switch (error.code) {
    case ERROR_CODES.OTP_INVALID.code:
      return data?.attemptsLeft ? t('otpWrong', { count: data.attemptsLeft }) : t('otpNoAttempts');
    case ERROR_CODES.OTP_EXPIRED.code:
      return t('otpExpired');
    case ERROR_CODES.CAPTCHA_INVALID.code:
      return t('captchaWrong');
    case ERROR_CODES.AADHAAR_PROVIDER_DOWN.code:
      return t('providerDown');
    case ERROR_CODES.AADHAAR_NOT_FOUND.code:
      return t('notFound');
    case ERROR_CODES.AADHAAR_IN_USE.code:
      return t('inUse');
    case ERROR_CODES.OTP_REQUEST_LIMIT.code:
      return t('tooMany');
    case ERROR_CODES.NOT_FOUND.code:
      return t('ended');
    case null:
    default:
      return queryErrorMessage(error);
  }
}

/** dd-MM-yyyy (spec §5) from yyyy-MM-dd. */
const displayDate = (iso: string) => iso.split('-').reverse().join('-');

function VerifiedProfile({ profile, formHome }: { profile: AadhaarProfile; formHome: string }) {
  const t = useT(aadhaarCatalog);
  const a = profile.address;
  const address = [a.careOf, a.line1, a.locality, a.vtc, a.district, `${a.state} ${a.pincode}`.trim()]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [
    [t('name'), profile.name],
    [t('dateOfBirth'), displayDate(profile.dateOfBirth)],
    [t('gender'), t(`gender${profile.gender}`)],
    [t('address'), address],
    [t('aadhaar'), profile.maskedNumber],
  ];
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
      data-testid="aadhaar-profile"
    >
      <Alert severity="success">
        <strong>{t('verifiedTitle')}</strong> {t('verifiedLead')}
      </Alert>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {profile.photo && (
          <Box
            component="img"
            src={profile.photo}
            alt={t('photoAlt')}
            sx={{
              width: 96,
              height: 120,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
        )}
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, flex: '1 1 200px', minWidth: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box>
        <Button component={RouterLink} to={formHome} state={FORM_HOME_STATE} variant="contained">
          {t('backToForm')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The OTP stage in this tab's session storage, so that a reload does not lose it (issue 24): the
 * request's id, the masked number and when the OTP stops working; never the number or the OTP.
 */
const storedKey = (info: VerificationInfo) => `aadhaarOtp:${info.orgId}/${info.txnId}`;

interface StoredOtp {
  requestId: string;
  maskedNumber: string;
  expiresAt: number;
}

function restoredStage(info: VerificationInfo): Stage {
  const stored = getJson<Partial<StoredOtp>>(storedKey(info), { area: 'session' });
  if (!stored?.requestId || !stored.maskedNumber || (stored.expiresAt ?? 0) <= Date.now())
    return { kind: 'number' };
  const expiresIn = Math.ceil(((stored.expiresAt ?? 0) - Date.now()) / 1000);
  return {
    kind: 'otp',
    step: {
      requestId: stored.requestId,
      maskedNumber: stored.maskedNumber,
      captchaRequired: false,
      captchaImage: null,
      otpSent: true,
      expiresIn,
    },
  };
}

type Stage =
  | { kind: 'number' }
  | { kind: 'captcha'; step: AadhaarStep }
  | { kind: 'otp'; step: AadhaarStep }
  | { kind: 'done'; profile: AadhaarProfile };

/**
 * The Aadhaar identity step (issue 11): the number in 3 blocks, refused at once when its Verhoeff
 * check digit fails (before any call); the provider's captcha when it asks one; the OTP; then the
 * profile filled from Aadhaar. The full number stays in this component's state only.
 */
export function AadhaarOtpStep({
  info,
  label,
  backLabel,
  organisationLine,
}: {
  info: VerificationInfo;
  label: string;
  backLabel: string;
  organisationLine: string;
}) {
  const t = useT(aadhaarCatalog);
  const formHome = formEntryPath(info.formId, info.txnId, info.orgId);
  const alreadyDone = info.verification.state === 'COMPLETED';
  const saved = useGetAadhaarProfileQuery(alreadyDone ? undefined : skipToken);
  const [stage, setStage] = useState<Stage>(() => (alreadyDone ? { kind: 'number' } : restoredStage(info)));
  // The OTP stage is kept for a reload; any other stage ends it.
  useEffect(() => {
    const key = storedKey(info);
    if (stage.kind !== 'otp') {
      removeItem(key, 'session');
      return;
    }
    const kept = getJson<Partial<StoredOtp>>(key, { area: 'session' });
    if (kept?.requestId === stage.step.requestId) return;
    const expiresAt = Date.now() + (stage.step.expiresIn ?? 600) * 1000;
    setJson(
      key,
      { requestId: stage.step.requestId, maskedNumber: stage.step.maskedNumber, expiresAt },
      'session',
    );
  }, [stage, info]);
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState('');
  const [captchaText, setCaptchaText] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [startAadhaar, starting] = useStartAadhaarMutation();
  const [answerCaptcha, answering] = useAnswerAadhaarCaptchaMutation();
  const [verifyAadhaar, verifying] = useVerifyAadhaarMutation();
  const busy = starting.isLoading || answering.isLoading || verifying.isLoading;
  const otpRef = useRef<BlockCodeInputHandle>(null);
  const hintId = useId();
  const errorId = useId();

  const localProblem = (value: string) => {
    const problem = aadhaarProblem(value);
    if (problem === AADHAAR_MESSAGES.length) return t('invalidLength');
    if (problem === AADHAAR_MESSAGES.checkDigit) return t('invalidCheckDigit');
    return '';
  };

  const onNumberChange = (value: string) => {
    setNumber(value);
    setError('');
    // A full number is judged at once; a partial one only when the candidate asks for the OTP.
    setNumberError(value.length === 12 ? localProblem(value) : '');
  };

  const toOtpOrCaptcha = (step: AadhaarStep) => {
    setCaptchaText('');
    setOtp('');
    setStage(step.captchaRequired ? { kind: 'captcha', step } : { kind: 'otp', step });
  };

  const start = async (event?: FormEvent) => {
    event?.preventDefault();
    const problem = localProblem(number);
    if (problem) {
      setNumberError(problem);
      return;
    }
    setError('');
    const answer = await startAadhaar({ orgId: info.orgId, txnId: info.txnId, aadhaarNumber: number });
    // The store keeps a mutation's arguments: the full number must not stay there.
    starting.reset();
    if (answer.error) setError(describeError(t, answer.error));
    else toOtpOrCaptcha(answer.data);
  };

  const submitCaptcha = async (event: FormEvent, step: AadhaarStep) => {
    event.preventDefault();
    if (!captchaText.trim()) return;
    setError('');
    const answer = await answerCaptcha({ requestId: step.requestId, captchaText: captchaText.trim() });
    if (!answer.error) {
      toOtpOrCaptcha(answer.data);
      return;
    }
    setError(describeError(t, answer.error));
    setCaptchaText('');
    const image = isApiQueryError(answer.error)
      ? (answer.error.data as { captchaImage?: string | null } | null)?.captchaImage
      : null;
    if (image) setStage({ kind: 'captcha', step: { ...step, captchaImage: image } });
    else if (isApiQueryError(answer.error) && answer.error.code === ERROR_CODES.CAPTCHA_INVALID.code)
      setStage({ kind: 'number' });
  };

  const submitOtp = async (event: FormEvent, step: AadhaarStep) => {
    event.preventDefault();
    if (otp.length !== AADHAAR_OTP_LENGTH) return;
    setError('');
    const answer = await verifyAadhaar({
      orgId: info.orgId,
      txnId: info.txnId,
      requestId: step.requestId,
      otp,
    });
    if (!answer.error) {
      setNumber('');
      setStage({ kind: 'done', profile: answer.data.profile });
      return;
    }
    setError(describeError(t, answer.error));
    setOtp('');
    otpRef.current?.focus();
  };

  const changeNumber = () => {
    setStage({ kind: 'number' });
    setError('');
  };

  let body: ReactNode;
  if (alreadyDone || stage.kind === 'done') {
    const profile = stage.kind === 'done' ? stage.profile : saved.currentData;
    body = profile ? (
      <VerifiedProfile profile={profile} formHome={formHome} />
    ) : saved.isError ? (
      <Alert severity="error">{describeError(t, saved.error)}</Alert>
    ) : (
      <PageLoader label={t('loadingProfile')} />
    );
  } else if (stage.kind === 'number') {
    body = (
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void start(e)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        <Typography>{t('intro')}</Typography>
        <Box>
          <Typography
            id={`${hintId}-label`}
            component="label"
            sx={{ fontWeight: 600, display: 'block', mb: 0.5 }}
          >
            {t('numberLabel')}
          </Typography>
          <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('numberHint')}
          </Typography>
          <Box sx={{ maxWidth: 420 }}>
            <BlockCodeInput
              length={12}
              blocks={3}
              value={number}
              onChange={onNumberChange}
              label={t('numberLabel')}
              getInputLabel={(position) => t('blockLabel', { position: position * 4 - 3, end: position * 4 })}
              describedBy={numberError ? errorId : hintId}
              error={Boolean(numberError)}
              disabled={busy}
              autoComplete="off"
              autoFocus
            />
          </Box>
          {numberError && (
            <Typography id={errorId} role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
              {numberError}
            </Typography>
          )}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={busy || Boolean(numberError)}>
            {busy ? t('working') : t('getOtp')}
          </Button>
        </Box>
      </Box>
    );
  } else if (stage.kind === 'captcha') {
    const step = stage.step;
    body = (
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submitCaptcha(e, step)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        <Typography component="h3" variant="h3" sx={{ fontSize: '1.125rem' }}>
          {t('captchaTitle')}
        </Typography>
        {step.captchaImage && (
          <Box
            component="img"
            src={step.captchaImage}
            alt={t('captchaAlt')}
            data-testid="aadhaar-captcha"
            sx={{
              width: 200,
              maxWidth: '100%',
              height: 'auto',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
        )}
        <TextField
          label={t('captchaLabel')}
          value={captchaText}
          onChange={(e) => setCaptchaText(e.target.value.slice(0, 20))}
          autoComplete="off"
          autoFocus
          disabled={busy}
          sx={{ maxWidth: 320 }}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
        />
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy || !captchaText.trim()}>
            {busy ? t('working') : t('continue')}
          </Button>
          <Button onClick={changeNumber} disabled={busy}>
            {t('changeNumber')}
          </Button>
        </Box>
      </Box>
    );
  } else {
    const step = stage.step;
    body = (
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submitOtp(e, step)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        <Typography>{t('otpSentTo', { masked: step.maskedNumber })}</Typography>
        <Box sx={{ maxWidth: 380 }}>
          <BlockCodeInput
            ref={otpRef}
            length={AADHAAR_OTP_LENGTH}
            value={otp}
            onChange={(value) => {
              setOtp(value);
              setError('');
            }}
            label={t('otpLabel')}
            getInputLabel={(position, count) => t('otpDigit', { position, count })}
            disabled={busy}
            error={Boolean(error)}
            autoFocus
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy || otp.length !== AADHAAR_OTP_LENGTH}>
            {busy ? t('working') : t('verify')}
          </Button>
          {/* After a reload the number is gone (it is never stored): Resend asks for it again. */}
          <Button onClick={() => (number ? void start() : changeNumber())} disabled={busy}>
            {t('resend')}
          </Button>
          <Button onClick={changeNumber} disabled={busy}>
            {t('changeNumber')}
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 4 },
        display: 'grid',
        gap: 2.5,
        minWidth: 0,
        gridTemplateColumns: 'minmax(0, 1fr)',
      }}
    >
      <Box>
        <Button
          component={RouterLink}
          to={formHome}
          state={FORM_HOME_STATE}
          startIcon={<ArrowBackIcon />}
          size="small"
          sx={{ mb: 1 }}
        >
          {backLabel}
        </Button>
        <Typography variant="h2" component="h2" sx={{ wordBreak: 'break-word' }}>
          {label}
        </Typography>
        {organisationLine && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {organisationLine}
          </Typography>
        )}
      </Box>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {body}
    </Paper>
  );
}
