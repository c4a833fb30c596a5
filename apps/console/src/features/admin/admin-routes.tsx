import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '@veridocs/shared';
import { am } from './admin-messages';

/**
 * The admin section's pages (issue 14): one table the console's router and side navigation read.
 * Every route lives under /ops/admin and is shown only to staff with the admin role (the router
 * guards them; the server checks the role on every admin call too). To add a screen: add an entry
 * here with its own component in this folder.
 */
export interface AdminRoute {
  /** Relative to /admin ('' is /admin itself). */
  path: string;
  /** The side navigation's label (omit to keep the page out of the navigation, e.g. a detail page). */
  navLabel?: string;
  Component: ComponentType | LazyExoticComponent<ComponentType>;
}

const OrgsPage = lazy(() => loadWithRetry(() => import('./orgs-page')));
const FormsPage = lazy(() => loadWithRetry(() => import('./forms-page')));
const FormEditorPage = lazy(() => loadWithRetry(() => import('./form-editor-page')));
const StaffPage = lazy(() => loadWithRetry(() => import('./staff-page')));
const IntegrationPage = lazy(() => loadWithRetry(() => import('./integration-page')));
const RefundsPage = lazy(() => loadWithRetry(() => import('./refunds-page')));
const BreachesPage = lazy(() => loadWithRetry(() => import('./breaches-page')));
const BreachPage = lazy(() => loadWithRetry(() => import('./breach-page')));
const PrivacyRequestsPage = lazy(() => loadWithRetry(() => import('./privacy-requests-page')));
const PrivacyRequestPage = lazy(() => loadWithRetry(() => import('./privacy-request-page')));

export const ADMIN_ROUTES: AdminRoute[] = [
  { path: '', navLabel: am.nav.orgs, Component: OrgsPage },
  { path: 'forms', navLabel: am.nav.forms, Component: FormsPage },
  { path: 'forms/:formId', Component: FormEditorPage },
  { path: 'staff', navLabel: am.nav.staff, Component: StaffPage },
  { path: 'integration', navLabel: am.nav.integration, Component: IntegrationPage },
  { path: 'refunds', navLabel: am.nav.refunds, Component: RefundsPage },
  { path: 'breaches', navLabel: am.nav.breaches, Component: BreachesPage },
  { path: 'breaches/:breachId', Component: BreachPage },
  { path: 'privacy-requests', navLabel: am.nav.privacyRequests, Component: PrivacyRequestsPage },
  { path: 'privacy-requests/:requestId', Component: PrivacyRequestPage },
];
