import Alert from '@mui/material/Alert';
import type { TransactionReport } from '@veridocs/shared';
import { useT } from '../../i18n';
import { formatLongDate } from '../../lib/dates';
import { ekycCatalog } from './ekyc-catalog';

/**
 * The verification report's delivery (ADR 0028), under the status banner once every verification is
 * decided: sent to the evaluation partner (whom, when), being prepared, or made without a partner.
 */
export function ReportNotice({ report }: { report: TransactionReport | null | undefined }) {
  const t = useT(ekycCatalog);
  if (!report) return null;
  if (report.status === 'sent' && report.sentTo)
    return (
      <Alert severity="success" variant="outlined" role="status">
        {report.sentAt
          ? t('reportSent', { partner: report.sentTo, date: formatLongDate(report.sentAt) })
          : t('reportSentNoDate', { partner: report.sentTo })}
      </Alert>
    );
  if (report.status === 'no_partner')
    return (
      <Alert severity="info" variant="outlined" role="status">
        {t('reportNoPartner')}
      </Alert>
    );
  return (
    <Alert severity="info" variant="outlined" role="status">
      {report.sentTo ? t('reportPreparing', { partner: report.sentTo }) : t('reportPreparingNoPartner')}
    </Alert>
  );
}
