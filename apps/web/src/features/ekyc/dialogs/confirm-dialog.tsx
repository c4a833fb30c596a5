import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '../../../i18n';
import { ekycCatalog } from '../ekyc-catalog';

/** A two-button dialog: the journey's skip, pending and warning dialogs are built on it. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onClose,
  id,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Without a confirm label the dialog only informs (one button that closes it). */
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm?: () => void;
  onClose: () => void;
  id: string;
}) {
  const t = useT(ekycCatalog);
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
      <DialogContent id={`${id}-body`}>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} variant={confirmLabel ? 'text' : 'contained'}>
          {confirmLabel ? (cancelLabel ?? t('cancel')) : t('ok')}
        </Button>
        {confirmLabel && (
          <Button variant="contained" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
