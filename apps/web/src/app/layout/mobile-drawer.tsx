import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { BrandLogo } from '../../components/brand-logo/brand-logo';
import { useT } from '../../i18n';
import { layoutCatalog } from './layout-catalog';
import { NavMenu } from './nav-menu';

/**
 * The phone's navigation drawer (spec §2). It loads the first time the menu button opens it, so it
 * mounts open: the slide-in is asked for explicitly (MUI's Drawer skips it on a mount that is open).
 */
export default function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(layoutCatalog);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 288 } }, transition: { appear: true } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <BrandLogo size={28} />
        <IconButton onClick={onClose} aria-label={t('closeMenu')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <NavMenu mobile onNavigate={onClose} />
    </Drawer>
  );
}
