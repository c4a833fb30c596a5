import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { JOURNEY_TEXT, type Banner } from '@veridocs/shared';
import { formatLongDate } from '../../lib/dates';

/** Status banners of the form home (spec §2, §4): Verified, InProgress (with the expected date), Closed. */
export function StatusBanner({ banner }: { banner: Banner }) {
  if (!banner) return null;
  switch (banner.kind) {
    case 'verified':
      return (
        <Alert severity="success" role="status">
          <AlertTitle>{JOURNEY_TEXT.congratulations}</AlertTitle>
          All your verifications are complete.
        </Alert>
      );
    case 'in-progress':
      return (
        <Alert severity={banner.delayed ? 'warning' : 'info'} role="status">
          <AlertTitle>Verification in progress</AlertTitle>
          {JOURNEY_TEXT.verificationTime}. Expected completion by {formatLongDate(banner.maxDate)}.
          {banner.delayed &&
            ' We are sorry for the delay: the issuing institutions are taking longer than expected. We will update you as soon as your verification is complete.'}
        </Alert>
      );
    case 'closed':
      return (
        <Alert severity="info" role="status">
          <AlertTitle>Verification closed</AlertTitle>
          This verification was closed on {formatLongDate(banner.updatedAt)}.
        </Alert>
      );
  }
}
