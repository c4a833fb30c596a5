import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import FlightTakeoffOutlinedIcon from '@mui/icons-material/FlightTakeoffOutlined';
import type { ReactNode } from 'react';
import { baseName } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { useT } from '../../i18n';
import { useJourney } from './journey-return';
import { profileDetailsCatalog } from './profile-details-catalog';

function ModeCard({ to, icon, title, hint }: { to: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, justifyContent: 'flex-start' }}
      >
        <Box aria-hidden sx={{ color: 'primary.main', display: 'flex' }}>
          {icon}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        </Box>
        <ChevronRightIcon aria-hidden color="action" />
      </CardActionArea>
    </Card>
  );
}

/**
 * /profile-mode: how the candidate builds the profile (spec §1 step 2: Aadhaar OTP or passport scan),
 * or by typing the details (/basic-details, then /contact-details).
 */
export default function ProfileModePage() {
  const t = useT(profileDetailsCatalog);
  const { search, info } = useJourney();
  // Aadhaar and passport are verifications of the form: their own screen fills the profile.
  const identity = (type: string) => {
    const entry = info && Object.values(info.verificationList).find((v) => baseName(v.name) === type);
    if (!entry) return null;
    const params = new URLSearchParams(search);
    params.set('name', entry.name);
    return `${PATHS.verification}?${params.toString()}`;
  };
  const aadhaar = identity('aadhaar');
  const passport = identity('passport');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h2" component="h2">
          {t('profileModeTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('profileModeIntro')}
        </Typography>
      </Box>
      <Box component="ul" sx={{ display: 'grid', gap: 1.5, m: 0, p: 0 }}>
        {aadhaar && (
          <ModeCard
            to={aadhaar}
            icon={<BadgeOutlinedIcon />}
            title={t('modeAadhaar')}
            hint={t('modeAadhaarHint')}
          />
        )}
        {passport && (
          <ModeCard
            to={passport}
            icon={<FlightTakeoffOutlinedIcon />}
            title={t('modePassport')}
            hint={t('modePassportHint')}
          />
        )}
        <ModeCard
          to={`${PATHS.basicDetails}${search}`}
          icon={<EditNoteOutlinedIcon />}
          title={t('modeManual')}
          hint={t('modeManualHint')}
        />
      </Box>
    </Paper>
  );
}
