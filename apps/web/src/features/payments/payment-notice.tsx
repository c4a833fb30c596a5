import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { PATHS } from '../../app/paths';
import { useT } from '../../i18n';
import { paymentsCatalog } from './payments-catalog';

/** A payment screen's link lacks orgId or txId: nothing to load. */
export function IncompleteLink() {
  const t = useT(paymentsCatalog);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Alert severity="warning" sx={{ width: '100%' }}>
        {t('incompleteLink')}
      </Alert>
      <Button component={RouterLink} to={PATHS.home} variant="outlined">
        {t('goHome')}
      </Button>
    </Paper>
  );
}

/** A failed load with its retry. */
export function LoadFailed({ message, onRetry }: { message?: ReactNode; onRetry: () => void }) {
  const t = useT(paymentsCatalog);
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    >
      {message ?? t('loadFailed')}
    </Alert>
  );
}

/** The shape of a payment screen while it loads. */
export function PaymentSkeleton({ rows = 3 }: { rows?: number }) {
  const t = useT(paymentsCatalog);
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 2 }}>
      <Skeleton width="60%" height={36} />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={72} />
      ))}
    </Box>
  );
}
