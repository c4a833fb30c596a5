import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { commonCatalog, useT } from '../../i18n';

/** Shown while a lazily loaded screen arrives. */
export function PageLoader({ label, fullHeight = false }: { label?: string; fullHeight?: boolean }) {
  const t = useT(commonCatalog);
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullHeight ? '100vh' : 240,
        width: '100%',
      }}
    >
      <CircularProgress size={32} aria-label={label ?? t('loading')} />
    </Box>
  );
}
