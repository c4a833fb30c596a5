import { useSyncExternalStore, type ReactNode } from 'react';
import type { AppPersistor } from './store';

/** Resolves once redux-persist has put the stored slices back (main.tsx waits for it before rendering). */
export function whenRehydrated(persistor: AppPersistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return false;
      unsubscribe?.();
      resolve();
      return true;
    };
    let unsubscribe: (() => void) | undefined;
    if (!check()) unsubscribe = persistor.subscribe(() => void check());
  });
}

/**
 * Renders its children once the persisted slices are back. redux-persist's own PersistGate renders
 * nothing on its first render, always, which would throw away the pre-rendered HTML on hydration; this
 * one reads the persistor's state as it is, and main.tsx renders only after rehydration. On the server
 * (pre-rendering) there is nothing to rehydrate.
 */
export function PersistenceGate({ persistor, children }: { persistor: AppPersistor; children: ReactNode }) {
  const ready = useSyncExternalStore(
    persistor.subscribe,
    () => persistor.getState().bootstrapped,
    () => true,
  );
  return ready ? children : null;
}
