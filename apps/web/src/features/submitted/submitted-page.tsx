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
import { JOURNEY_TEXT } from '@veridocs/shared';

const NEXT_STEPS = [
  {
    icon: MarkEmailReadOutlinedIcon,
    primary: 'The issuing institutions check your documents',
    secondary: 'We send each document to the institution that issued it.',
  },
  {
    icon: ScheduleOutlinedIcon,
    primary: JOURNEY_TEXT.verificationTime,
    secondary: 'Some institutions answer sooner; the expected date shows on your form.',
  },
  {
    icon: TrackChangesOutlinedIcon,
    primary: 'Follow the progress from Home',
    secondary: 'Open your verification any time to see the status of each document.',
  },
];

/** /submitted (spec §2): the success screen after Continue submits the form. */
export default function SubmittedPage() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <CheckCircleOutlineIcon sx={{ fontSize: 64, color: 'success.main', mb: 1 }} aria-hidden />
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        Your verification has been submitted
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, mx: 'auto', mb: 3 }}>
        Thank you. We have everything we need to start verifying your documents.
      </Typography>
      <Box sx={{ textAlign: 'left', maxWidth: 520, mx: 'auto', mb: 3 }}>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          What happens next
        </Typography>
        <List dense disablePadding>
          {NEXT_STEPS.map(({ icon: Icon, primary, secondary }) => (
            <ListItem key={primary} disableGutters alignItems="flex-start">
              <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
                <Icon color="primary" aria-hidden />
              </ListItemIcon>
              <ListItemText primary={primary} secondary={secondary} />
            </ListItem>
          ))}
        </List>
      </Box>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        {JOURNEY_TEXT.goBackHome}
      </Button>
    </Paper>
  );
}
