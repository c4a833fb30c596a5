import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { OrgRole, OrgSummary, OrgUser } from '@veridocs/shared';
import { Providers } from '../app/app';
import { OrgRoutes } from '../app/router';
import { createStore } from '../app/store';
import { saveSession } from '../lib/session';

export const ORG: OrgSummary = { id: 'acme-university', name: 'Acme University' };
export const OWNER: OrgUser = { id: 'usr_o', email: 'owner@acme.test', name: 'Olivia Owner', role: 'owner' };
export const MANAGER: OrgUser = {
  id: 'usr_m',
  email: 'manager@acme.test',
  name: 'Manoj Manager',
  role: 'manager',
};
export const VIEWER: OrgUser = {
  id: 'usr_v',
  email: 'viewer@acme.test',
  name: 'Vidya Viewer',
  role: 'viewer',
};

export const userOf = (role: OrgRole): OrgUser =>
  role === 'owner' ? OWNER : role === 'manager' ? MANAGER : VIEWER;

export function signIn(user: OrgUser = MANAGER, org: OrgSummary = ORG) {
  saveSession({ accessToken: 'org-token', expiresAt: Date.now() + 3_600_000, user, org });
}

/** The portal at a path (relative to /org), with a fresh store. */
export function renderPortal(path: string) {
  const store = createStore();
  const view = render(
    <Providers store={store}>
      <MemoryRouter initialEntries={[path]}>
        <OrgRoutes />
      </MemoryRouter>
    </Providers>,
  );
  return { store, ...view };
}
