import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ERASURE_KEPT_CATEGORIES, type ErasureKept, type ErasureRequest } from '@veridocs/shared';
import { QueryStates } from '../../components/query-states/query-states';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useGetErasureQuery, useRequestErasureMutation } from './erasure-api';
import { erasureCatalog } from './erasure-catalog';

/** What erasure keeps before any request (ADR 0049): the server's list once there is one. */
const DEFAULT_KEPT: Pick<ErasureKept, 'category' | 'years'>[] = [
  { category: 'payments', years: 8 },
  { category: 'consent', years: null },
  { category: 'access_logs', years: 2 },
];

function Status({ request }: { request: ErasureRequest }) {
  const t = useT(erasureCatalog);
  if (request.status === 'done')
    return (
      <Alert severity="success">
        {t('statusDone', { done: formatDate(request.doneAt ?? request.dueAt) })}
      </Alert>
    );
  if (request.status === 'held') return <Alert severity="warning">{t('statusHeld')}</Alert>;
  return (
    <Alert severity="info">
      {t('statusRequested', { requested: formatDate(request.requestedAt), due: formatDate(request.dueAt) })}
    </Alert>
  );
}

/**
 * The right to erasure (issue 29, ADR 0049 "Erasure"): what goes, what stays and why, the request behind
 * a confirmation, and its status after.
 */
export default function ErasurePage() {
  const t = useT(erasureCatalog);
  const { data, isLoading, isError, refetch } = useGetErasureQuery();
  const [requestErasure, { isLoading: busy }] = useRequestErasureMutation();
  const [confirming, setConfirming] = useState(false);
  const request = data?.request ?? null;
  const kept = (request?.kept ?? DEFAULT_KEPT).filter((k) => ERASURE_KEPT_CATEGORIES.includes(k.category));

  const confirm = async () => {
    const result = await requestErasure();
    setConfirming(false);
    if (!('error' in result)) notify(t('requested'), 'success');
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2 }}>
      <Typography variant="h2" component="h2">
        {t('title')}
      </Typography>
      <Typography>{t('intro')}</Typography>
      <Box>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('whatGoes')}
        </Typography>
        <Typography>{t('goes')}</Typography>
      </Box>
      <Box>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('whatStays')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {kept.map((k) => (
            <li key={k.category}>
              <Typography>{t(`kept_${k.category}`, { years: String(k.years ?? '') })}</Typography>
            </li>
          ))}
        </Box>
      </Box>
      {/* Not knowing whether a request is open, the page offers none: a failure says so, with a retry. */}
      <QueryStates
        data={data}
        loading={isLoading}
        failed={isError}
        onRetry={() => void refetch()}
        failedLabel={t('loadFailed')}
        retryLabel={t('retry')}
        skeleton={[48]}
      >
        {() =>
          request && request.status !== 'done' ? (
            <Status request={request} />
          ) : (
            <>
              {request && <Status request={request} />}
              <Box>
                <Button variant="contained" color="error" onClick={() => setConfirming(true)}>
                  {t('request')}
                </Button>
              </Box>
            </>
          )
        }
      </QueryStates>
      <ConfirmDialog
        id="erasure-confirm"
        open={confirming}
        title={t('confirmTitle')}
        confirmLabel={t('confirm')}
        closeLabel={t('cancel')}
        confirmColor="error"
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        <Typography>{t('confirmText')}</Typography>
      </ConfirmDialog>
    </Paper>
  );
}
