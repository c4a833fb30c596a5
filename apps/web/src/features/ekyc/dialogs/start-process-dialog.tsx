import DialogContentText from '@mui/material/DialogContentText';
import { JOURNEY_TEXT } from '@veridocs/shared';
import { ConfirmDialog } from './confirm-dialog';

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
    <ConfirmDialog
      id="start-process"
      open={open}
      title="Start verification"
      confirmLabel="Start"
      busy={busy}
      onConfirm={onStart}
      onClose={onClose}
    >
      <DialogContentText>{JOURNEY_TEXT.clickStart}</DialogContentText>
    </ConfirmDialog>
  );
}
