import { useCallback, useEffect } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { useT } from '../../i18n';
import { PageLoader } from '../../components/page-loader/page-loader';
import { flattenPages, useGetNotificationsInfiniteQuery } from './notifications-api';
import { NotificationList, NotificationsEmpty } from './notification-list';
import { notificationsCatalog } from './notifications-catalog';

/** Within this many pixels of the bottom the next page loads (spec §9). */
const BOTTOM_PX = 10;

/** /notifications (spec §2): the infinite list, 20 first, then 10 within 10 px of the bottom. */
export default function NotificationsPage() {
  const t = useT(notificationsCatalog);
  const { data, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useGetNotificationsInfiniteQuery();
  const items = isError ? [] : flattenPages(data?.pages);

  const maybeLoadMore = useCallback(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    const root = document.documentElement;
    if (window.innerHeight + window.scrollY >= root.scrollHeight - BOTTOM_PX) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    window.addEventListener('scroll', maybeLoadMore, { passive: true });
    window.addEventListener('resize', maybeLoadMore);
    // A page that does not fill the screen cannot be scrolled: load on until it does.
    maybeLoadMore();
    return () => {
      window.removeEventListener('scroll', maybeLoadMore);
      window.removeEventListener('resize', maybeLoadMore);
    };
  }, [maybeLoadMore, items.length]);

  if (isLoading) return <PageLoader />;
  // The screen's title is the layout's h1: each notification's title is an h2 under it (in the side
  // panel they are h3s under its h2).
  return (
    <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 1 }}>
      {items.length === 0 ? <NotificationsEmpty /> : <NotificationList items={items} itemHeading="h2" />}
      {isFetchingNextPage && (
        <Box
          sx={{ display: 'flex', justifyContent: 'center', py: 2 }}
          role="status"
          aria-label={t('loadingMore')}
        >
          <CircularProgress size={24} />
        </Box>
      )}
    </Paper>
  );
}
