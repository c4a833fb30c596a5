import { useCallback, useEffect, useRef, useState } from 'react';

/** Changes are saved this long after the last one (and at once when the page is hidden). */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/**
 * Debounced saving of the latest values: one request at a time, the newest values win, a flush when
 * the page is hidden (tab switch, phone locked, navigation away) and on unmount.
 */
export function useAutosave<T>(save: (values: T) => Promise<unknown>, enabled: boolean) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const saveRef = useRef(save);
  const pending = useRef<T | null>(null);
  const failed = useRef<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    // One request at a time: the newest values go after the current one.
    while (inFlight.current) await inFlight.current;
    const values = pending.current;
    if (values === null) return;
    pending.current = null;
    if (mounted.current) setStatus('saving');
    const run = saveRef.current(values).then(
      () => {
        failed.current = null;
        if (mounted.current && pending.current === null) setStatus('saved');
      },
      () => {
        failed.current = values;
        if (mounted.current) setStatus('error');
      },
    );
    inFlight.current = run.finally(() => {
      inFlight.current = null;
    });
    await inFlight.current;
  }, []);

  const schedule = useCallback(
    (values: T) => {
      if (!enabled) return;
      pending.current = values;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [enabled, flush],
  );

  const retry = useCallback(() => {
    if (pending.current === null && failed.current !== null) pending.current = failed.current;
    void flush();
  }, [flush]);

  /** Drops what has not been sent yet and waits for a request on the way (before a submit). */
  const cancel = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    await inFlight.current;
  }, []);

  useEffect(() => {
    mounted.current = true;
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => void flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      mounted.current = false;
      void flush();
    };
  }, [flush]);

  return { status, schedule, flush, retry, cancel };
}
