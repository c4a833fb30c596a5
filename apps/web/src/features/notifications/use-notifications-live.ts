import { useEffect, useRef } from 'react';
import { POLL, NOTIFICATION_API_PATHS } from '@veridocs/shared';
import { api } from '../../app/store/api';
import { useAppDispatch } from '../../app/store/hooks';
import { useLanguage } from '../../i18n';
import { config } from '../../lib/config';
import {
  flattenPages,
  loadNotificationSchemas,
  notificationsApi,
  useCreateStreamTokenMutation,
} from './notifications-api';

/**
 * What a notification tells of may change what other screens show: a request's and a verification's
 * state (the home's cards, the form home, a verification's page) and the wallet. Their cached answers
 * are read again when one arrives, so no screen contradicts the notification until a reload.
 */
const STATE_TAGS = ['Transactions', 'Transaction', 'Verification', 'Credentials'] as const;

/** Longest wait before the stream is tried again (polling meanwhile). */
const MAX_RETRY_MS = 60_000;

/**
 * Keeps the cached notifications live (ADR 0030): a server-sent events stream opened with a short-lived
 * token; each new notification is put at the top of the cached list at once. While the stream is not
 * open (no EventSource, a refused token, a dropped connection) the list is polled every POLL.intervalMs
 * (a new notification found so reads the states again, as the stream's does) and the stream is tried
 * again with a growing delay. Mounted once, in the logged-in layout.
 *
 * The server renders notifications in the request's language (ADR 0038): when the language changes,
 * the list is read again and the stream reopened with a token minted in the new language.
 */
export function useNotificationsLive(): void {
  const dispatch = useAppDispatch();
  const [createToken] = useCreateStreamTokenMutation();
  const language = useLanguage();
  const shownIn = useRef(language);

  useEffect(() => {
    if (shownIn.current === language) return;
    shownIn.current = language;
    dispatch(notificationsApi.util.invalidateTags(['Notifications']));
  }, [dispatch, language]);

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let poll: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 2_000;

    const refresh = () => void dispatch(notificationsApi.util.invalidateTags(['Notifications']));
    const refreshStates = () => void dispatch(api.util.invalidateTags([...STATE_TAGS]));
    const list = notificationsApi.endpoints.getNotifications;
    // The store's state type leaves out the api's slice (added lazily): the selector is given it as is.
    const cached = (state: unknown) =>
      list.select()(state as Parameters<ReturnType<typeof list.select>>[0]).data?.pages;
    /** The notifications this hook has seen (cached, polled, streamed): a polled one not among them is new. */
    const known = new Set<string>();
    /** Whether the list has been read once: until then nothing polled can be told new. */
    let read = false;
    const learn = (items: readonly { id: string }[]) => items.forEach((item) => known.add(item.id));
    /**
     * Reads the newest page, whether or not a screen shows the list (the side panel is not on a phone).
     * A notification the stream would have brought changes the states as well: read them again, as the
     * stream does, so the home's card follows without a reload. The first read only learns what is there.
     */
    const pollOnce = async () => {
      // Only before the first read: later, a screen may put a new one in the cache between two polls
      // (the list page mounting, a mark-read), and learning it from there would hide it as not new.
      const pages = read ? undefined : dispatch((_: unknown, getState: () => unknown) => cached(getState()));
      if (pages) {
        read = true;
        learn(flattenPages(pages));
      }
      const wasRead = read;
      const polled = await dispatch(list.initiate(undefined, { subscribe: false, forceRefetch: true }));
      if (stopped || !polled.data) return;
      const items = flattenPages(polled.data.pages);
      const fresh = items.some((item) => !known.has(item.id));
      learn(items);
      read = true;
      if (fresh && wasRead) refreshStates();
    };
    const startPolling = () => {
      poll ??= setInterval(() => void pollOnce(), POLL.intervalMs);
    };
    const stopPolling = () => {
      if (poll !== undefined) clearInterval(poll);
      poll = undefined;
    };
    const scheduleRetry = () => {
      if (stopped || retry !== undefined) return;
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    };

    async function connect() {
      if (stopped) return;
      if (typeof EventSource === 'undefined') return startPolling();
      const minted = await createToken()
        .unwrap()
        .catch(() => null);
      if (stopped) return;
      if (!minted) {
        startPolling();
        return scheduleRetry();
      }
      // The events' schema (loaded with the token's answer already: no request of its own here).
      const schemas = await loadNotificationSchemas().catch(() => null);
      if (stopped) return;
      if (!schemas) {
        startPolling();
        return scheduleRetry();
      }
      const { notificationSchema } = schemas;
      const url = `${config.apiBaseUrl}${NOTIFICATION_API_PATHS.stream}?token=${encodeURIComponent(minted.token)}`;
      const next = new EventSource(url);
      source = next;
      next.onopen = () => {
        delay = 2_000;
        const wasPolling = poll !== undefined;
        stopPolling();
        // What came while no stream was open: after a fallback to polling, read as a poll does (the
        // states too if something new came). Otherwise the list only: the screens read the states as
        // they mount, and the stream opens as the app starts.
        if (wasPolling) void pollOnce();
        else refresh();
      };
      next.addEventListener('notification', (event) => {
        const parsed = notificationSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (!parsed.success) return;
        const item = parsed.data;
        known.add(item.id);
        read = true;
        const patch = notificationsApi.util.updateQueryData('getNotifications', undefined, (draft) => {
          const first = draft.pages[0];
          if (!first || draft.pages.some((p) => p.list.some((x) => x.id === item.id))) return;
          first.list.unshift(item);
          for (const page of draft.pages) page.total += 1;
        });
        // A thunk: the store's dispatch runs it (its type knows the api's state only as the store's).
        dispatch(patch as unknown as Parameters<typeof dispatch>[0]);
        // And read the list again: a read in flight when the event came (the stream opening, a language
        // change) would otherwise answer a list without it and overwrite the patch.
        refresh();
        refreshStates();
      });
      // The server's bus may have lost messages: read the list and the states again (one invalidation).
      next.addEventListener('resync', () =>
        dispatch(api.util.invalidateTags(['Notifications', ...STATE_TAGS])),
      );
      next.onerror = () => {
        // The browser retries by itself with the same URL, whose token expires: a fresh one instead.
        next.close();
        if (source === next) source = null;
        startPolling();
        scheduleRetry();
      };
    }

    void connect();
    return () => {
      stopped = true;
      source?.close();
      stopPolling();
      if (retry !== undefined) clearTimeout(retry);
    };
    // The language is read by the token request (Accept-Language): a new language, a new stream.
  }, [dispatch, createToken, language]);
}
