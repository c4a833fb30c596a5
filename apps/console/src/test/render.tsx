import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Providers } from '../app/app';
import { ConsoleRoutes } from '../app/router';
import { createStore } from '../app/store';
import { saveSession } from '../lib/session';
import type { Staff } from '@veridocs/shared';

export const VERIFIER: Staff = {
  id: 'stf_v',
  email: 'verifier@veridocs.test',
  name: 'Vera Verifier',
  role: 'verifier',
};
export const ADMIN: Staff = { id: 'stf_a', email: 'admin@veridocs.test', name: 'Ada Admin', role: 'admin' };

export function signIn(staff: Staff = VERIFIER) {
  saveSession({ accessToken: 'ops-token', expiresAt: Date.now() + 3_600_000, staff });
}

/** The console at a path (relative to /ops), with a fresh store. */
export function renderConsole(path: string) {
  const store = createStore();
  const view = render(
    <Providers store={store}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes />
      </MemoryRouter>
    </Providers>,
  );
  return { store, ...view };
}
