import { useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BlockCodeInput, type BlockCodeInputHandle } from '../block-code-input';
import { useCountdown } from '../../lib/use-countdown';

/** The step's words, from the caller's catalog (each screen keeps its own wording). */
export interface OtpEntryText {
  codeLabel: string;
  digitLabel: (position: number, count: number) => string;
  verify: string;
  didntReceive: string;
  resend: string;
  resendIn: (seconds: number) => string;
}

export interface OtpEntryProps {
  length: number;
  /** The line that says where the code went. */
  sentTo: ReactNode;
  changeLabel: string;
  onChange: () => void;
  otp: string;
  onOtpChange: (otp: string) => void;
  /** Called with a complete code, never while blocked. */
  onVerify: () => void;
  /** Called when Verify is pressed with an incomplete code; without it Verify waits for a full code. */
  onIncomplete?: () => void;
  onResend: () => void;
  verifying: boolean;
  resending: boolean;
  /** Seconds until a new code may be asked for, counted from `sendKey`. */
  resendIn: number;
  /** Changes whenever a code was sent (restarts the countdown). */
  sendKey: unknown;
  /** False when no more codes may be asked for (the request limit). */
  canResend?: boolean;
  /** While blocked (epoch ms of the end) Verify and Resend are off and no countdown runs. */
  blockedUntil: number | null;
  error: string | null;
  notice: string | null;
  footer?: ReactNode;
  codeRef?: RefObject<BlockCodeInputHandle | null>;
  text: OtpEntryText;
}

/**
 * The OTP step the sign-in (mobile) and the evaluation partner (e-mail) share (issue 25 §3): the code in
 * blocks, Verify, and Resend after its countdown; a block (issue 24) stops both in one place.
 */
export function OtpEntry(props: OtpEntryProps) {
  const { length, otp, verifying, resending, error, text } = props;
  const id = useId();
  const ownRef = useRef<BlockCodeInputHandle>(null);
  const codeRef = props.codeRef ?? ownRef;
  const blocked = props.blockedUntil !== null;
  // No countdown while blocked: a resend would only be refused.
  const secondsLeft = useCountdown(blocked ? 0 : props.resendIn, blocked ? 'blocked' : props.sendKey);
  const complete = otp.length === length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked || verifying) return;
    if (complete) props.onVerify();
    else if (props.onIncomplete) props.onIncomplete();
    else codeRef.current?.focus();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2.5 }}>
      <Box>
        <Typography id={`${id}-sent`} variant="body1">
          {props.sentTo}
        </Typography>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={props.onChange}
          sx={{ mt: 0.5, fontWeight: 600 }}
        >
          {props.changeLabel}
        </Link>
      </Box>

      <BlockCodeInput
        ref={codeRef}
        length={length}
        value={otp}
        onChange={props.onOtpChange}
        label={text.codeLabel}
        getInputLabel={text.digitLabel}
        describedBy={error ? `${id}-sent ${id}-error` : `${id}-sent`}
        error={Boolean(error)}
        disabled={blocked}
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
        disabled={blocked || (!complete && !props.onIncomplete)}
        loading={verifying}
      >
        {text.verify}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {text.didntReceive}
        </Typography>
        <Button
          type="button"
          variant="text"
          onClick={props.onResend}
          disabled={blocked || secondsLeft > 0 || resending || props.canResend === false}
          loading={resending}
        >
          {secondsLeft > 0 ? text.resendIn(secondsLeft) : text.resend}
        </Button>
      </Box>
      {props.footer}
    </Box>
  );
}
