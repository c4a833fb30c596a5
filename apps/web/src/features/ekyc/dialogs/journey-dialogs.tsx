import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
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
  return (
    <ConfirmDialog
      id="skip-dialog"
      open={label !== null}
      title={`Skip ${label ?? ''}?`}
      confirmLabel="Skip"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography>
        {label} will be marked as skipped and will not be verified. You can still fill it in later while the
        form is open.
      </Typography>
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
  return (
    <ConfirmDialog id="pending-dialog" open={reason !== null} title="Pending verifications" onClose={onClose}>
      {reason?.kind === 'pending-minimum-set' ? (
        <>
          <Typography sx={{ mb: 1 }}>
            Complete at least one of these education verifications to continue:
          </Typography>
          <Names labels={reason.labels} />
        </>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>Complete these verifications to continue:</Typography>
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
  return (
    <ConfirmDialog
      id="skip-pending-dialog"
      open={labels !== null}
      title="Pending verifications"
      confirmLabel="Skip pending"
      cancelLabel="Complete them"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography sx={{ mb: 1 }}>These verifications are not filled in yet:</Typography>
      <Names labels={labels ?? []} />
      <Typography sx={{ mt: 1 }}>Skip them to continue, or fill them in first.</Typography>
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
  return (
    <ConfirmDialog
      id="express-warning-dialog"
      open={open}
      title="Fast-track verification"
      confirmLabel="Proceed"
      onConfirm={onProceed}
      onClose={onClose}
    >
      <Typography sx={{ mb: 1 }}>
        Some verifications are not supported by the fast-track service and affect the total time; the
        fast-tracked ones are still completed within the guaranteed time.
      </Typography>
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
  return (
    <ConfirmDialog
      id="name-change-dialog"
      open={open}
      title="Name change"
      confirmLabel="Submit"
      onConfirm={onSubmit}
      onClose={onClose}
    >
      <Typography>
        The name on your {verificationLabel} document differs from your profile name. Upload document proof of
        the name change to continue.
      </Typography>
    </ConfirmDialog>
  );
}
