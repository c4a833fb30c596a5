import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useT } from '../../i18n';
import { layoutCatalog } from './layout-catalog';

/** The page title (spec §2 titles) with the back button of the route. */
export function PageHeader({ title, onBack }: { title: string | null; onBack: (() => void) | null }) {
  const t = useT(layoutCatalog);
  if (!title && !onBack) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, minHeight: 44 }}>
      {onBack && (
        <IconButton onClick={onBack} aria-label={t('goBack')} edge="start" size="large">
          <ArrowBackIcon />
        </IconButton>
      )}
      {title && (
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.375rem', sm: '1.625rem' } }}>
          {title}
        </Typography>
      )}
    </Box>
  );
}
