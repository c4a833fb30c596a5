import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { GATEWAY_PATHS } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { useT } from '../../i18n';
import { config } from '../../lib/config';
import { leaveTo } from './browser';
import { paymentsCatalog } from './payments-catalog';

/** Where a card-SDK session opens: the sandbox's own hosted page; other SDKs are not loaded here. */
export function sdkCheckoutUrl(sdkProvider: string, paymentSessionId: string): string | null {
  if (sdkProvider === 'sandbox-sdk')
    return `${config.apiBaseUrl}${GATEWAY_PATHS.sandboxCheckout(paymentSessionId)}`;
  return null;
}

/**
 * /payment-redirect?sdkProvider&paymentSessionId&environment (spec §7): the card-SDK flow's page. The
 * sandbox's SDK flow forwards to its checkout. Cashfree's JS SDK is a script from Cashfree's servers,
 * which this build does not load: the candidate is told so and sent back to pay again.
 */
export default function PaymentRedirectPage() {
  const t = useT(paymentsCatalog);
  const navigate = useNavigate();
  const params = new URLSearchParams(useLocation().search);
  const provider = params.get('sdkProvider') ?? '';
  const session = params.get('paymentSessionId') ?? '';
  const target = provider && session ? sdkCheckoutUrl(provider, session) : null;

  useEffect(() => {
    if (target) leaveTo(target);
  }, [target]);

  if (target)
    return (
      <Paper
        variant="outlined"
        role="status"
        sx={{ p: { xs: 3, sm: 5 }, display: 'grid', gap: 2, justifyItems: 'center' }}
      >
        <CircularProgress aria-hidden />
        <Typography>{t('redirecting')}</Typography>
      </Paper>
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Alert severity="warning" sx={{ width: '100%' }}>
        {provider && session ? t('sdkUnavailable') : t('redirectIncomplete')}
      </Alert>
      <Button variant="outlined" onClick={() => void navigate(-1)}>
        {t('backToPayment')}
      </Button>
      <Button variant="text" onClick={() => void navigate(PATHS.home)}>
        {t('goHome')}
      </Button>
    </Paper>
  );
}
