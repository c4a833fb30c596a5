import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import CurrencyRupeeIcon from '@mui/icons-material/CurrencyRupee';
import PublicIcon from '@mui/icons-material/Public';
import type { PaymentRegion } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { useT } from '../../i18n';
import { ChoiceCard } from './choice-card';
import { IncompleteLink, LoadFailed, PaymentSkeleton } from './payment-notice';
import { paymentQuery, paymentStateOf, readPaymentParams } from './payment-params';
import { useGetPaymentRegionsQuery } from './payments-api';
import { paymentsCatalog } from './payments-catalog';

const REGION_TEXT = {
  IN: { title: 'regionIN', body: 'regionINBody', icon: <CurrencyRupeeIcon /> },
  INTL: { title: 'regionINTL', body: 'regionINTLBody', icon: <PublicIcon /> },
} as const;

/** /choose-payment-region: India in INR or other countries in USD, preselected from the candidate's country. */
export default function ChoosePaymentRegionPage() {
  const t = useT(paymentsCatalog);
  const location = useLocation();
  const navigate = useNavigate();
  const { orgId, txnId, region: fromQuery, express } = readPaymentParams(location.search);
  const regions = useGetPaymentRegionsQuery(orgId, { skip: !orgId });
  // Null until the candidate picks one; the server's preselection shows until then.
  const [picked, setPicked] = useState<PaymentRegion | null>(null);
  const [error, setError] = useState(false);

  if (!orgId || !txnId) return <IncompleteLink />;
  if (regions.isError && !regions.isFetching) return <LoadFailed onRetry={() => void regions.refetch()} />;
  const data = regions.currentData;
  if (!data) return <PaymentSkeleton rows={2} />;
  const selected = picked ?? fromQuery ?? data.preselected;

  const next = () => {
    // Spec §5: starting without a region.
    if (!selected) return setError(true);
    const state = paymentStateOf(location.state);
    // The mode chosen on /select-mode goes on in the URL (issue 24 §3).
    void navigate(`${PATHS.payment}${paymentQuery(orgId, txnId, selected, express ?? state.expressOpted)}`, {
      state,
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h2" component="h2" id="region-heading">
        {t('regionHeading')}
      </Typography>
      <RadioGroup
        aria-labelledby="region-heading"
        aria-describedby={error ? 'region-error' : undefined}
        value={selected ?? ''}
        onChange={(_event, value) => {
          setPicked(value as PaymentRegion);
          setError(false);
        }}
        sx={{ display: 'grid', gap: 1.5 }}
      >
        {data.list.map((option) => {
          const text = REGION_TEXT[option.region];
          return (
            <ChoiceCard
              key={option.region}
              value={option.region}
              selected={selected === option.region}
              title={t(text.title)}
              body={t(text.body)}
              icon={text.icon}
            />
          );
        })}
      </RadioGroup>
      {error && (
        <FormHelperText id="region-error" error role="alert" sx={{ m: 0, fontSize: '0.9rem' }}>
          {t('selectOptionFirst')}
        </FormHelperText>
      )}
      <Box sx={{ display: 'flex', justifyContent: { xs: 'stretch', sm: 'flex-end' } }}>
        <Button variant="contained" size="large" fullWidth sx={{ maxWidth: { sm: 280 } }} onClick={next}>
          {t('continue')}
        </Button>
      </Box>
    </Paper>
  );
}
