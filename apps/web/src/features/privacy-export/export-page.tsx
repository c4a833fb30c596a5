import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { ERROR_CODES, EXPORT_DAILY_LIMIT, hasCode } from '@veridocs/shared';
import { useT } from '../../i18n';
import { notify } from '../../lib/notify';
import { downloadExport } from './export-api';
import { exportCatalog } from './export-catalog';

const PARTS = ['part_data', 'part_files', 'part_readme'] as const;
const limit = String(EXPORT_DAILY_LIMIT);

/**
 * The right to a copy of one's data (issue 29, ADR 0049 "Export"): what the archive holds, and its
 * download with the session, busy while the server builds it, with the failure said on the page.
 */
export default function ExportPage() {
  const t = useT(exportCatalog);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Leaving the page cancels a download in flight.
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const download = async () => {
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    setError(null);
    try {
      await downloadExport(controller.signal);
      notify(t('downloaded'), 'success');
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(
        hasCode(failure, ERROR_CODES.EXPORT_LIMIT_REACHED.code)
          ? t('limit', { limit })
          : hasCode(failure, ERROR_CODES.ERASURE_DONE.code)
            ? t('erased')
            : t('failed'),
      );
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h2" component="h2">
        {t('title')}
      </Typography>
      <Typography>{t('intro')}</Typography>
      <Box>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('whatsInside')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {PARTS.map((part) => (
            <li key={part}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{t(part)}</Typography>
            </li>
          ))}
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('limit_note', { limit })}
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() => void download()}
          disabled={busy}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <DownloadOutlinedIcon />}
        >
          {t('download')}
        </Button>
        {busy && (
          <Typography role="status" aria-live="polite">
            {t('preparing')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
