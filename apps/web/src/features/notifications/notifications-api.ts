import {
  NOTIFICATION_FIRST_PAGE,
  NOTIFICATION_NEXT_PAGE,
  loadWithRetry,
  type NotificationItem,
  type NotificationListResponse,
  type NotificationStreamTokenResponse,
  NOTIFICATION_API_PATHS,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { lazySchema } from '../../lib/api/base-query';
import { config } from '../../lib/config';

/** The notifications' schemas, loaded with the first request: the bell is on every signed-in screen. */
export const loadNotificationSchemas = () => loadWithRetry(() => import('./notification-schemas'));
const notificationListResponseSchema = lazySchema(
  loadNotificationSchemas,
  (m) => m.notificationListResponseSchema,
);
const notificationStreamTokenResponseSchema = lazySchema(
  loadNotificationSchemas,
  (m) => m.notificationStreamTokenResponseSchema,
);

const paths = NOTIFICATION_API_PATHS;

/** Spec §8: a failed notifications call is an empty list, not a snackbar. */
const quiet = { noSnackbar: true };

/** The seed of the next page: what the pages hold so far, until the total (spec §9: 20, then 10). */
export function nextSeed(pages: readonly NotificationListResponse[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
  const last = pages[pages.length - 1];
  if (!last || last.list.length === 0 || loaded >= last.total) return undefined;
  return loaded;
}

/** The pages' notifications, newest first, each once (a live one shifts the later pages by one). */
export function flattenPages(pages: readonly NotificationListResponse[] | undefined): NotificationItem[] {
  const seen = new Set<string>();
  const all: NotificationItem[] = [];
  for (const page of pages ?? [])
    for (const item of page.list)
      if (!seen.has(item.id)) {
        seen.add(item.id);
        all.push(item);
      }
  return all;
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET {notification}/notification?seed&count: pages of 20, then 10. */
    getNotifications: build.infiniteQuery<NotificationListResponse, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (_last, allPages) => nextSeed(allPages),
      },
      query: ({ pageParam }) => ({
        url: `${config.services.notification}${paths.list}?seed=${pageParam}&count=${
          pageParam === 0 ? NOTIFICATION_FIRST_PAGE : NOTIFICATION_NEXT_PAGE
        }`,
        schema: notificationListResponseSchema,
      }),
      providesTags: ['Notifications'],
      extraOptions: quiet,
    }),
    /** POST {notification}/notification/stream-token: opens the live stream (ADR 0030). */
    createStreamToken: build.mutation<NotificationStreamTokenResponse, void>({
      query: () => ({
        url: `${config.services.notification}${paths.streamToken}`,
        method: 'post',
        schema: notificationStreamTokenResponseSchema,
      }),
      extraOptions: quiet,
    }),
  }),
});

export const { useGetNotificationsInfiniteQuery, useCreateStreamTokenMutation } = notificationsApi;
