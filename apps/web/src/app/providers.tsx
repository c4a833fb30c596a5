import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
// MUI's ThemeProvider also bundles its CSS-variables provider; the theme has no CSS variables, and for
// such a theme MUI hands it to this one as is (ADR 0012: ~3 KB off /login).
import ThemeProvider from '@mui/system/ThemeProvider';
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
          {children}
        </ThemeProvider>
      </SessionContext.Provider>
    </Provider>
  );
}
