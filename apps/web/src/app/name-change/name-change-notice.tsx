import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useT } from '../../i18n';
import { NameChangeDialog } from './name-change-dialog';
import { nameChangeCatalog } from './name-change-catalog';

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
        <NameChangeDialog
          open
          onClose={() => setOpen(false)}
          orgId={orgId}
          txnId={txnId}
          verificationName={verificationName}
          verifiedName={verifiedName}
          profileName={profileName}
        />
      )}
    </>
  );
}
