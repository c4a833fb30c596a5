import { useEffect } from 'react';
import { ORG_API_PATHS } from '@veridocs/shared';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { readSession } from '../../lib/session';

/** How long to wait before reconnecting a dropped stream (the server suggests 5 s). */
export const RECONNECT_MS = 5_000;

/**
 * Keeps the dashboard live: reads the server-sent events of ORG_API_PATHS.events with fetch (it needs the
 * bearer header, which EventSource cannot send) and refetches the forms' counts and the candidates on
 * each event. A dropped stream reconnects after a delay (and refetches: events may have been missed);
 * unmounting aborts it.
 */
export function useLiveUpdates(reconnectMs = RECONNECT_MS): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connected = false;
    const refresh = () => dispatch(api.util.invalidateTags(['Forms', 'Candidates']));

    const connect = async () => {
      const session = readSession();
      if (!session) return;
      let retry = true;
      try {
        const response = await fetch(ORG_API_PATHS.events, {
          headers: { authorization: `Bearer ${session.accessToken}`, accept: 'text/event-stream' },
          cache: 'no-store',
          signal: controller.signal,
        });
        // The token no longer works: the next API call ends the session; do not knock again.
        if (response.status === 401 || response.status === 403) retry = false;
        if (!response.ok || !response.body) return;
        if (connected) refresh();
        connected = true;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          const lines = buffer.split(/\r?\n/);
          buffer = lines.pop() ?? '';
          if (lines.some((line) => line.startsWith('data:'))) refresh();
        }
      } catch {
        // A network drop or the abort: reconnect below unless aborted.
      } finally {
        if (retry && !controller.signal.aborted) timer = setTimeout(() => void connect(), reconnectMs);
      }
    };

    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [dispatch, reconnectMs]);
}
