import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import {
  flattenPages,
  useGetNotificationsInfiniteQuery,
} from '../../features/notifications/notifications-api';
import { NotificationList, NotificationsEmpty } from '../../features/notifications/notification-list';
import { PATHS } from '../paths';
import { layoutCatalog } from './layout-catalog';

/** How many of the latest the panel shows; See All opens the whole list. */
const PANEL_ITEMS = 10;

/** The desktop notifications side panel (spec §2): the latest, kept live, and See All. */
export function NotificationsPanel() {
  const t = useT(layoutCatalog);
  const { data, isError } = useGetNotificationsInfiniteQuery();
  const items = isError ? [] : flattenPages(data?.pages).slice(0, PANEL_ITEMS);
  return (
    <Box component="aside" aria-labelledby="notifications-panel-heading" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="notifications-panel-heading" variant="h3" component="h2">
          {t('notifications')}
        </Typography>
        <Button component={RouterLink} to={PATHS.notifications} size="small">
          {t('seeAll')}
        </Button>
      </Box>
      {data && items.length > 0 ? (
        <NotificationList items={items} dense />
      ) : data || isError ? (
        <NotificationsEmpty />
      ) : null}
    </Box>
  );
}
