import { Suspense, lazy, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { loadWithRetry } from '@veridocs/shared';
import { useT } from '../../i18n';
import { nameChangeCatalog } from './name-change-catalog';

/**
 * Loaded when the candidate opens it: with its file upload (tus, ~26 KB gzip) it would otherwise be
 * part of the form home's script before its first render (issue 31 §2).
 */
const NameChangeDialog = lazy(() =>
  loadWithRetry(() =>
    import('./name-change-dialog').then((module) => ({ default: module.NameChangeDialog })),
  ),
);

/**
 * On the form: when the verified name differs from the profile, the way to file the name change
 * request, or its state once filed (transaction info's nameChangeRequest.requested).
 */
export function NameChangeNotice({
  orgId,
  txnId,
  verificationName,
  verifiedName,
  profileName,
  requested,
}: {
  orgId: string;
  txnId: string;
  verificationName: string | null;
  verifiedName: string;
  profileName: string;
  requested: boolean;
}) {
  const t = useT(nameChangeCatalog);
  const [open, setOpen] = useState(false);
  if (requested)
    return (
      <Alert severity="info">
        <AlertTitle>{t('requested')}</AlertTitle>
        {t('requestedBody')}
      </Alert>
    );
  if (!verificationName) return null;
  return (
    <>
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => setOpen(true)}>
            {t('requestButton')}
          </Button>
        }
        sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
      >
        {t('mismatch', { verified: verifiedName, profile: profileName })}
      </Alert>
      {open && (
        <Suspense fallback={null}>
          <NameChangeDialog
            open
            onClose={() => setOpen(false)}
            orgId={orgId}
            txnId={txnId}
            verificationName={verificationName}
            verifiedName={verifiedName}
            profileName={profileName}
          />
        </Suspense>
      )}
    </>
  );
}
