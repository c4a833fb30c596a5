import { BrowserRouter } from 'react-router';
import { NavigateBridge } from './navigate-bridge';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import type { AppState } from './session/create-app';

export function App({ app }: { app: AppState }) {
  return (
    <AppProviders app={app}>
      <BrowserRouter>
        <NavigateBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
