import type { ReactNode } from 'react';
import { RouteErrorBoundary as SharedBoundary } from '@veridocs/ui';
import { m } from '../messages';

/** A route's error boundary (issue 24) with this app's words: a failed page never leaves a blank page. */
export function RouteErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  return (
    <SharedBoundary resetKey={resetKey} texts={m.app}>
      {children}
    </SharedBoundary>
  );
}
