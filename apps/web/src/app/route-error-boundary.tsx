import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isChunkLoadError } from '@veridocs/shared';
import { commonCatalog, useT } from '../i18n';

/**
 * What shows in place of a screen that failed: its code could not be downloaded (after lazyScreen's
 * retries) or it threw while rendering. A reload fetches the page again, and with it the current
 * build's chunk names (pages are never cached, ADR 0008), so a tab opened before a deployment is not
 * stranded on chunks that no longer exist.
 */
export function ScreenError({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const t = useT(commonCatalog);
  return (
    <Box
      // Without a layout around it (the layout's own code failed), it is the page's main content.
      component={standalone ? 'main' : 'div'}
      sx={{
        display: 'grid',
        gap: 2,
        p: standalone ? 2 : 0,
        py: 2,
        justifyItems: 'start',
        maxWidth: 640,
        mx: 'auto',
      }}
    >
      <Alert severity="error" role="alert" sx={{ width: '100%' }}>
        {isChunkLoadError(error) ? t('screenNotDownloaded') : t('screenFailed')}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('reloadPage')}
      </Button>
    </Box>
  );
}

interface Props {
  children: ReactNode;
  /** The failure clears when this changes (the candidate went to another screen). */
  resetKey: string;
  /** Outside any layout (the app's last boundary). */
  standalone?: boolean;
}

/**
 * The error boundary of a route (issue 24): a screen that fails shows a message inside the layout,
 * never a blank page. Not keyed by path: screens that serve several paths keep their state.
 */
export class RouteErrorBoundary extends Component<Props, { error: unknown; failedAt: string | null }> {
  override state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; failedAt: string | null }) {
    if (state.failedAt === null && state.error !== null) return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: null };
    return null;
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <ScreenError error={this.state.error} standalone={this.props.standalone} />
    );
  }
}
