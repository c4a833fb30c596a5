import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { ORG_API_PATHS, type OrgRole } from '@veridocs/shared';
import { StaffFrame, staffNavLinkSx } from '@veridocs/ui';
import { apiRequest } from '../lib/api-client';
import { clearSession, type OrgPortalSession } from '../lib/session';
import { m } from '../messages';
import { useAppDispatch } from './hooks';
import { api } from './api';
import { ORG_ROUTES } from './org-routes';
import { PATHS } from './paths';

function Navigation({ role, onNavigate }: { role: OrgRole; onNavigate: () => void }) {
  const links = ORG_ROUTES.filter((route) => route.navLabel && route.roles.includes(role));
  return (
    <Box component="nav" aria-label={m.nav.label} sx={{ py: 1 }}>
      <List dense>
        {links.map((route) => (
          <ListItem key={route.path} disablePadding>
            <ListItemButton component={NavLink} to={route.path} onClick={onNavigate} sx={staffNavLinkSx}>
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
    <StaffFrame
      texts={{ skipToContent: m.app.skipToContent, openMenu: m.nav.openMenu, signOut: m.nav.signOut }}
      title={{ wide: m.app.name, narrow: m.app.shortName }}
      barColor="#123c3a"
      who={{
        label: m.nav.signedInAs(session.user.name, roleLabel, session.org.name),
        name: session.user.name,
        detail: `${session.org.name} · ${roleLabel}`,
      }}
      onSignOut={() => void signOut()}
      navigation={(onNavigate) => <Navigation role={session.user.role} onNavigate={onNavigate} />}
    >
      {children}
    </StaffFrame>
  );
}
