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
import { OtpEntry, useOtpBlock } from '../../../components/otp-entry';
import { PageLoader } from '../../../components/page-loader/page-loader';
import { FORM_HOME_STATE } from '../../../app/paths';
import { formEntryPath } from '../../../app/path-builders';
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
    case ERROR_CODES.CANDIDATE_UNDER_18.code:
      return t('underAge');
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
 * request's id, the masked number, when the OTP stops working, when Resend is offered and a block
 * with its message; never the number or the OTP.
 */
const storedKey = (info: VerificationInfo) => `aadhaarOtp:${info.orgId}/${info.txnId}`;

interface StoredOtp {
  requestId: string;
  maskedNumber: string;
  expiresAt: number;
  resendAt: number;
  blockedUntil: number | null;
  blockedMessage: string | null;
}

interface Restored {
  step: AadhaarStep;
  blockedUntil: number | null;
  blockedMessage: string;
}

function restoredOtp(info: VerificationInfo): Restored | null {
  const stored = getJson<Partial<StoredOtp>>(storedKey(info), { area: 'session' });
  const now = Date.now();
  if (!stored?.requestId || !stored.maskedNumber || (stored.expiresAt ?? 0) <= now) return null;
  const blocked = typeof stored.blockedUntil === 'number' && stored.blockedUntil > now;
  return {
    step: {
      requestId: stored.requestId,
      maskedNumber: stored.maskedNumber,
      captchaRequired: false,
      captchaImage: null,
      otpSent: true,
      expiresIn: Math.ceil(((stored.expiresAt ?? 0) - now) / 1000),
      resendIn: Math.max(0, Math.ceil(((stored.resendAt ?? 0) - now) / 1000)),
    },
    blockedUntil: blocked ? (stored.blockedUntil ?? null) : null,
    blockedMessage: blocked ? (stored.blockedMessage ?? '') : '',
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
  const [restored] = useState(() => (alreadyDone ? null : restoredOtp(info)));
  const [stage, setStage] = useState<Stage>(() =>
    restored ? { kind: 'otp', step: restored.step } : { kind: 'number' },
  );
  // A block (code 108) stops the OTP step as it does the sign-in's and the evaluation partner's: no
  // Verify, no Resend, no countdown, until it ends; a reload keeps it and its message.
  const block = useOtpBlock(restored?.blockedUntil ?? null);
  const [error, setError] = useState(restored?.blockedMessage ?? '');
  const [notice, setNotice] = useState('');
  // The hourly limit of checks (code 109): no more Resend on this screen.
  const [requestLimited, setRequestLimited] = useState(false);
  // Under 18 (code 350, ADR 0049 "Minors"): the request has stopped; only the way back is left.
  const [refused, setRefused] = useState(false);
  // The OTP stage is kept for a reload; any other stage ends it.
  useEffect(() => {
    const key = storedKey(info);
    if (stage.kind !== 'otp') {
      removeItem(key, 'session');
      return;
    }
    const kept = getJson<Partial<StoredOtp>>(key, { area: 'session' });
    const same = kept?.requestId === stage.step.requestId;
    const now = Date.now();
    const stored: StoredOtp = {
      requestId: stage.step.requestId,
      maskedNumber: stage.step.maskedNumber,
      expiresAt: same && kept.expiresAt ? kept.expiresAt : now + (stage.step.expiresIn ?? 600) * 1000,
      resendAt: same && kept.resendAt ? kept.resendAt : now + (stage.step.resendIn ?? 0) * 1000,
      blockedUntil: block.blockedUntil,
      blockedMessage: block.blockedUntil !== null ? error : null,
    };
    setJson(key, stored, 'session');
  }, [stage, info, block.blockedUntil, error]);
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState('');
  const [captchaText, setCaptchaText] = useState('');
  const [otp, setOtp] = useState('');
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

  /** Resend from the OTP step: a new check with the number typed on this page (a reload forgets it). */
  const resend = async () => {
    setError('');
    setNotice('');
    const answer = await startAadhaar({ orgId: info.orgId, txnId: info.txnId, aadhaarNumber: number });
    starting.reset();
    if (answer.error) {
      block.noteFailure(answer.error);
      if (isApiQueryError(answer.error) && answer.error.code === ERROR_CODES.OTP_REQUEST_LIMIT.code)
        setRequestLimited(true);
      setError(describeError(t, answer.error));
      return;
    }
    if (!answer.data.captchaRequired) setNotice(t('otpResent'));
    toOtpOrCaptcha(answer.data);
    otpRef.current?.focus();
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

  const submitOtp = async (step: AadhaarStep) => {
    if (otp.length !== AADHAAR_OTP_LENGTH) return;
    setError('');
    setNotice('');
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
    if (isApiQueryError(answer.error) && answer.error.code === ERROR_CODES.CANDIDATE_UNDER_18.code) {
      setRefused(true);
      return;
    }
    block.noteFailure(answer.error);
    setError(describeError(t, answer.error));
    setOtp('');
    otpRef.current?.focus();
  };

  const changeNumber = () => {
    setStage({ kind: 'number' });
    setError('');
    setNotice('');
  };

  let body: ReactNode;
  if (refused) {
    body = (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Alert severity="error" role="alert" sx={{ justifySelf: 'stretch' }}>
          {t('underAge')}
        </Alert>
        <Button component={RouterLink} to={formHome} state={FORM_HOME_STATE} variant="contained">
          {t('backToForm')}
        </Button>
      </Box>
    );
  } else if (alreadyDone || stage.kind === 'done') {
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
      <Box sx={{ maxWidth: 480, minWidth: 0 }}>
        <OtpEntry
          length={AADHAAR_OTP_LENGTH}
          sentTo={t('otpSentTo', { masked: step.maskedNumber })}
          changeLabel={t('changeNumber')}
          onChange={changeNumber}
          otp={otp}
          onOtpChange={(value) => {
            setOtp(value);
            if (block.blockedUntil === null) setError('');
          }}
          onVerify={() => void submitOtp(step)}
          // After a reload the number is gone (it is never stored): Resend asks for it again.
          onResend={() => (number ? void resend() : changeNumber())}
          verifying={verifying.isLoading}
          resending={starting.isLoading}
          resendIn={step.resendIn ?? 0}
          sendKey={step.requestId}
          canResend={!requestLimited}
          blockedUntil={block.blockedUntil}
          error={error || null}
          notice={notice || null}
          codeRef={otpRef}
          text={{
            codeLabel: t('otpLabel'),
            digitLabel: (position, count) => t('otpDigit', { position, count }),
            verify: t('verify'),
            didntReceive: t('didntReceive'),
            resend: t('resend'),
            resendIn: (seconds) => t('resendIn', { seconds }),
          }}
        />
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
      {/* The OTP step shows its own (beside the code it is about). */}
      {error && stage.kind !== 'otp' && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {body}
    </Paper>
  );
}
