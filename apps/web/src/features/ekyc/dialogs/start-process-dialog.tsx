import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { JOURNEY_TEXT } from '@veridocs/shared';

/** The start-process dialog when the form has no questionnaire (spec §2 "Dialogs"). */
export function StartProcessDialog({
  open,
  busy,
  onStart,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onStart: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="start-process-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="start-process-title">Start verification</DialogTitle>
      <DialogContent>
        <DialogContentText>{JOURNEY_TEXT.clickStart}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onStart} loading={busy}>
          Start
        </Button>
      </DialogActions>
    </Dialog>
  );
}
