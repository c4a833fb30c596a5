import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import { PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { useGetProfileQuery } from '../../app/store/profile-api';
import { selectProfileName } from '../../app/store/selectors';
import { setOpenDemo } from '../../app/store/slices/misc-slice';
import { FIRST_TRANSACTIONS, useGetCandidateTransactionsQuery } from '../../app/store/transactions-api';
import { useT } from '../../i18n';
import { homeCatalog } from './home-catalog';
import { TransactionCard, TransactionCardSkeleton } from './transaction-card';

/** Home: the greeting and the candidate's verifications (GET candidate-transaction, first 100). */
export default function HomePage() {
  const t = useT(homeCatalog);
  const dispatch = useAppDispatch();
  const name = useAppSelector(selectProfileName);
  useGetProfileQuery();
  // The Contact Us rule and the list both read the first 100 (spec §2, §9 "transaction check").
  const transactions = useGetCandidateTransactionsQuery(FIRST_TRANSACTIONS);
  const status = transactions.data
    ? { kind: 'ready' as const, ...transactions.data }
    : { kind: transactions.isError && !transactions.isFetching ? ('failed' as const) : ('loading' as const) };

  return (
    // minmax(0, 1fr): a one-column grid otherwise grows to its widest no-wrap title and the page scrolls
    // sideways on a phone; with it the card titles ellipsize.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Box>
        <Typography variant="h1" component="h1" sx={{ mb: 0.5 }}>
          {name ? t('helloName', { name }) : t('hello')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
      </Box>

      <Box component="section" aria-labelledby="verifications-heading">
        <Typography id="verifications-heading" variant="h2" component="h2" sx={{ mb: 1.5 }}>
          {t('yourVerifications')}
        </Typography>
        {status.kind === 'loading' && (
          <Stack spacing={1.5} role="status" aria-label={t('loadingVerifications')}>
            <TransactionCardSkeleton />
            <TransactionCardSkeleton />
          </Stack>
        )}
        {status.kind === 'failed' && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => void transactions.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('loadFailed')}
          </Alert>
        )}
        {status.kind === 'ready' && status.list.length > 0 && (
          <>
            <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-labelledby="verifications-heading">
              {status.list.map((txn) => (
                <TransactionCard key={txn.txnId} transaction={txn} />
              ))}
            </Stack>
            {status.total > status.list.length && (
              <Button component={RouterLink} to={PATHS.formTxns} sx={{ mt: 1.5 }}>
                {t('viewAll')}
              </Button>
            )}
          </>
        )}
        {status.kind === 'ready' && status.list.length === 0 && (
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
            <Box
              sx={{
                width: 56,
                height: 56,
                mx: 'auto',
                mb: 2,
                borderRadius: '50%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: 'rgba(29, 78, 137, 0.08)',
                color: 'primary.main',
              }}
            >
              <LinkOutlinedIcon aria-hidden />
            </Box>
            <Typography variant="h3" component="p" sx={{ mb: 1 }}>
              {t('noneYet')}
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: 3 }}>
              {t('noneYetBody')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                startIcon={<PlayCircleOutlinedIcon />}
                onClick={() => dispatch(setOpenDemo(true))}
              >
                {t('watchDemo')}
              </Button>
              <Button variant="outlined" component={RouterLink} to={PATHS.instructions}>
                {t('readInstructions')}
              </Button>
            </Box>
          </Paper>
        )}
      </Box>
    </Box>
  );
}
