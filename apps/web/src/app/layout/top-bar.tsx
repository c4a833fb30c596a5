import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import { BrandLogo } from '../../components/brand-logo/brand-logo';
import { LanguageMenu } from '../../components/language-menu/language-menu';
import { useT } from '../../i18n';
import { PATHS } from '../paths';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectOrganisationName } from '../store/selectors';
import { setOpenDemo } from '../store/slices/misc-slice';
import { layoutCatalog } from './layout-catalog';
import { useMinWidth } from './use-window-size';

export function TopBar({ desktop, onOpenMenu }: { desktop: boolean; onOpenMenu: () => void }) {
  const t = useT(layoutCatalog);
  const dispatch = useAppDispatch();
  const organisation = useAppSelector(selectOrganisationName);
  const openDemo = () => dispatch(setOpenDemo(true));
  // Text buttons from the small-tablet width up; icons with names on phones.
  const roomy = useMinWidth(600);

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      {/* At 360 px five controls share the bar with the organisation's name: tight gaps, compact icons. */}
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, minHeight: { xs: 60, sm: 64 } }}>
        {!desktop && (
          <IconButton edge="start" onClick={onOpenMenu} aria-label={t('openMenu')}>
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to={PATHS.home}
          aria-label={t('homeLink')}
          sx={{
            display: 'inline-flex',
            textDecoration: 'none',
            borderRadius: 1,
            '&:focus-visible': { outline: '3px solid #f0b429', outlineOffset: 2 },
          }}
        >
          {/* On a phone the organisation's name needs the room more than the wordmark does. */}
          <BrandLogo size={30} showWordmark={roomy || !organisation} />
        </Box>
        {organisation && (
          <Typography
            variant="body2"
            color="text.secondary"
            title={organisation}
            sx={{
              ml: { xs: 0.5, sm: 1 },
              pl: { xs: 1, sm: 1.5 },
              borderLeft: 1,
              borderColor: 'divider',
              minWidth: 0,
              maxWidth: { sm: 280 },
              fontSize: { xs: '0.8125rem', sm: '0.875rem' },
              lineHeight: 1.25,
              // Up to two lines, so a usual name is read whole at 360 px; only a longer one is cut.
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: 2,
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {organisation}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {roomy ? (
          <>
            <Button onClick={openDemo} startIcon={<PlayCircleOutlinedIcon />} variant="text">
              {t('watchDemo')}
            </Button>
            <Button
              component={RouterLink}
              to={PATHS.instructions}
              startIcon={<HelpOutlineOutlinedIcon />}
              variant="outlined"
            >
              {t('instructionsFaqs')}
            </Button>
          </>
        ) : (
          <>
            <IconButton onClick={openDemo} aria-label={t('watchDemo')} color="primary" sx={{ p: 0.75 }}>
              <PlayCircleOutlinedIcon />
            </IconButton>
            <IconButton
              component={RouterLink}
              to={PATHS.instructions}
              aria-label={t('instructionsFaqs')}
              color="primary"
              sx={{ p: 0.75 }}
            >
              <HelpOutlineOutlinedIcon />
            </IconButton>
          </>
        )}
        <LanguageMenu collapse />
      </Toolbar>
    </AppBar>
  );
}
