import { useEffect, useState } from 'react';

/** The longest a deferred start waits for an idle moment after the page has loaded. */
const IDLE_TIMEOUT_MS = 2_000;

let settled: Promise<void> | undefined;
let done = false;
let screenDrawn: () => void = () => undefined;
const firstScreenDrawn = new Promise<void>((resolve) => {
  screenDrawn = resolve;
});

/**
 * Called once the signed-in layout's screen has committed (app-layout.tsx): a screen still waiting for
 * its code or its catalog (Hindi) has not, though the layout around it has.
 */
export function markFirstScreenDrawn(): void {
  screenDrawn();
}

/**
 * Resolves once the page has loaded (its scripts and the boot script's preloads are in), the layout's
 * first screen has been drawn (markFirstScreenDrawn) and the main thread is idle: when what the first screen needs has been fetched and run. What no first screen needs
 * (the live notifications, the drawer's and the chat button's chunks) starts then: on a slow phone,
 * fetched and run earlier, it held the form home's tiles back by 0.3–0.9 s (issue 31 §2). Once per page:
 * later screens start them at once.
 */
export function afterFirstScreen(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined') return;
    const finish = () => {
      done = true;
      resolve();
    };
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(finish, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(finish, 0);
    };
    const loaded =
      document.readyState === 'complete'
        ? Promise.resolve()
        : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
    void Promise.all([loaded, firstScreenDrawn]).then(whenIdle);
  });
  return settled;
}

/** False until afterFirstScreen() has resolved; true from then on (also on later mounts). */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(() => done);
  useEffect(() => {
    if (ready) return;
    let active = true;
    void afterFirstScreen().then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, [ready]);
  return ready;
}

/** How old an answer the first screen takes as it is: the ones asked for while the app started. */
const FIRST_SCREEN_FRESH_S = 10;

/**
 * RTK Query's refetchOnMountOrArgChange for a screen's queries: every mount asks again (the app's
 * rule), but the first screen's, until afterFirstScreen(), takes an answer of the last few seconds as
 * it is: the one asked for while the app started (features/ekyc/form-entry-data.ts), which it would
 * otherwise ask for twice. Read when a query mounts; a later value does not ask again.
 */
export const refetchOnMount = (): true | number => (done ? true : FIRST_SCREEN_FRESH_S);
