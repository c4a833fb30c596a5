import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/es/integration/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { UI_LIMITS } from '@veridocs/shared';
import { setNotifier } from '../lib/notify';
import type { AppState } from './session/create-app';
import { SessionContext } from './session/session-context';
import { theme } from './theme';

/** Lets code outside React (the API client) show snackbars. */
function NotifierBridge() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    setNotifier((message, variant) => enqueueSnackbar(message, { variant }));
    return () => setNotifier(null);
  }, [enqueueSnackbar]);
  return null;
}

export function AppProviders({ app, children }: { app: AppState; children: ReactNode }) {
  return (
    <Provider store={app.store}>
      <SessionContext.Provider value={app.session}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <SnackbarProvider
            maxSnack={UI_LIMITS.snackbarMax}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
            autoHideDuration={5000}
          >
            <NotifierBridge />
            <PersistGate persistor={app.persistor} loading={null}>
              {children}
            </PersistGate>
          </SnackbarProvider>
        </ThemeProvider>
      </SessionContext.Provider>
    </Provider>
  );
}
