import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { MOBILE_OTP_LENGTH, type OtpChannel } from '@veridocs/shared';
import { OtpEntry } from '../../components/otp-entry';
import { RichText, useT } from '../../i18n';
import { formatCountdown } from '../../lib/dates';
import { authCatalog } from './auth-catalog';
import { CHANNEL_LABELS, maskMobile } from './mask';
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
  /** While the number is blocked (epoch ms of the end): no Verify, no countdown. */
  blockedUntil: number | null;
  error: string | null;
  notice: string | null;
}

/** Step 2: the 6-digit OTP, with resend after the countdown. */
export default function OtpStep(props: OtpStepProps) {
  const { mobile, channel, onSubmit } = props;
  const t = useT(authCatalog);

  // The sign-in analytics live in this lazily loaded step (and the name step), not in the sign-in
  // page's first load (ADR 0008, 0035): each OTP sent, and a returning number signed in.
  const firstTxnId = useRef(props.txnId);
  useEffect(() => {
    track('auth', 'otp_requested', { channel, resend: props.txnId !== firstTxnId.current });
    // Once per OTP request (a new txnId); the channel comes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.txnId]);

  return (
    <OtpEntry
      length={MOBILE_OTP_LENGTH}
      sentTo={
        <RichText
          catalog={authCatalog}
          id="otpSentTo"
          values={{ length: MOBILE_OTP_LENGTH, mobile: maskMobile(mobile), channel: CHANNEL_LABELS[channel] }}
          elements={{ 0: <Box component="strong" sx={{ whiteSpace: 'nowrap' }} /> }}
        />
      }
      changeLabel={t('changeNumber')}
      onChange={props.onChangeNumber}
      otp={props.otp}
      onOtpChange={props.onOtpChange}
      onVerify={() =>
        void onSubmit().then((signedIn) => {
          if (signedIn) track('auth', 'signed_in', { newUser: false });
        })
      }
      onResend={props.onResend}
      verifying={props.verifying}
      resending={props.resending}
      resendIn={props.resendIn}
      sendKey={props.sendKey}
      blockedUntil={props.blockedUntil}
      error={props.error}
      notice={props.notice}
      text={{
        codeLabel: t('otpLabel'),
        digitLabel: (position, count) => t('otpDigit', { position, count }),
        verify: t('verifyOtp'),
        didntReceive: t('didntReceive'),
        resend: t('resend'),
        resendIn: (seconds) => t('resendIn', { time: formatCountdown(seconds) }),
      }}
    />
  );
}
