import Box from '@mui/material/Box';
import { useT } from '../../i18n';
import { layoutCatalog } from './layout-catalog';

/** "Skip to content" for keyboard users: visible only while focused. */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  const t = useT(layoutCatalog);
  return (
    <Box
      component="a"
      href={`#${target}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        '&:focus': { top: 8, outline: '3px solid #f0b429' },
      }}
    >
      {t('skipToContent')}
    </Box>
  );
}
