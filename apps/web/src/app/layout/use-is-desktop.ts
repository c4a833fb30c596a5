import { useSyncExternalStore } from 'react';
import { UI_LIMITS } from '@veridocs/shared';
import { serverViewport } from './server-viewport';

/** Desktop (spec §9): the window is wider than 1080 px and taller than 500 px. */
export function isDesktopWindow(width: number, height: number): boolean {
  return width > UI_LIMITS.desktopMinWidth && height > UI_LIMITS.desktopMinHeight;
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isDesktopWindow(window.innerWidth, window.innerHeight),
    () => isDesktopWindow(serverViewport().width, serverViewport().height),
  );
}
