import DialogContentText from '@mui/material/DialogContentText';
import { useT } from '../../../i18n';
import { ekycCatalog } from '../ekyc-catalog';
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
  const t = useT(ekycCatalog);
  return (
    <ConfirmDialog
      id="start-process"
      open={open}
      title={t('startTitle')}
      confirmLabel={t('start')}
      busy={busy}
      onConfirm={onStart}
      onClose={onClose}
    >
      <DialogContentText>{t('clickStart')}</DialogContentText>
    </ConfirmDialog>
  );
}
