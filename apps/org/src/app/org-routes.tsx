import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import type { OrgRole } from '@veridocs/shared';
import { loadWithRetry } from '@veridocs/shared';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { dm } from '../features/dashboard/dashboard-messages';
import { um } from '../features/users/users-messages';
import { am } from '../features/activity/activity-messages';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import { im } from '../features/invite/invite-messages';
import InviteIcon from '@mui/icons-material/ForwardToInboxOutlined';
import IntegrationIcon from '@mui/icons-material/IntegrationInstructionsOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { m } from '../messages';
import { PATHS } from './paths';

/**
 * The signed-in pages, in navigation order: one entry per page, added by its feature (ADR 0047). The
 * router guards each by `roles` (the server checks again on every call); the navigation lists those
 * with a `navLabel` that the user's role may open. `/` opens the first the role may see.
 */
export interface OrgRoute {
  path: string;
  Component: LazyExoticComponent<ComponentType>;
  roles: readonly OrgRole[];
  navLabel?: string;
  icon?: ReactElement;
}

const ALL: readonly OrgRole[] = ['owner', 'manager', 'viewer'];

export const ORG_ROUTES: readonly OrgRoute[] = [
  {
    path: PATHS.dashboard,
    Component: lazy(() => loadWithRetry(() => import('../features/dashboard/dashboard-page'))),
    roles: ALL,
    navLabel: dm.nav,
    icon: <DashboardIcon fontSize="small" />,
  },
  {
    path: PATHS.candidateRoute,
    Component: lazy(() => loadWithRetry(() => import('../features/candidate/candidate-page'))),
    roles: ALL,
  },
  {
    path: '/overview',
    Component: lazy(() => loadWithRetry(() => import('../features/overview/overview-page'))),
    roles: ALL,
    navLabel: m.nav.overview,
    icon: <HomeIcon fontSize="small" />,
  },
  {
    path: PATHS.invite,
    Component: lazy(() => loadWithRetry(() => import('../features/invite/invite-page'))),
    roles: ['owner', 'manager'],
    navLabel: im.nav,
    icon: <InviteIcon fontSize="small" />,
  },
  {
    path: PATHS.billing,
    Component: lazy(() => loadWithRetry(() => import('../features/billing/billing-page'))),
    roles: ['owner', 'manager'],
    navLabel: m.nav.billing,
    icon: <ReceiptIcon fontSize="small" />,
  },
  {
    path: PATHS.users,
    Component: lazy(() => loadWithRetry(() => import('../features/users/users-page'))),
    roles: ['owner'],
    navLabel: um.nav,
    icon: <PeopleIcon fontSize="small" />,
  },
  {
    path: PATHS.activity,
    Component: lazy(() => loadWithRetry(() => import('../features/activity/activity-page'))),
    roles: ['owner'],
    navLabel: am.nav,
    icon: <HistoryIcon fontSize="small" />,
  },
  {
    path: PATHS.integration,
    Component: lazy(() => loadWithRetry(() => import('../features/integration/integration-page'))),
    roles: ['owner'],
    navLabel: m.nav.integration,
    icon: <IntegrationIcon fontSize="small" />,
  },
  {
    path: PATHS.settings,
    Component: lazy(() => loadWithRetry(() => import('../features/settings/settings-page'))),
    roles: ['owner'],
    navLabel: m.nav.settings,
    icon: <SettingsIcon fontSize="small" />,
  },
];

/** The public pages (no session): sign-in is the router's own; these are the features'. */
export const PUBLIC_ROUTES: readonly { path: string; Component: LazyExoticComponent<ComponentType> }[] = [
  {
    path: PATHS.invitation,
    Component: lazy(() => loadWithRetry(() => import('../features/invitation/invitation-page'))),
  },
];
