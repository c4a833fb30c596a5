import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import { BrandLogo } from '../../components/brand-logo/brand-logo';
import { useT } from '../../i18n';
import { authCatalog } from './auth-catalog';

const BENEFITS = ['benefitChecks', 'benefitInstitutions', 'benefitTrack', 'benefitNoPassword'] as const;

/** The desktop login's left column: what Veridocs is, in a few lines. */
export function BrandPanel() {
  const t = useT(authCatalog);
  return (
    <Box
      component="aside"
      aria-label={t('aboutVeridocs')}
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'space-between',
        gap: 4,
        p: { md: 5, lg: 7 },
        color: '#ffffff',
        background: 'linear-gradient(160deg, #1d4e89 0%, #143a68 62%, #0f2f55 100%)',
      }}
    >
      <BrandLogo size={36} tone="light" />
      <Box sx={{ maxWidth: 480 }}>
        <Typography
          component="p"
          sx={{ fontSize: { md: '1.875rem', lg: '2.25rem' }, fontWeight: 700, lineHeight: 1.2, mb: 2 }}
        >
          {t('platformLine')}
        </Typography>
        <Typography sx={{ color: 'rgba(255,255,255,0.88)', mb: 4, fontSize: '1.0625rem' }}>
          {t('brandIntro')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {BENEFITS.map((benefit) => (
            <Box component="li" key={benefit} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <CheckCircleOutlinedIcon sx={{ color: '#9fd8cf', mt: '1px' }} aria-hidden />
              <Typography sx={{ color: '#ffffff' }}>{t(benefit)}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.85)' }}>
        {t('support')}
      </Typography>
    </Box>
  );
}
