import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { Banner } from '@veridocs/shared';
import { useT } from '../../i18n';
import { formatLongDate } from '../../lib/dates';
import { ekycCatalog } from './ekyc-catalog';

/** Status banners of the form home (spec §2, §4): Verified, InProgress (with the expected date), Closed. */
export function StatusBanner({ banner }: { banner: Banner }) {
  const t = useT(ekycCatalog);
  if (!banner) return null;
  switch (banner.kind) {
    case 'verified':
      return (
        <Alert severity="success" role="status">
          <AlertTitle>{t('congratulations')}</AlertTitle>
          {t('allComplete')}
        </Alert>
      );
    case 'in-progress':
      return (
        <Alert severity={banner.delayed ? 'warning' : 'info'} role="status">
          <AlertTitle>{t('inProgressTitle')}</AlertTitle>
          {t('inProgressBody', { date: formatLongDate(banner.maxDate) })}
          {banner.delayed && ` ${t('delayed')}`}
        </Alert>
      );
    case 'closed':
      return (
        <Alert severity="info" role="status">
          <AlertTitle>{t('closedTitle')}</AlertTitle>
          {t('closedBody', { date: formatLongDate(banner.updatedAt) })}
        </Alert>
      );
  }
}
