import { useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import {
  AppBar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import InboxIcon from '@mui/icons-material/Inbox';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import SettingsIcon from '@mui/icons-material/Settings';
import LogoutIcon from '@mui/icons-material/Logout';
import { OPS_API_PATHS } from '@veridocs/shared';
import { ADMIN_ROUTES } from '../features/admin/admin-routes';
import { apiRequest } from '../lib/api-client';
import { clearSession, type ConsoleSession } from '../lib/session';
import { m } from '../messages';
import { useAppDispatch } from './hooks';
import { api } from './api';
import { PATHS } from './paths';

export const DRAWER_WIDTH = 220;

function Navigation({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate: () => void }) {
  const adminLinks = ADMIN_ROUTES.filter((route) => route.navLabel);
  return (
    <Box component="nav" aria-label={m.nav.label} sx={{ py: 1 }}>
      <List dense>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to={PATHS.queues} onClick={onNavigate} sx={navLinkSx}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <InboxIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={m.nav.queues} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to={PATHS.support} onClick={onNavigate} sx={navLinkSx}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <ForumIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={m.nav.support} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to={PATHS.institutions} onClick={onNavigate} sx={navLinkSx}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <AccountBalanceIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={m.nav.institutions} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton
            component={NavLink}
            to={PATHS.institutionRequests}
            onClick={onNavigate}
            sx={navLinkSx}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <ReportIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={m.nav.escalated} />
          </ListItemButton>
        </ListItem>
      </List>
      {isAdmin && adminLinks.length > 0 && (
        <>
          <Divider />
          <ListSubheader
            component="h2"
            id="nav-admin"
            sx={{ lineHeight: '40px', fontSize: 14, bgcolor: 'transparent' }}
          >
            {m.nav.admin}
          </ListSubheader>
          <List dense aria-labelledby="nav-admin" sx={{ pt: 0 }}>
            {adminLinks.map((route) => (
              <ListItem key={route.path} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={route.path ? `${PATHS.admin}/${route.path}` : PATHS.admin}
                  end
                  onClick={onNavigate}
                  sx={navLinkSx}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <SettingsIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={route.navLabel} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}

const navLinkSx = {
  mx: 1,
  borderRadius: 1,
  '&.active': { bgcolor: 'rgba(29, 78, 137, 0.1)', color: 'primary.dark', fontWeight: 650 },
  '&.active .MuiListItemIcon-root': { color: 'primary.dark' },
} as const;

/** The signed-in layout: top bar (who is signed in, sign out), side navigation, the page. */
export function ConsoleLayout({ session, children }: { session: ConsoleSession; children: ReactNode }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isAdmin = session.staff.role === 'admin';
  const roleLabel = m.roles[session.staff.role] ?? session.staff.role;

  const signOut = async () => {
    try {
      await apiRequest(OPS_API_PATHS.signOut, { method: 'POST' });
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
      <AppBar position="fixed" elevation={0} sx={{ zIndex: (t) => t.zIndex.drawer + 1, bgcolor: '#0f2f52' }}>
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
            {m.app.name}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Box
            aria-label={m.nav.signedInAs(session.staff.name, roleLabel)}
            role="group"
            sx={{ textAlign: 'right', lineHeight: 1.2, minWidth: 0 }}
          >
            <Typography
              component="p"
              variant="body2"
              sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {session.staff.name}
            </Typography>
            <Typography component="p" variant="caption" noWrap sx={{ opacity: 0.85, display: 'block' }}>
              {roleLabel}
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
            // On a phone the name needs the room: the button is its icon, named for screen readers.
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
        <Navigation isAdmin={isAdmin} onNavigate={() => setOpen(false)} />
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
