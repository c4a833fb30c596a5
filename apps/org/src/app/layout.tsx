import { useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import {
  AppBar,
  Box,
  Button,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';
import { ORG_API_PATHS, type OrgRole } from '@veridocs/shared';
import { apiRequest } from '../lib/api-client';
import { clearSession, type OrgPortalSession } from '../lib/session';
import { m } from '../messages';
import { useAppDispatch } from './hooks';
import { api } from './api';
import { ORG_ROUTES } from './org-routes';
import { PATHS } from './paths';

export const DRAWER_WIDTH = 220;

const navLinkSx = {
  mx: 1,
  borderRadius: 1,
  '&.active': { bgcolor: 'rgba(15, 95, 90, 0.1)', color: 'primary.dark', fontWeight: 650 },
  '&.active .MuiListItemIcon-root': { color: 'primary.dark' },
} as const;

function Navigation({ role, onNavigate }: { role: OrgRole; onNavigate: () => void }) {
  const links = ORG_ROUTES.filter((route) => route.navLabel && route.roles.includes(role));
  return (
    <Box component="nav" aria-label={m.nav.label} sx={{ py: 1 }}>
      <List dense>
        {links.map((route) => (
          <ListItem key={route.path} disablePadding>
            <ListItemButton component={NavLink} to={route.path} onClick={onNavigate} sx={navLinkSx}>
              {route.icon && <ListItemIcon sx={{ minWidth: 36 }}>{route.icon}</ListItemIcon>}
              <ListItemText primary={route.navLabel} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The signed-in layout: top bar (organisation, who is signed in, sign out), side navigation, the page. */
export function OrgLayout({ session, children }: { session: OrgPortalSession; children: ReactNode }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const roleLabel = m.roles[session.user.role];

  const signOut = async () => {
    try {
      await apiRequest(ORG_API_PATHS.signOut, { method: 'POST' });
    } catch {
      // The session ends here either way; the token lapses on the server by itself.
    }
    clearSession('signed-out');
    dispatch(api.util.resetApiState());
    void navigate(PATHS.signIn, { replace: true });
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a href="#main" className="skip-link">
        {m.app.skipToContent}
      </a>
      <AppBar position="fixed" elevation={0} sx={{ zIndex: (t) => t.zIndex.drawer + 1, bgcolor: '#123c3a' }}>
        <Toolbar variant="dense" sx={{ gap: 1.5, minHeight: 56 }}>
          {!wide && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={m.nav.openMenu}
              onClick={() => setOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography component="p" variant="h3" sx={{ fontWeight: 700, flexShrink: 0 }}>
            {wide ? m.app.name : m.app.shortName}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Box
            aria-label={m.nav.signedInAs(session.user.name, roleLabel, session.org.name)}
            role="group"
            sx={{ textAlign: 'right', lineHeight: 1.2, minWidth: 0 }}
          >
            <Typography
              component="p"
              variant="body2"
              sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {session.user.name}
            </Typography>
            <Typography
              component="p"
              variant="caption"
              sx={{
                opacity: 0.85,
                display: 'block',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {session.org.name} · {roleLabel}
            </Typography>
          </Box>
          {wide ? (
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              startIcon={<LogoutIcon />}
              onClick={() => void signOut()}
              sx={{ borderColor: 'rgba(255,255,255,0.5)', flexShrink: 0 }}
            >
              {m.nav.signOut}
            </Button>
          ) : (
            <IconButton color="inherit" aria-label={m.nav.signOut} onClick={() => void signOut()}>
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
        <Toolbar variant="dense" sx={{ minHeight: 56 }} />
        <Navigation role={session.user.role} onNavigate={() => setOpen(false)} />
      </Drawer>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, px: { xs: 2, md: 3 }, pb: 4, pt: 'calc(56px + 20px)', outline: 'none' }}
      >
        {children}
      </Box>
    </Box>
  );
}
