import { Suspense, lazy, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { loadWithRetry, type NotificationItem, type NotificationKind } from '@veridocs/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { layoutCatalog } from '../../app/layout/layout-catalog';
import { useT } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { Markdown, safeHref } from './markdown';
import { notificationsCatalog } from './notifications-catalog';
import { relativeParts } from './relative-time';

/**
 * The full date on hover or focus: Tooltip and its Popper (~9 KB gzip) load after the panel's first
 * render, off every signed-in screen's first script (issue 31 §2); until then the time shows alone.
 */
const Tooltip = lazy(() => loadWithRetry(() => import('@mui/material/Tooltip')));

const AVATAR_COLOURS: Record<NotificationKind, string> = {
  verification: 'primary.main',
  action_required: 'warning.dark',
  transaction: 'success.dark',
  payment: 'secondary.main',
  refund: 'info.dark',
  report: 'primary.dark',
  credential: 'success.main',
};

/** Re-renders every minute so that relative times move on. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function RelativeTime({ createdAt, now }: { createdAt: string; now: number }) {
  const t = useT(notificationsCatalog);
  const { unit, n } = relativeParts(createdAt, now);
  const full = formatDateTime(createdAt);
  // Focusable, so the full date shows on focus as on hover; read with it by screen readers.
  const time = (
    <Typography
      component="time"
      dateTime={createdAt}
      tabIndex={0}
      variant="caption"
      color="text.secondary"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0, borderRadius: 0.5 }}
    >
      {t(unit, { n })}
    </Typography>
  );
  return (
    <Suspense fallback={time}>
      <Tooltip title={full} describeChild>
        {time}
      </Tooltip>
    </Suspense>
  );
}

function NotificationRow({
  item,
  now,
  dense,
  heading,
}: {
  item: NotificationItem;
  now: number;
  dense: boolean;
  heading: 'h2' | 'h3';
}) {
  const image = item.image ? safeHref(item.image) : null;
  const title = item.link?.startsWith('/') ? (
    <Link component={RouterLink} to={item.link} color="inherit" underline="hover">
      {item.title}
    </Link>
  ) : (
    item.title
  );
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 1.5, py: dense ? 1.25 : 1.75, borderBottom: 1, borderColor: 'divider' }}
    >
      <Avatar
        src={image ?? undefined}
        alt=""
        sx={{ bgcolor: AVATAR_COLOURS[item.kind], width: 40, height: 40, fontSize: 18 }}
      >
        {item.title.trim().charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography component={heading} variant="subtitle2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
            {title}
          </Typography>
          <RelativeTime createdAt={item.createdAt} now={now} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <Markdown text={item.description} />
        </Typography>
      </Box>
    </Box>
  );
}

/** The empty state of spec §2. */
export function NotificationsEmpty() {
  const t = useT(layoutCatalog);
  return (
    <Box sx={{ textAlign: 'center', py: 5, px: 1 }}>
      <NotificationsNoneOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {t('noNotifications')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('noNotificationsBody')}
      </Typography>
    </Box>
  );
}

/** Notifications with avatar or letter avatar, title, description and relative time (spec §2). */
export function NotificationList({
  items,
  dense = false,
  itemHeading = 'h3',
}: {
  items: NotificationItem[];
  dense?: boolean;
  /** The level of each notification's title: one below the heading the list sits under. */
  itemHeading?: 'h2' | 'h3';
}) {
  const t = useT(notificationsCatalog);
  const now = useNow();
  return (
    <Box component="ul" aria-label={t('listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <NotificationRow key={item.id} item={item} now={now} dense={dense} heading={itemHeading} />
      ))}
    </Box>
  );
}
