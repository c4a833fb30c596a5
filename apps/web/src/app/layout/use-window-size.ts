import { useSyncExternalStore } from 'react';
import { serverViewport } from './server-viewport';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** True while the window is at least `minWidth` px wide (JS, so that only one variant is rendered). */
export function useMinWidth(minWidth: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth >= minWidth,
    () => serverViewport().width >= minWidth,
  );
}
