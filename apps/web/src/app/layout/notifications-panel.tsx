import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { PATHS } from '../paths';

/** The desktop notifications side panel (spec §2). The notifications list arrives in a later issue. */
export function NotificationsPanel() {
  return (
    <Box component="aside" aria-labelledby="notifications-panel-heading" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="notifications-panel-heading" variant="h3" component="h2">
          Notifications
        </Typography>
        <Button component={RouterLink} to={PATHS.notifications} size="small">
          See All
        </Button>
      </Box>
      <Box sx={{ textAlign: 'center', py: 5, px: 1 }}>
        <NotificationsNoneOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          No Notifications yet
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Once you start receiving notifications, they will show up here.
        </Typography>
      </Box>
    </Box>
  );
}
