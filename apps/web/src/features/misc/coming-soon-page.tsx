import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import { useT } from '../../i18n';
import { miscCatalog } from './misc-catalog';

/**
 * The one generic page for the screens that later issues build (verification, payments,
 * notifications...). The page title comes from the layout's header.
 */
export default function ComingSoonPage() {
  const t = useT(miscCatalog);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <ConstructionOutlinedIcon sx={{ fontSize: 48, color: 'primary.main', mb: 1 }} aria-hidden />
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {t('notAvailable')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 460, mx: 'auto', mb: 3 }}>
        {t('notAvailableBody')}
      </Typography>
      <Box>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('goToHome')}
        </Button>
      </Box>
    </Paper>
  );
}
