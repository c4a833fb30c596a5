import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { useT } from '../../i18n';
import { config } from '../../lib/config';
import { layoutCatalog } from './layout-catalog';

/** Support contacts (spec §1): e-mail, and the phone line's hours. */
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
      <Typography variant="body2" color="text.secondary">
        {t('supportHours')}
      </Typography>
      <Link href={`mailto:${config.supportEmail}`} variant="body2" sx={{ wordBreak: 'break-all' }}>
        {config.supportEmail}
      </Link>
    </Box>
  );
}
