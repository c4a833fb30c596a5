import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import {
  Box,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
} from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import SettingsIcon from '@mui/icons-material/Settings';
import { OPS_API_PATHS } from '@veridocs/shared';
import { StaffFrame, staffNavLinkSx } from '@veridocs/ui';
import { ADMIN_ROUTES } from '../features/admin/admin-routes';
import { apiRequest } from '../lib/api-client';
import { clearSession, type ConsoleSession } from '../lib/session';
import { m } from '../messages';
import { useAppDispatch } from './hooks';
import { api } from './api';
import { PATHS } from './paths';

function Navigation({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate: () => void }) {
  const adminLinks = ADMIN_ROUTES.filter((route) => route.navLabel);
  return (
    <Box component="nav" aria-label={m.nav.label} sx={{ py: 1 }}>
      <List dense>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to={PATHS.queues} onClick={onNavigate} sx={staffNavLinkSx}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <InboxIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={m.nav.queues} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to={PATHS.support} onClick={onNavigate} sx={staffNavLinkSx}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <ForumIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={m.nav.support} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton
            component={NavLink}
            to={PATHS.institutions}
            onClick={onNavigate}
            sx={staffNavLinkSx}
          >
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
            sx={staffNavLinkSx}
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
                  sx={staffNavLinkSx}
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

/** The signed-in layout: top bar (who is signed in, sign out), side navigation, the page. */
export function ConsoleLayout({ session, children }: { session: ConsoleSession; children: ReactNode }) {
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
    <StaffFrame
      texts={{ skipToContent: m.app.skipToContent, openMenu: m.nav.openMenu, signOut: m.nav.signOut }}
      title={{ wide: m.app.name, narrow: m.app.name }}
      barColor="#0f2f52"
      who={{
        label: m.nav.signedInAs(session.staff.name, roleLabel),
        name: session.staff.name,
        detail: roleLabel,
      }}
      onSignOut={() => void signOut()}
      navigation={(onNavigate) => <Navigation isAdmin={isAdmin} onNavigate={onNavigate} />}
    >
      {children}
    </StaffFrame>
  );
}
