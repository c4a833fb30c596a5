import { createElement, useEffect, useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { loadWithRetry, type NotificationItem, type NotificationKind } from '@veridocs/shared';
import type TooltipComponent from '@mui/material/Tooltip';
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
 * The full date on hover or focus: Tooltip and its Popper (~9 KB gzip) are fetched as this module runs
 * but not part of the signed-in screens' first script (issue 31 §2). A list rendered before they
 * arrive shows the time alone, then wraps it; one rendered after (nearly always: the list waits for
 * its request) has the tooltip from the start.
 */
let LoadedTooltip: typeof TooltipComponent | null = null;
const tooltipLoaded = loadWithRetry(() => import('@mui/material/Tooltip')).then(
  (module) => {
    LoadedTooltip = module.default;
  },
  // Not downloadable (after loadWithRetry's retries): the time shows without its tooltip.
  () => undefined,
);

/** The full date over the time once Tooltip is here; the time alone until then. */
function DateTooltip({ title, children }: { title: string; children: ReactElement }) {
  const [ready, setReady] = useState(() => LoadedTooltip !== null);
  useEffect(() => {
    if (ready) return;
    let active = true;
    void tooltipLoaded.then(() => {
      if (active) setReady(LoadedTooltip !== null);
    });
    return () => {
      active = false;
    };
  }, [ready]);
  return ready && LoadedTooltip
    ? createElement(LoadedTooltip, { title, describeChild: true, children })
    : children;
}

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
  return <DateTooltip title={full}>{time}</DateTooltip>;
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
