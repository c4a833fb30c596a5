import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { useT } from '../../i18n';
import { config } from '../../lib/config';
import { layoutCatalog } from './layout-catalog';

/** Support contacts (spec §1): the phone line and its hours, and the e-mail (both configurable). */
export function ContactUs() {
  const t = useT(layoutCatalog);
  return (
    <Box
      component="section"
      aria-labelledby="contact-us-heading"
      sx={{
        m: 2,
        p: 2,
        borderRadius: 2,
        bgcolor: 'rgba(29, 78, 137, 0.06)',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <SupportAgentOutlinedIcon color="primary" fontSize="small" aria-hidden />
        <Typography id="contact-us-heading" variant="subtitle2" component="h2">
          {t('contactUs')}
        </Typography>
      </Box>
      <Typography variant="body2" component="p">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t('callUs')}:{' '}
        </Box>
        <Link href={`tel:${config.supportPhone}`} aria-label={`${t('callUs')} ${config.supportPhoneDisplay}`}>
          {config.supportPhoneDisplay}
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('supportHours')}
      </Typography>
      <Link href={`mailto:${config.supportEmail}`} variant="body2" sx={{ wordBreak: 'break-all' }}>
        {config.supportEmail}
      </Link>
    </Box>
  );
}
