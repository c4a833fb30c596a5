import Box from '@mui/material/Box';
import { PageLoader } from './page-loader';

/**
 * Shown over the page while a dialog that has just been opened arrives: its code loads the first time
 * it opens (issue 31 §2). The same dim as a dialog's backdrop, with the loading indicator.
 */
export function OverlayLoader() {
  return (
    <Box sx={{ position: 'fixed', inset: 0, zIndex: 'modal', bgcolor: 'rgba(0, 0, 0, 0.5)' }}>
      <PageLoader fullHeight />
    </Box>
  );
}
