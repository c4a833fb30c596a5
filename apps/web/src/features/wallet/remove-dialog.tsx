import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '../../i18n';
import { walletCatalog } from './wallet-catalog';

/** Asks before something leaves the wallet (a supporting document, a received credential). */
export function RemoveDialog({
  id,
  open,
  title,
  body,
  busy,
  onConfirm,
  onClose,
}: {
  id: string;
  open: boolean;
  title: string;
  body: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT(walletCatalog);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-body`}>{body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} loading={busy}>
          {t('remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
