import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CandidateTransaction } from '@veridocs/shared';
import { useGetCandidateTransactionPagesInfiniteQuery } from '../../app/store/transactions-api';
import { TransactionCard, TransactionCardSkeleton } from './transaction-card';

/** /form-txns: all of the candidate's transactions, 10 at a time with "Load more". */
export default function FormTxnsPage() {
  const pages = useGetCandidateTransactionPagesInfiniteQuery();
  // A transaction that moved up between two pages is listed once.
  const list = useMemo(() => {
    const seen = new Set<string>();
    const all: CandidateTransaction[] = [];
    for (const t of pages.data?.pages.flatMap((page) => page.list) ?? []) {
      if (!seen.has(t.txnId)) all.push(t);
      seen.add(t.txnId);
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
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Your verifications">
          {list.map((t) => (
            <TransactionCard key={t.txnId} transaction={t} />
          ))}
        </Stack>
      )}
      {loading && (
        <Stack spacing={1.5} role="status" aria-label="Loading your verifications">
          <TransactionCardSkeleton />
          <TransactionCardSkeleton />
        </Stack>
      )}
      {failed && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={loadMore}>
              Retry
            </Button>
          }
        >
          Your verifications could not be loaded just now.
        </Alert>
      )}
      {loaded && !loading && list.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography variant="h3" component="p" sx={{ mb: 1 }}>
            No verifications yet
          </Typography>
          <Typography color="text.secondary">
            Open the link an organisation sends you to start a verification.
          </Typography>
        </Paper>
      )}
      {loaded && !loading && list.length < total && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={loadMore}>
            Load more
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
            Showing {list.length} of {total}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
