import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useT } from '../../i18n';
import { PATHS } from '../paths';
import { layoutCatalog } from './layout-catalog';

/** The desktop notifications side panel (spec §2). The notifications list arrives in a later issue. */
export function NotificationsPanel() {
  const t = useT(layoutCatalog);
  return (
    <Box component="aside" aria-labelledby="notifications-panel-heading" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="notifications-panel-heading" variant="h3" component="h2">
          {t('notifications')}
        </Typography>
        <Button component={RouterLink} to={PATHS.notifications} size="small">
          {t('seeAll')}
        </Button>
      </Box>
      <Box sx={{ textAlign: 'center', py: 5, px: 1 }}>
        <NotificationsNoneOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {t('noNotifications')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('noNotificationsBody')}
        </Typography>
      </Box>
    </Box>
  );
}
