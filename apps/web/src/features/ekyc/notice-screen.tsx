import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import { useT } from '../../i18n';
import { ekycCatalog } from './ekyc-catalog';

/** A whole-screen notice of the form area: unknown form or organisation, access not allowed, broken link. */
export function NoticeScreen({
  title,
  children,
  icon = 'link',
}: {
  title: string;
  children?: ReactNode;
  icon?: 'link' | 'block';
}) {
  const t = useT(ekycCatalog);
  const Icon = icon === 'block' ? BlockOutlinedIcon : LinkOffOutlinedIcon;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Icon
        sx={{ fontSize: 52, color: icon === 'block' ? 'error.main' : 'primary.main', mb: 1 }}
        aria-hidden
      />
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ maxWidth: 480, mx: 'auto', mb: 3 }}>
          {children}
        </Typography>
      )}
      <Box>
        <Button component={RouterLink} to="/" variant="contained">
          {t('goBackHome')}
        </Button>
      </Box>
    </Paper>
  );
}
