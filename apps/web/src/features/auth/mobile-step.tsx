import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { MOBILE_LENGTH, MOBILE_PATTERN, type OtpChannel } from '@veridocs/shared';
import { commonCatalog, useT } from '../../i18n';
import { authCatalog } from './auth-catalog';

interface MobileStepProps {
  mobile: string;
  channel: OtpChannel;
  onMobileChange: (mobile: string) => void;
  onChannelChange: (channel: OtpChannel) => void;
  onSubmit: () => void;
  loading: boolean;
  error: string | null;
  /** Focus the number when coming back from the OTP step. */
  autoFocus?: boolean;
}

export function isValidMobile(mobile: string): boolean {
  return MOBILE_PATTERN.test(mobile);
}

/** Step 1: the mobile number and the channel the OTP goes by. */
export function MobileStep({
  mobile,
  channel,
  onMobileChange,
  onChannelChange,
  onSubmit,
  loading,
  error,
  autoFocus = false,
}: MobileStepProps) {
  const t = useT(authCatalog);
  const tc = useT(commonCatalog);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // /login is pre-rendered: digits typed before the script took over are in the field, not in state.
  useEffect(() => {
    const typed = inputRef.current?.value.replace(/\D/g, '').slice(0, MOBILE_LENGTH);
    if (typed && typed !== mobile) onMobileChange(typed);
    // Once, when the page is hydrated: later the field and the state move together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [touched, setTouched] = useState(false);
  const valid = isValidMobile(mobile);
  // Complain only once the number is complete, or the field was left unfinished.
  const showInvalid = !valid && (mobile.length === MOBILE_LENGTH || (touched && mobile.length > 0));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !loading) onSubmit();
    else setTouched(true);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2.5 }}>
      <FormControl variant="outlined" fullWidth error={showInvalid}>
        <InputLabel htmlFor={`${id}-mobile`} shrink>
          {t('mobileLabel')}
        </InputLabel>
        <OutlinedInput
          inputRef={inputRef}
          id={`${id}-mobile`}
          autoFocus={autoFocus}
          label={t('mobileLabel')}
          notched
          value={mobile}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, MOBILE_LENGTH);
            onMobileChange(digits);
          }}
          onBlur={() => setTouched(true)}
          startAdornment={<InputAdornment position="start">+91</InputAdornment>}
          inputProps={{
            inputMode: 'numeric',
            pattern: '[0-9]*',
            maxLength: MOBILE_LENGTH,
            autoComplete: 'tel-national',
            'aria-describedby': `${id}-mobile-help`,
          }}
          sx={{ fontSize: '1.125rem', letterSpacing: '0.04em' }}
        />
        <FormHelperText id={`${id}-mobile-help`}>
          {showInvalid ? tc('invalidMobile') : t('mobileHelp')}
        </FormHelperText>
      </FormControl>

      <FormControl component="fieldset">
        <FormLabel
          component="legend"
          id={`${id}-channel`}
          sx={{ mb: 0.5, fontWeight: 600, color: 'text.primary' }}
        >
          {t('channelLegend')}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={`${id}-channel`}
          name="otp-channel"
          value={channel}
          onChange={(event) => onChannelChange(event.target.value as OtpChannel)}
        >
          <FormControlLabel value="sms" control={<Radio />} label={t('channelSms')} />
          <FormControlLabel value="whatsapp" control={<Radio />} label={t('channelWhatsapp')} />
        </RadioGroup>
      </FormControl>

      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}

      <Button type="submit" variant="contained" size="large" fullWidth disabled={!valid} loading={loading}>
        {t('getOtp')}
      </Button>
    </Box>
  );
}
