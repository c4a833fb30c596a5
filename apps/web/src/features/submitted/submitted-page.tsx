import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import TrackChangesOutlinedIcon from '@mui/icons-material/TrackChangesOutlined';
import { useT } from '../../i18n';
import { submittedCatalog } from './submitted-catalog';

const NEXT_STEPS = [
  {
    icon: MarkEmailReadOutlinedIcon,
    primary: 'institutions',
    secondary: 'institutionsDetail',
  },
  {
    icon: ScheduleOutlinedIcon,
    primary: 'verificationTime',
    secondary: 'verificationTimeDetail',
  },
  {
    icon: TrackChangesOutlinedIcon,
    primary: 'follow',
    secondary: 'followDetail',
  },
] as const;

/** /submitted (spec §2): the success screen after Continue submits the form. */
export default function SubmittedPage() {
  const t = useT(submittedCatalog);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <CheckCircleOutlineIcon sx={{ fontSize: 64, color: 'success.main', mb: 1 }} aria-hidden />
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, mx: 'auto', mb: 3 }}>
        {t('thanks')}
      </Typography>
      <Box sx={{ textAlign: 'left', maxWidth: 520, mx: 'auto', mb: 3 }}>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          {t('whatNext')}
        </Typography>
        <List dense disablePadding>
          {NEXT_STEPS.map(({ icon: Icon, primary, secondary }) => (
            <ListItem key={primary} disableGutters alignItems="flex-start">
              <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
                <Icon color="primary" aria-hidden />
              </ListItemIcon>
              <ListItemText primary={t(primary)} secondary={t(secondary)} />
            </ListItem>
          ))}
        </List>
      </Box>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        {t('goBackHome')}
      </Button>
    </Paper>
  );
}
