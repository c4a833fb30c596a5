import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n';
import { ekycCatalog } from '../ekyc-catalog';
import { ConfirmDialog } from './confirm-dialog';

function Names({ labels }: { labels: readonly string[] }) {
  return (
    <List dense sx={{ listStyleType: 'disc', pl: 3, py: 0 }}>
      {labels.map((label) => (
        <ListItem key={label} sx={{ display: 'list-item', px: 0 }}>
          {label}
        </ListItem>
      ))}
    </List>
  );
}

/** Skip one verification: confirm first. */
export function SkipDialog({
  label,
  busy,
  onConfirm,
  onClose,
}: {
  label: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT(ekycCatalog);
  return (
    <ConfirmDialog
      id="skip-dialog"
      open={label !== null}
      title={t('skipTitle', { label: label ?? '' })}
      confirmLabel={t('skip')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography>{t('skipBody', { label: label ?? '' })}</Typography>
    </ConfirmDialog>
  );
}

export type PendingReason =
  { kind: 'pending-minimum-set'; labels: string[] } | { kind: 'blocked'; labels: string[] };

/** Pending verifications (spec §2 "Dialogs"): what is still missing before Continue can go on. */
export function PendingVerificationsDialog({
  reason,
  onClose,
}: {
  reason: PendingReason | null;
  onClose: () => void;
}) {
  const t = useT(ekycCatalog);
  return (
    <ConfirmDialog id="pending-dialog" open={reason !== null} title={t('pendingTitle')} onClose={onClose}>
      {reason?.kind === 'pending-minimum-set' ? (
        <>
          <Typography sx={{ mb: 1 }}>{t('pendingMinimum')}</Typography>
          <Names labels={reason.labels} />
        </>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>{t('pendingBlocked')}</Typography>
          <Names labels={reason?.labels ?? []} />
        </>
      )}
    </ConfirmDialog>
  );
}

/** Skippable verifications are still remaining: offer "Skip pending" (then Continue goes on). */
export function SkipPendingDialog({
  labels,
  busy,
  onConfirm,
  onClose,
}: {
  labels: string[] | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT(ekycCatalog);
  return (
    <ConfirmDialog
      id="skip-pending-dialog"
      open={labels !== null}
      title={t('pendingTitle')}
      confirmLabel={t('skipPending')}
      cancelLabel={t('completeThem')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography sx={{ mb: 1 }}>{t('notFilledYet', { count: labels?.length ?? 0 })}</Typography>
      <Names labels={labels ?? []} />
      <Typography sx={{ mt: 1 }}>{t('skipToContinue')}</Typography>
    </ConfirmDialog>
  );
}

/**
 * Slot for the payments issue: the fast-track (express) warning shown before payment (spec §4 "Payment",
 * §9). Not wired yet.
 */
export function ExpressWarningDialog({
  open,
  unsupportedLabels,
  onProceed,
  onClose,
}: {
  open: boolean;
  unsupportedLabels: string[];
  onProceed: () => void;
  onClose: () => void;
}) {
  const t = useT(ekycCatalog);
  return (
    <ConfirmDialog
      id="express-warning-dialog"
      open={open}
      title={t('expressTitle')}
      confirmLabel={t('proceed')}
      onConfirm={onProceed}
      onClose={onClose}
    >
      <Typography sx={{ mb: 1 }}>{t('expressBody')}</Typography>
      <Names labels={unsupportedLabels} />
    </ConfirmDialog>
  );
}

/**
 * Slot for the payments issue: the name-change request (spec §3 "Name change request": document proof
 * required). The document upload arrives with that issue; not wired yet.
 */
export function NameChangeDialog({
  open,
  verificationLabel,
  onSubmit,
  onClose,
}: {
  open: boolean;
  verificationLabel: string;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const t = useT(ekycCatalog);
  return (
    <ConfirmDialog
      id="name-change-dialog"
      open={open}
      title={t('nameChangeTitle')}
      confirmLabel={t('submit')}
      onConfirm={onSubmit}
      onClose={onClose}
    >
      <Typography>{t('nameChangeBody', { label: verificationLabel })}</Typography>
    </ConfirmDialog>
  );
}

/** Delete an added instance, or clear the first one (DELETE /bgv), after the candidate confirms. */
export function DeleteDialog({
  target,
  busy,
  onConfirm,
  onClose,
}: {
  /** The tile's label and whether it is cleared (the first instance) rather than deleted. */
  target: { label: string; clear: boolean } | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT(ekycCatalog);
  const label = target?.label ?? '';
  return (
    <ConfirmDialog
      id="delete-dialog"
      open={target !== null}
      title={target?.clear ? t('clearTitle', { label }) : t('deleteTitle', { label })}
      confirmLabel={target?.clear ? t('clear') : t('delete')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography>{target?.clear ? t('clearBody', { label }) : t('deleteBody', { label })}</Typography>
    </ConfirmDialog>
  );
}
