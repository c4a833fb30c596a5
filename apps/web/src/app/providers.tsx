import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/es/integration/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarHost } from '../components/snackbar-host/snackbar-host';
import type { AppState } from './session/create-app';
import { SessionContext } from './session/session-context';
import { theme } from './theme';

export function AppProviders({ app, children }: { app: AppState; children: ReactNode }) {
  return (
    <Provider store={app.store}>
      <SessionContext.Provider value={app.session}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <SnackbarHost />
          <PersistGate persistor={app.persistor} loading={null}>
            {children}
          </PersistGate>
        </ThemeProvider>
      </SessionContext.Provider>
    </Provider>
  );
}
