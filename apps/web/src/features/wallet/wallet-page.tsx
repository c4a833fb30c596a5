import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import type { Credential } from '@veridocs/shared';
import { Link as RouterLink } from 'react-router';
import { walletCredentialPath } from '../../app/path-builders';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { useTypeLabel } from './credential-facts';
import { walletCatalog } from './wallet-catalog';
import { useListCredentialsQuery } from './wallet-api';

export function StatusChip({ credential }: { credential: Pick<Credential, 'status'> }) {
  const t = useT(walletCatalog);
  return credential.status === 'revoked' ? (
    <Chip size="small" color="error" label={t('statusRevoked')} />
  ) : (
    <Chip size="small" color="success" variant="outlined" label={t('statusActive')} />
  );
}

/** A credential someone shared with the candidate (ADR 0037), not one issued to them. */
export function ReceivedChip() {
  const t = useT(walletCatalog);
  return <Chip size="small" color="info" variant="outlined" label={t('received')} />;
}

function CredentialCard({ credential }: { credential: Credential }) {
  const t = useT(walletCatalog);
  const typeLabel = useTypeLabel();
  const name = credential.credentialAttributes.verification ?? typeLabel(credential.credentialType);
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={walletCredentialPath(credential.id)}
        aria-label={t('open', { name })}
        sx={{ p: 2, display: 'flex', alignItems: 'flex-start', gap: 2, justifyContent: 'flex-start' }}
      >
        <Box
          aria-hidden
          sx={{
            flex: 'none',
            width: 44,
            height: 44,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: credential.status === 'revoked' ? 'action.disabledBackground' : 'primary.main',
            color: credential.status === 'revoked' ? 'text.secondary' : 'primary.contrastText',
          }}
        >
          <VerifiedOutlinedIcon />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
            {typeLabel(credential.credentialType)}
          </Typography>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {credential.credentialAttributes.requestedBy}
          </Typography>
          <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <StatusChip credential={credential} />
            {credential.received && <ReceivedChip />}
            <Typography variant="caption" color="text.secondary">
              {t('issuedOn', { date: formatDate(credential.issuedAt) })}
            </Typography>
            {credential.documents.length > 0 && (
              <Typography variant="caption" color="text.secondary">
                {t('documentCount', { count: credential.documents.length })}
              </Typography>
            )}
          </Stack>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** The wallet (spec §1): the candidate's credentials, newest first. */
export default function WalletPage() {
  const t = useT(walletCatalog);
  const { data, isLoading, isError, refetch } = useListCredentialsQuery();
  return (
    <Box sx={{ maxWidth: 760 }}>
      {/* The layout's header is the page's h1 ("Wallet", its title by path). */}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>
      {isLoading ? (
        <Stack spacing={2}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={112} />
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
      ) : data && data.list.length > 0 ? (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
          {data.list.map((credential) => (
            <CredentialCard key={credential.id} credential={credential} />
          ))}
        </Stack>
      ) : (
        <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
          <AccountBalanceWalletOutlinedIcon aria-hidden sx={{ fontSize: 56, color: 'text.disabled' }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {t('emptyTitle')}
          </Typography>
          <Typography color="text.secondary">{t('emptyBody')}</Typography>
        </Box>
      )}
    </Box>
  );
}
