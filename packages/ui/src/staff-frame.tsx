import { useState, type ReactNode } from 'react';
import { AppBar, Box, Button, Drawer, IconButton, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';

const DRAWER_WIDTH = 220;
const BAR_HEIGHT = 56;

/** A side navigation link's look (`ListItemButton` over `NavLink`): the current page in the primary's tint. */
export const staffNavLinkSx = {
  mx: 1,
  borderRadius: 1,
  '&.active': {
    bgcolor: (t: Theme) => alpha(t.palette.primary.main, 0.1),
    color: 'primary.dark',
    fontWeight: 650,
  },
  '&.active .MuiListItemIcon-root': { color: 'primary.dark' },
} as const;

export interface StaffFrameProps {
  texts: { skipToContent: string; openMenu: string; signOut: string };
  /** The app's name in the top bar; `narrow` on a phone. */
  title: { wide: string; narrow: string };
  /** The top bar's colour (white text on it meets WCAG AA). */
  barColor: string;
  /** Who is signed in: the group's accessible name, the name, and a line under it (role, organisation). */
  who: { label: string; name: string; detail: string };
  onSignOut: () => void;
  /** The side navigation; `onNavigate` closes the drawer on a phone. */
  navigation: (onNavigate: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * The staff apps' signed-in frame (the console, ADR 0027; the portal, ADR 0047): a skip link, a top bar
 * with the app's name, who is signed in and sign-out, the side navigation (a drawer behind a menu
 * button on a phone), and the page in `main#main`.
 */
export function StaffFrame({
  texts,
  title,
  barColor,
  who,
  onSignOut,
  navigation,
  children,
}: StaffFrameProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a href="#main" className="skip-link">
        {texts.skipToContent}
      </a>
      <AppBar position="fixed" elevation={0} sx={{ zIndex: (t) => t.zIndex.drawer + 1, bgcolor: barColor }}>
        <Toolbar variant="dense" sx={{ gap: 1.5, minHeight: BAR_HEIGHT }}>
          {!wide && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={texts.openMenu}
              onClick={() => setOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography component="p" variant="h3" sx={{ fontWeight: 700, flexShrink: 0 }}>
            {wide ? title.wide : title.narrow}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Box aria-label={who.label} role="group" sx={{ textAlign: 'right', lineHeight: 1.2, minWidth: 0 }}>
            <Typography component="p" variant="body2" sx={{ fontWeight: 600, ...ellipsis }}>
              {who.name}
            </Typography>
            <Typography component="p" variant="caption" sx={{ opacity: 0.85, display: 'block', ...ellipsis }}>
              {who.detail}
            </Typography>
          </Box>
          {wide ? (
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              startIcon={<LogoutIcon />}
              onClick={onSignOut}
              sx={{ borderColor: 'rgba(255,255,255,0.5)', flexShrink: 0 }}
            >
              {texts.signOut}
            </Button>
          ) : (
            // On a phone the name needs the room: the button is its icon, named for screen readers.
            <IconButton color="inherit" aria-label={texts.signOut} onClick={onSignOut}>
              <LogoutIcon />
            </IconButton>
          )}
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || open}
        onClose={() => setOpen(false)}
        sx={{
          width: wide ? DRAWER_WIDTH : undefined,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar variant="dense" sx={{ minHeight: BAR_HEIGHT }} />
        {navigation(() => setOpen(false))}
      </Drawer>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          flex: 1,
          minWidth: 0,
          px: { xs: 2, md: 3 },
          pb: 4,
          pt: `calc(${BAR_HEIGHT}px + 20px)`,
          outline: 'none',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
