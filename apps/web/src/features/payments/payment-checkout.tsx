import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import type { PaymentInfo, PaymentRegion } from '@veridocs/shared';
import { formatMoney } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { useGetPaymentModeQuery } from '../../app/store/transactions-api';
import { useT } from '../../i18n';
import { isApiQueryError } from '../../lib/api/base-query';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { leaveTo } from './browser';
import { formatAmount, savings } from './money';
import { LoadFailed, PaymentSkeleton } from './payment-notice';
import { paymentQuery } from './payment-params';
import { BillingSummary, PaymentItems } from './payment-summary';
import { useGetPaymentPriceQuery, useInitPaymentMutation } from './payments-api';
import { paymentsCatalog } from './payments-catalog';
import { flushAnalytics, track } from '../../lib/telemetry/tracker';

/** The banners of spec §9: the discount one could reach, and what this cart saves. */
function DiscountBanners({ info }: { info: PaymentInfo }) {
  const t = useT(paymentsCatalog);
  const available = info.availableDiscount;
  const threshold = available?.minAmount[info.region];
  const saved = savings(info);
  return (
    <>
      {available && threshold && info.discount.percentage < available.percentage && (
        <Alert severity="info">
          {t('discountBanner', {
            percentage: available.percentage,
            currency: threshold.currency,
            amount: formatAmount(threshold.amount, threshold.currency),
          })}
        </Alert>
      )}
      {saved > 0 && (
        <Alert severity="success" icon={false} sx={{ fontWeight: 600 }}>
          {t('savingsBanner', { amount: formatMoney(saved, info.currency) })}
        </Alert>
      )}
    </>
  );
}

/** The key of one Pay attempt (crypto.randomUUID needs a secure context; a LAN test phone may lack it). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The payment screen before paying (spec §2): the card warning, the items, the §9 texts, the billing
 * summary and Pay. Pay starts the order and leaves for the gateway's checkout.
 */
export function PaymentCheckout({
  orgId,
  txnId,
  region,
  express,
  phoneNumber,
  notice,
}: {
  orgId: string;
  txnId: string;
  region: PaymentRegion;
  express: boolean;
  phoneNumber?: string | undefined;
  /** A message from the last attempt (failed, cancelled) shown above the cart. */
  notice?: React.ReactNode;
}) {
  const t = useT(paymentsCatalog);
  const tr = useRuleText();
  const navigate = useNavigate();
  const quote = useGetPaymentPriceQuery({ orgId, txnId, region, express });
  // Whether the form offers fast-track at all: then the chosen speed is shown, with a way to change it.
  const mode = useGetPaymentModeQuery({ orgId, txnId });
  const [initPayment] = useInitPaymentMutation();
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState(false);
  // One key per attempt: a retry after an answer we never got reuses it, so the server gives back the
  // order it may already have made instead of a second one.
  const attemptKey = useRef<string | null>(null);

  if (quote.isError && !quote.isFetching)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {notice}
        <LoadFailed onRetry={() => void quote.refetch()} />
      </Box>
    );
  const info = quote.currentData;
  // The card warning does not depend on the quote: shown while it loads, it is in the page's
  // pre-rendered HTML (issue 31 §2) and stays where it is when the quote arrives.
  const cardWarning = (
    <Alert severity="warning" icon={<CreditCardOutlinedIcon />}>
      {t('intlWarning')}
    </Alert>
  );
  if (!info)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {notice}
        {cardWarning}
        <PaymentSkeleton />
      </Box>
    );

  const pay = async () => {
    setFailed(false);
    setPaying(true);
    attemptKey.current ??= newKey();
    const result = await initPayment({
      orgId,
      txnId,
      region,
      express,
      ...(phoneNumber ? { phoneNumber } : {}),
      idempotencyKey: attemptKey.current,
    });
    if ('error' in result) {
      // A refusal (4xx) is final for this attempt; no answer or a server failure may have made the order.
      const error = result.error;
      const definite = isApiQueryError(error) && error.status !== null && error.status < 500;
      if (definite) attemptKey.current = null;
      track('payment', 'failed', { reason: 'not_started' });
      setPaying(false);
      setFailed(true);
      return;
    }
    attemptKey.current = null;
    const started = result.data;
    track('payment', 'started', { region, express, provider: started.provider });
    // The browser leaves the app next: what is queued goes now.
    flushAnalytics();
    if (started.provider.endsWith('-sdk') && started.paymentSessionId) {
      const params = new URLSearchParams({
        sdkProvider: started.provider,
        paymentSessionId: started.paymentSessionId,
        environment: started.environment,
      });
      void navigate(`${PATHS.paymentRedirect}?${params.toString()}`);
      return;
    }
    // The button stays busy: the browser is leaving for the gateway.
    leaveTo(started.redirectInfo.web);
  };

  const regionName = region === 'IN' ? t('regionIN') : t('regionINTL');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {notice}
      {cardWarning}
      <DiscountBanners info={info} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        {/* Under the screen's h1 (the receipt puts them under its h2). */}
        <PaymentItems info={info} level="h2" />
        <Divider />
        <BillingSummary info={info} level="h2" />
        {info.disclaimer && (
          <Typography variant="body2" color="text.secondary">
            {tr(info.disclaimer)}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('payingIn', { region: regionName, currency: info.currency })}{' '}
          <Link
            component={RouterLink}
            to={`${PATHS.choosePaymentRegion}${paymentQuery(orgId, txnId, region, express)}`}
            aria-label={t('changeRegion')}
          >
            {t('change')}
          </Link>
        </Typography>
        {mode.currentData?.expressAllowed && (
          <Typography variant="body2" color="text.secondary">
            {t('speedChosen', { mode: info.express ? t('fastTrackTitle') : t('standardTitle') })}{' '}
            <Link
              component={RouterLink}
              to={`${PATHS.selectMode}${paymentQuery(orgId, txnId, region, info.express)}`}
              aria-label={t('changeSpeed')}
            >
              {t('change')}
            </Link>
          </Typography>
        )}
        {failed && (
          <Alert severity="error" role="alert">
            {t('errorInPayment')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', justifyContent: { xs: 'stretch', sm: 'flex-end' } }}>
          <Button
            variant="contained"
            size="large"
            fullWidth
            sx={{ maxWidth: { sm: 360 } }}
            loading={paying}
            onClick={() => void pay()}
          >
            {info.discount.percentage > 0
              ? t('payDiscount', { n: info.discount.percentage })
              : t('continueToPay')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
