import { Component, type ReactNode } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { isChunkLoadError } from '@veridocs/shared';
import { m } from '../messages';

/**
 * In place of a page that failed: its code could not be downloaded (after loadWithRetry's attempts) or
 * it threw while rendering. A reload fetches /org again and with it the current build's chunk names
 * (the page is never cached), so a portal left open across a deployment is not stranded.
 */
function PageError({ error }: { error: unknown }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start', maxWidth: 640 }}>
      <Alert severity="error" role="alert" sx={{ width: '100%' }}>
        {isChunkLoadError(error) ? m.app.pageNotDownloaded : m.app.pageFailed}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {m.app.reload}
      </Button>
    </Box>
  );
}

interface Props {
  children: ReactNode;
  /** The failure clears when this changes (another page was opened). */
  resetKey: string;
}
interface State {
  error: unknown;
  failedAt: string | null;
}

/** A route's error boundary (issue 24): a failed page shows a message inside the layout, never a blank page. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedAt === null && state.error !== null) return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: null };
    return null;
  }

  override render() {
    return this.state.error === null ? this.props.children : <PageError error={this.state.error} />;
  }
}
