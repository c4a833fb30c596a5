import { useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavigateBridge } from '../app/navigate-bridge';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { createAppState, type AppState } from '../app/session/create-app';
import { onTestEnd } from './registry';

/** The current router location, for assertions. */
export interface LocationProbe {
  current: Location | null;
}

function ProbeLocation({ probeRef }: { probeRef: LocationProbe }) {
  const location = useLocation();
  // A layout effect: the probe is current by the time anything of the new location is on screen.
  useLayoutEffect(() => {
    probeRef.current = location;
  }, [location, probeRef]);
  return null;
}

/** A fresh store, persistor and session controller, torn down after the test. */
export function createTestApp(): AppState {
  const app = createAppState();
  onTestEnd(() => app.session.dispose());
  return app;
}

interface RenderOptions {
  route?: string | { pathname: string; search?: string; state?: unknown };
  app?: AppState;
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/** Renders the whole app (providers, route table) at a route, with a memory router. */
export function renderApp(options: RenderOptions = {}) {
  const app = options.app ?? createTestApp();
  const probe: LocationProbe = { current: null };
  const user = userEvent.setup(options.userOptions);
  const utils = render(
    <AppProviders app={app}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <NavigateBridge />
        <ProbeLocation probeRef={probe} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, app, user, probe };
}

/** Renders a component inside the app's providers and a memory router (no route table). */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const app = options.app ?? createTestApp();
  const probe: LocationProbe = { current: null };
  const user = userEvent.setup(options.userOptions);
  const utils = render(
    <AppProviders app={app}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <NavigateBridge />
        <ProbeLocation probeRef={probe} />
        {ui}
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, app, user, probe };
}

/** Lets pending promises (rehydration, mocked responses) settle inside act(). */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}
