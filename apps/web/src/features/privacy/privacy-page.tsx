import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrivacyTipOutlinedIcon from '@mui/icons-material/PrivacyTipOutlined';
import type { PrivacyPurpose, PrivacyRequest, PrivacyRequestPurpose } from '@veridocs/shared';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useListConsentsQuery, useWithdrawConsentMutation } from './privacy-api';
import { privacyCatalog } from './privacy-catalog';

/** Withdrawing one of these stops the whole request (ADR 0049). */
const STOPPING: readonly PrivacyPurpose[] = ['verify', 'report_organisation'];

/** What withdrawing `purpose` does, said before the candidate confirms (ADR 0049). */
function Effects({ request, purpose }: { request: PrivacyRequest; purpose: PrivacyPurpose }) {
  const t = useT(privacyCatalog);
  const names = { org: request.orgName, form: request.formName };
  const lines = STOPPING.includes(purpose)
    ? [t('effect_stop', names), t('effect_kept', names)]
    : [t(`effect_${purpose as 'report_partner' | 'contact_institutions' | 'wallet'}`)];
  return (
    <Stack spacing={1.5}>
      <Typography sx={{ fontWeight: 600 }}>
        {t('confirmPurpose', { purpose: t(`purpose_${purpose}`, names) })}
      </Typography>
      {lines.map((line) => (
        <Typography key={line}>{line}</Typography>
      ))}
      <Typography>{t('noRefund')}</Typography>
      <Typography color="text.secondary">{t('cannotUndo')}</Typography>
    </Stack>
  );
}

function PurposeRow({
  request,
  purpose,
  onWithdraw,
}: {
  request: PrivacyRequest;
  purpose: PrivacyRequestPurpose;
  onWithdraw: () => void;
}) {
  const t = useT(privacyCatalog);
  const label = t(`purpose_${purpose.purpose}`, { org: request.orgName });
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{label}</Typography>
        <Stack direction="row" sx={{ mt: 0.5, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {purpose.granted ? (
            <Chip size="small" color="success" variant="outlined" label={t('granted')} />
          ) : purpose.action === 'withdraw' ? (
            <Chip size="small" label={t('withdrawn', { date: formatDate(purpose.at) })} />
          ) : (
            <Chip size="small" label={t('refused')} />
          )}
          {purpose.required && (
            <Typography variant="caption" color="text.secondary">
              {t('required')}
            </Typography>
          )}
        </Stack>
      </Box>
      {purpose.granted && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          onClick={onWithdraw}
          aria-label={t('withdrawLabel', { purpose: label })}
        >
          {t('withdraw')}
        </Button>
      )}
    </Box>
  );
}

function RequestCard({
  request,
  onWithdraw,
}: {
  request: PrivacyRequest;
  onWithdraw: (purpose: PrivacyPurpose) => void;
}) {
  const t = useT(privacyCatalog);
  const names = { org: request.orgName, form: request.formName };
  const headingId = `consent-${request.txnId}`;
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', p: 2 }}>
      <Typography
        id={headingId}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {t('requestOf', names)}
      </Typography>
      {request.consentedAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('consentedOn', { date: formatDate(request.consentedAt) })}
        </Typography>
      )}
      <Box component="ul" aria-label={t('purposesOf', names)} sx={{ p: 0, m: 0 }}>
        {request.purposes.map((purpose) => (
          <PurposeRow
            key={purpose.purpose}
            request={request}
            purpose={purpose}
            onWithdraw={() => onWithdraw(purpose.purpose)}
          />
        ))}
      </Box>
    </Card>
  );
}

/** The consents section: each request the ledger holds, its purposes, a withdrawal per granted one. */
function ConsentsSection() {
  const t = useT(privacyCatalog);
  const { data, isLoading, isError, refetch } = useListConsentsQuery();
  const [asking, setAsking] = useState<{ request: PrivacyRequest; purpose: PrivacyPurpose } | null>(null);
  const [withdraw, { isLoading: withdrawing }] = useWithdrawConsentMutation();
  const confirm = async () => {
    if (!asking) return;
    const result = await withdraw({ txnId: asking.request.txnId, purposes: [asking.purpose] });
    if ('error' in result) return;
    setAsking(null);
    notify(
      STOPPING.includes(asking.purpose) ? t('doneKept', { org: result.data.organisation }) : t('done'),
      'success',
    );
  };
  return (
    <Box component="section" aria-labelledby="privacy-consents">
      <Typography id="privacy-consents" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('consentsTitle')}
      </Typography>
      {isLoading ? (
        <Stack spacing={2} aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={160} />
          ))}
        </Stack>
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      ) : data && data.requests.length > 0 ? (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
          {data.requests.map((request) => (
            <RequestCard
              key={request.txnId}
              request={request}
              onWithdraw={(purpose) => setAsking({ request, purpose })}
            />
          ))}
        </Stack>
      ) : (
        <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
          <PrivacyTipOutlinedIcon aria-hidden sx={{ fontSize: 56, color: 'text.disabled' }} />
          <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
            {t('emptyTitle')}
          </Typography>
          <Typography color="text.secondary">{t('emptyBody')}</Typography>
        </Box>
      )}
      <ConfirmDialog
        id="withdraw-consent"
        open={asking !== null}
        title={t('confirmTitle')}
        confirmLabel={t('confirm')}
        closeLabel={t('cancel')}
        confirmColor="error"
        busy={withdrawing}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      >
        {asking && <Effects request={asking.request} purpose={asking.purpose} />}
      </ConfirmDialog>
    </Box>
  );
}

/**
 * The candidate's privacy page (issue 29, ADR 0049), reached from the profile: a list of sections
 * (consents now; access and erasure join it as sections of their own).
 */
export default function PrivacyPage() {
  const t = useT(privacyCatalog);
  return (
    <Box sx={{ maxWidth: 760 }}>
      {/* The layout's header is the page's h1 ("Privacy", its title by path). */}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>
      <Stack spacing={4}>
        <ConsentsSection />
      </Stack>
    </Box>
  );
}
