import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import type { CredentialVerification } from '@veridocs/shared';
import { useNavigate, useParams } from 'react-router';
import { walletCredentialPath } from '../../app/path-builders';
import { useAppSelector } from '../../app/store/hooks';
import { selectIsLoggedIn } from '../../app/store/selectors';
import { useT } from '../../i18n';
import { notify } from '../../lib/notify';
import { isApiQueryError } from '../../lib/api/base-query';
import { formatDate, formatDateTime } from '../../lib/dates';
import { CredentialFacts, useTypeLabel } from './credential-facts';
import { walletCatalog } from './wallet-catalog';
import { useReceiveCredentialMutation, useVerifyCredentialQuery } from './wallet-api';

const CREDENTIAL_NOT_FOUND = 245;

/** A signed-in visitor keeps a valid credential shared with them in their own wallet (ADR 0037). */
function ReceiveSection({ shareId }: { shareId: string }) {
  const t = useT(walletCatalog);
  const navigate = useNavigate();
  const [receive, { isLoading }] = useReceiveCredentialMutation();
  const keep = async () => {
    // Refusals (revoked, their own) reach the visitor as the error catalogue's snackbar.
    const answer = await receive(shareId)
      .unwrap()
      .catch(() => null);
    if (!answer) return;
    notify(t('receivedToast'), 'success');
    void navigate(walletCredentialPath(answer.id));
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="receive-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="receive-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('receiveTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('receiveBody')}
      </Typography>
      <Button variant="contained" onClick={() => void keep()} disabled={isLoading}>
        {t('receive')}
      </Button>
    </Paper>
  );
}

function Checks({ checks }: { checks: CredentialVerification['checks'] }) {
  const t = useT(walletCatalog);
  const rows = [
    ['checkSignature', checks.signature],
    ['checkIssuer', checks.issuer],
    ['checkExpiry', checks.expiry],
    ['checkStatus', checks.status],
  ] as const;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {rows.map(([key, passed]) => (
        <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {passed ? (
            <CheckCircleIcon aria-hidden fontSize="small" color="success" />
          ) : (
            <CancelIcon aria-hidden fontSize="small" color="error" />
          )}
          <Typography variant="body2">
            {t(key)}: {passed ? t('passed') : t('failed')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The public verification page (/credentials/verify/{shareId}): open without an account, it asks the
 * server to check the credential (signature, issuer, expiry, status list) and shows the answer.
 */
export default function VerifyCredentialPage() {
  const t = useT(walletCatalog);
  const typeLabel = useTypeLabel();
  const { id = '' } = useParams();
  const { data, error, isLoading } = useVerifyCredentialQuery(id);
  const loggedIn = useAppSelector(selectIsLoggedIn);

  if (isLoading) return <Skeleton variant="rounded" height={280} sx={{ maxWidth: 720, mx: 'auto' }} />;
  if (!data) {
    const notFound = isApiQueryError(error) && error.code === CREDENTIAL_NOT_FOUND;
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto' }}>
        <Alert severity={notFound ? 'warning' : 'error'}>
          {notFound ? t('verifyNotFound') : t('verifyFailed')}
        </Alert>
      </Box>
    );
  }

  const credential = data.credential;
  const severity = data.result === 'valid' ? 'success' : 'error';
  const title =
    data.result === 'valid'
      ? t('resultValid')
      : data.result === 'revoked'
        ? t('resultRevoked')
        : t('resultInvalid');
  const body =
    data.result === 'valid'
      ? t('resultValidBody', { issuer: credential?.issuerName ?? 'Veridocs' })
      : data.result === 'revoked'
        ? t('resultRevokedBody')
        : t(`reason_${data.reason ?? 'malformed'}`);
  const dates: [string, string][] = credential
    ? [
        [t('issuer'), `${credential.issuerName} (${credential.issuer})`],
        [t('issuedAt'), formatDate(credential.issuedAt)],
        ...(credential.expiresAt
          ? [[t('expiresAt'), formatDate(credential.expiresAt)] as [string, string]]
          : []),
        ...(credential.revokedAt
          ? [[t('revokedAt'), formatDate(credential.revokedAt)] as [string, string]]
          : []),
      ]
    : [];
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      {/* The shell's header is the page's h1 ("Verify Credential", its title by path). */}
      <Typography color="text.secondary">{t('verifyIntro')}</Typography>
      <Alert severity={severity} variant="filled" role="status" data-result={data.result}>
        <AlertTitle sx={{ fontWeight: 700 }}>{title}</AlertTitle>
        {body}
      </Alert>
      {credential && (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="facts-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="overline" color="text.secondary">
            {typeLabel(credential.credentialType)}
          </Typography>
          <Typography id="facts-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {t('credentialFacts')}
          </Typography>
          <CredentialFacts attributes={credential.credentialAttributes} extra={dates} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            {t('attestedOnly')}
          </Typography>
        </Paper>
      )}
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="checks-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="checks-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('checks')}
        </Typography>
        <Checks checks={data.checks} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {t('checkedAt', { date: formatDateTime(data.checkedAt) })}
        </Typography>
      </Paper>
      {loggedIn && data.result === 'valid' && <ReceiveSection shareId={id} />}
    </Stack>
  );
}
