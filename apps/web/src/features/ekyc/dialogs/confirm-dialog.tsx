import type { ComponentProps } from 'react';
import { ConfirmDialog as BaseConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { useT } from '../../../i18n';
import { ekycCatalog } from '../ekyc-catalog';

/** The journey's skip, pending and warning dialogs: the shared dialog with the journey's Cancel / OK. */
export function ConfirmDialog({
  cancelLabel,
  ...props
}: Omit<ComponentProps<typeof BaseConfirmDialog>, 'closeLabel'> & { cancelLabel?: string }) {
  const t = useT(ekycCatalog);
  return (
    <BaseConfirmDialog {...props} closeLabel={props.confirmLabel ? (cancelLabel ?? t('cancel')) : t('ok')} />
  );
}
