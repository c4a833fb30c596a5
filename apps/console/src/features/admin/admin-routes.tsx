import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { m } from '../../messages';

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

const AdminHomePage = lazy(() => import('./admin-home-page'));

export const ADMIN_ROUTES: AdminRoute[] = [{ path: '', navLabel: m.admin.title, Component: AdminHomePage }];
