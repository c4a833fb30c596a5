import { Suspense, lazy, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import type { Credential } from '@veridocs/shared';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PATHS } from '../../app/paths';
import { credentialVerifyPath } from '../../app/path-builders';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { CredentialFacts, useTypeLabel } from './credential-facts';
import { walletCatalog } from './wallet-catalog';
import { useGetCredentialQuery, useRemoveReceivedMutation } from './wallet-api';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { ReceivedChip, StatusChip } from './wallet-page';
import { WalletDocuments } from './wallet-documents';
import { loadWithRetry } from '@veridocs/shared';

// The QR generator is fetched only when a QR code is asked for (the wallet's chunk stays small).
const QrCode = lazy(() => loadWithRetry(() => import('./qr-code')));

function ShareSection({ credential }: { credential: Credential }) {
  const t = useT(walletCatalog);
  const [showQr, setShowQr] = useState(false);
  const link = `${window.location.origin}${credentialVerifyPath(credential.shareId)}`;
  const canShare = typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify(t('copied'), 'success');
    } catch {
      // Without clipboard access the field is selected for the visitor to copy.
      document.querySelector<HTMLInputElement>('#share-link')?.select();
    }
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="share-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="share-heading" variant="h6" component="h3" sx={{ mb: 0.5 }}>
        {t('share')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('shareBody')}
      </Typography>
      <TextField
        id="share-link"
        label={t('shareLink')}
        value={link}
        fullWidth
        size="small"
        slotProps={{
          htmlInput: { readOnly: true, onFocus: (e: { target: HTMLInputElement }) => e.target.select() },
        }}
      />
      <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('copyLink')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<QrCode2Icon />}
          onClick={() => setShowQr((v) => !v)}
          aria-expanded={showQr}
        >
          {showQr ? t('hideQr') : t('showQr')}
        </Button>
        {canShare && (
          <Button
            variant="text"
            startIcon={<ShareOutlinedIcon />}
            onClick={() => void navigator.share({ url: link }).catch(() => undefined)}
          >
            {t('shareVia')}
          </Button>
        )}
      </Stack>
      {showQr && (
        <Box
          sx={{
            mt: 2,
            p: 2,
            bgcolor: '#fff',
            borderRadius: 2,
            display: 'inline-block',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Suspense fallback={<Skeleton variant="rectangular" width={220} height={220} />}>
            <QrCode value={link} label={t('qrLabel')} />
          </Suspense>
        </Box>
      )}
    </Paper>
  );
}

/** A received credential: whose it is, and taking it out of the wallet (after a confirmation). */
function ReceivedSection({ credential }: { credential: Credential }) {
  const t = useT(walletCatalog);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [removeReceived, { isLoading: removing }] = useRemoveReceivedMutation();
  const remove = async () => {
    const result = await removeReceived(credential.id);
    if ('error' in result) return;
    setConfirming(false);
    notify(t('receivedRemovedToast'), 'success');
    void navigate(PATHS.wallet);
  };
  return (
    // A note, not an alert: nothing happened that needs announcing.
    <Alert severity="info" role="note">
      {t('receivedBody')}
      <Box sx={{ mt: 1.5 }}>
        <Button variant="outlined" color="inherit" size="small" onClick={() => setConfirming(true)}>
          {t('removeReceived')}
        </Button>
      </Box>
      <ConfirmDialog
        id="remove-received"
        open={confirming}
        title={t('removeReceivedTitle')}
        confirmLabel={t('remove')}
        closeLabel={t('cancel')}
        confirmColor="error"
        busy={removing}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        {t('removeReceivedBody')}
      </ConfirmDialog>
    </Alert>
  );
}

/**
 * One credential of the wallet: its facts, issuer and dates, the holder's supporting documents (not for a
 * received credential), and sharing as a link or QR code.
 */
export default function CredentialPage() {
  const t = useT(walletCatalog);
  const typeLabel = useTypeLabel();
  const { id = '' } = useParams();
  const { data: credential, isLoading, isError, refetch } = useGetCredentialQuery(id);

  if (isLoading) return <Skeleton variant="rounded" height={320} sx={{ maxWidth: 760 }} />;
  if (isError || !credential)
    return (
      <Box sx={{ maxWidth: 760 }}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('notFound')}
        </Alert>
        <Button component={RouterLink} to={PATHS.wallet}>
          {t('backToWallet')}
        </Button>
      </Box>
    );

  const dates: [string, string][] = [
    [t('issuer'), `Veridocs (${credential.issuer})`],
    [t('issuedAt'), formatDate(credential.issuedAt)],
    ...(credential.expiresAt ? [[t('expiresAt'), formatDate(credential.expiresAt)] as [string, string]] : []),
    ...(credential.revokedAt ? [[t('revokedAt'), formatDate(credential.revokedAt)] as [string, string]] : []),
  ];
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Box>
        <Typography variant="overline" color="text.secondary">
          {typeLabel(credential.credentialType)}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {credential.credentialAttributes.verification ?? typeLabel(credential.credentialType)}
          </Typography>
          <StatusChip credential={credential} />
          {credential.received && <ReceivedChip />}
        </Stack>
      </Box>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="details-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="details-heading" variant="h6" component="h3" sx={{ mb: 1.5 }}>
          {t('details')}
        </Typography>
        <CredentialFacts attributes={credential.credentialAttributes} extra={dates} />
      </Paper>
      {credential.received ? (
        <ReceivedSection credential={credential} />
      ) : (
        <WalletDocuments credential={credential} onChanged={() => void refetch()} />
      )}
      {credential.status === 'active' && <ShareSection credential={credential} />}
    </Stack>
  );
}
