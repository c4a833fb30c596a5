import { formatMoney } from '@veridocs/shared';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import { PATHS } from '../../app/paths';
import { useGetPaymentModeQuery } from '../../app/store/transactions-api';
import { useT } from '../../i18n';
import { ChoiceCard } from './choice-card';
import { IncompleteLink, LoadFailed, PaymentSkeleton } from './payment-notice';
import {
  expressOf,
  paymentQuery,
  paymentStateOf,
  readPaymentParams,
  rememberExpress,
} from './payment-params';
import { paymentsCatalog } from './payments-catalog';

/** /select-mode (spec §1, §4 "Payment"): standard, or fast-track in 5 business days at the mode's price. */
export default function SelectModePage() {
  const t = useT(paymentsCatalog);
  const location = useLocation();
  const navigate = useNavigate();
  const { orgId, txnId, region, express: fromUrl } = readPaymentParams(location.search);
  const state = paymentStateOf(location.state);
  const mode = useGetPaymentModeQuery({ orgId, txnId }, { skip: !orgId || !txnId });
  // The current choice preselected (from the checkout's "Change", or this tab's last choice).
  const [express, setExpress] = useState(() => expressOf(txnId, state, fromUrl));

  if (!orgId || !txnId) return <IncompleteLink />;
  if (mode.isError && !mode.isFetching) return <LoadFailed onRetry={() => void mode.refetch()} />;
  const data = mode.currentData;
  if (!data) return <PaymentSkeleton rows={2} />;
  const fastTrack = data.expressAllowed;

  const next = () => {
    const opted = fastTrack && express;
    rememberExpress(txnId, opted);
    void navigate(`${PATHS.choosePaymentRegion}${paymentQuery(orgId, txnId, region, opted)}`, {
      state: { ...state, expressOpted: opted },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h2" component="h2" id="select-mode-heading">
        {t('selectModeHeading')}
      </Typography>
      <RadioGroup
        aria-labelledby="select-mode-heading"
        value={express && fastTrack ? 'fast-track' : 'standard'}
        onChange={(_event, value) => setExpress(value === 'fast-track')}
        sx={{ display: 'grid', gap: 1.5 }}
      >
        <ChoiceCard
          value="standard"
          selected={!express || !fastTrack}
          title={t('standardTitle')}
          body={t('standardBody')}
          icon={<AccessTimeIcon />}
        />
        {fastTrack && (
          <ChoiceCard
            value="fast-track"
            selected={express}
            title={t('fastTrackTitle')}
            body={t('fastTrackBody', { days: data.expressBusinessDays })}
            icon={<BoltOutlinedIcon />}
            extra={
              data.expressPrice && (
                <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
                  {t('fastTrackPrice', {
                    inr: formatMoney(data.expressPrice.INR, 'INR'),
                    usd: formatMoney(data.expressPrice.USD, 'USD'),
                  })}
                </Typography>
              )
            }
          />
        )}
      </RadioGroup>
      <Box sx={{ display: 'flex', justifyContent: { xs: 'stretch', sm: 'flex-end' } }}>
        <Button variant="contained" size="large" fullWidth sx={{ maxWidth: { sm: 280 } }} onClick={next}>
          {t('continue')}
        </Button>
      </Box>
    </Paper>
  );
}
