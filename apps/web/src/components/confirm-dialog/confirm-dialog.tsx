import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * A two-button dialog that asks before something is done (skip, submit, remove…), or, without a
 * confirm label, one that only informs. Labels come from the caller's catalog.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  closeLabel,
  confirmColor = 'primary',
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
  /** The button that closes without doing anything ("Cancel", or "OK" when it only informs). */
  closeLabel: string;
  /** `error` for what cannot be undone from here (a removal). */
  confirmColor?: 'primary' | 'error';
  busy?: boolean;
  onConfirm?: () => void;
  onClose: () => void;
  id: string;
}) {
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
          {closeLabel}
        </Button>
        {confirmLabel && (
          <Button variant="contained" color={confirmColor} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
