import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CandidateTransaction } from '@veridocs/shared';
import { useGetCandidateTransactionPagesInfiniteQuery } from '../../app/store/transactions-api';
import { useT } from '../../i18n';
import { homeCatalog } from './home-catalog';
import { TransactionCard, TransactionCardSkeleton } from './transaction-card';

/** /form-txns: all of the candidate's transactions, 10 at a time with "Load more". */
export default function FormTxnsPage() {
  const t = useT(homeCatalog);
  const pages = useGetCandidateTransactionPagesInfiniteQuery();
  // A transaction that moved up between two pages is listed once.
  const list = useMemo(() => {
    const seen = new Set<string>();
    const all: CandidateTransaction[] = [];
    for (const txn of pages.data?.pages.flatMap((page) => page.list) ?? []) {
      if (!seen.has(txn.txnId)) all.push(txn);
      seen.add(txn.txnId);
    }
    return all;
  }, [pages.data]);
  const total = pages.data?.pages.at(-1)?.total ?? 0;
  const loading = pages.isFetching;
  const failed = pages.isError && !pages.isFetching;
  const loaded = pages.data !== undefined;

  const loadMore = () => void (loaded ? pages.fetchNextPage() : pages.refetch());

  return (
    // minmax(0, 1fr), as on home: the cards' no-wrap titles must not widen the page on a phone.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {list.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('yourVerifications')}>
          {list.map((t) => (
            <TransactionCard key={t.txnId} transaction={t} />
          ))}
        </Stack>
      )}
      {loading && (
        <Stack spacing={1.5} role="status" aria-label={t('loadingVerifications')}>
          <TransactionCardSkeleton />
          <TransactionCardSkeleton />
        </Stack>
      )}
      {failed && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={loadMore}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      )}
      {loaded && !loading && list.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography variant="h3" component="p" sx={{ mb: 1 }}>
            {t('noneYet')}
          </Typography>
          <Typography color="text.secondary">{t('noneYetShort')}</Typography>
        </Paper>
      )}
      {loaded && !loading && list.length < total && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={loadMore}>
            {t('loadMore')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
            {t('showing', { shown: list.length, total })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
