import { useEffect, useId, useRef, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MOBILE_OTP_LENGTH, type OtpChannel } from '@veridocs/shared';
import { BlockCodeInput, type BlockCodeInputHandle } from '../../components/block-code-input';
import { RichText, useT } from '../../i18n';
import { formatCountdown } from '../../lib/dates';
import { authCatalog } from './auth-catalog';
import { CHANNEL_LABELS, maskMobile } from './mask';
import { useCountdown } from '../../lib/use-countdown';
import { track } from '../../lib/telemetry/tracker';

interface OtpStepProps {
  mobile: string;
  /** The OTP request: a new one for every OTP sent (a resend too). */
  txnId: string;
  channel: OtpChannel;
  otp: string;
  onOtpChange: (otp: string) => void;
  /** Verifies the OTP; resolves true when it signed a returning number in. */
  onSubmit: () => Promise<boolean | undefined>;
  onResend: () => void;
  onChangeNumber: () => void;
  verifying: boolean;
  resending: boolean;
  /** Seconds until a new OTP may be requested, counted from `sendKey`. */
  resendIn: number;
  /** Changes whenever a new OTP was sent (restarts the countdown). */
  sendKey: number;
  error: string | null;
  notice: string | null;
}

/** Step 2: the 6-digit OTP, with resend after the countdown. */
export default function OtpStep(props: OtpStepProps) {
  const {
    mobile,
    channel,
    otp,
    onOtpChange,
    onSubmit,
    onResend,
    onChangeNumber,
    verifying,
    resending,
    error,
  } = props;
  const t = useT(authCatalog);
  const id = useId();
  const codeRef = useRef<BlockCodeInputHandle>(null);
  const secondsLeft = useCountdown(props.resendIn, props.sendKey);
  const complete = otp.length === MOBILE_OTP_LENGTH;

  // The sign-in analytics live in this lazily loaded step (and the name step), not in the sign-in
  // page's first load (ADR 0008, 0035): each OTP sent, and a returning number signed in.
  const firstTxnId = useRef(props.txnId);
  useEffect(() => {
    track('auth', 'otp_requested', { channel, resend: props.txnId !== firstTxnId.current });
    // Once per OTP request (a new txnId); the channel comes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.txnId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !verifying)
      void onSubmit().then((signedIn) => {
        if (signedIn) track('auth', 'signed_in', { newUser: false });
      });
    else codeRef.current?.focus();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2.5 }}>
      <Box>
        <Typography id={`${id}-sent`} variant="body1">
          <RichText
            catalog={authCatalog}
            id="otpSentTo"
            values={{
              length: MOBILE_OTP_LENGTH,
              mobile: maskMobile(mobile),
              channel: CHANNEL_LABELS[channel],
            }}
            elements={{ 0: <Box component="strong" sx={{ whiteSpace: 'nowrap' }} /> }}
          />
        </Typography>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={onChangeNumber}
          sx={{ mt: 0.5, fontWeight: 600 }}
        >
          {t('changeNumber')}
        </Link>
      </Box>

      <BlockCodeInput
        ref={codeRef}
        length={MOBILE_OTP_LENGTH}
        value={otp}
        onChange={onOtpChange}
        label={t('otpLabel')}
        getInputLabel={(position, count) => t('otpDigit', { position, count })}
        describedBy={error ? `${id}-sent ${id}-error` : `${id}-sent`}
        error={Boolean(error)}
        autoFocus
      />

      {error && (
        <Alert id={`${id}-error`} severity="error" role="alert">
          {error}
        </Alert>
      )}
      {!error && props.notice && (
        <Alert severity="success" role="status">
          {props.notice}
        </Alert>
      )}

      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!complete}
        loading={verifying}
      >
        {t('verifyOtp')}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t('didntReceive')}
        </Typography>
        <Button
          type="button"
          variant="text"
          onClick={onResend}
          disabled={secondsLeft > 0 || resending}
          loading={resending}
        >
          {secondsLeft > 0 ? t('resendIn', { time: formatCountdown(secondsLeft) }) : t('resend')}
        </Button>
      </Box>
    </Box>
  );
}
