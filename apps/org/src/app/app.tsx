import { BrowserRouter } from 'react-router';
import { Provider } from 'react-redux';
import { CssBaseline, GlobalStyles, ThemeProvider } from '@mui/material';
import { ORG_BASE } from '@veridocs/shared';
import { OrgRoutes } from './router';
import type { OrgStore } from './store';
import { theme } from './theme';

const globalStyles = {
  '.skip-link': {
    position: 'absolute',
    left: 8,
    top: -48,
    zIndex: 2000,
    padding: '8px 12px',
    background: '#ffffff',
    color: '#0e3e3b',
    borderRadius: 6,
    fontWeight: 600,
  },
  '.skip-link:focus': { top: 8 },
} as const;

export function Providers({ store, children }: { store: OrgStore; children: React.ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <GlobalStyles styles={globalStyles} />
        {children}
      </ThemeProvider>
    </Provider>
  );
}

export function App({ store }: { store: OrgStore }) {
  return (
    <Providers store={store}>
      <BrowserRouter basename={ORG_BASE}>
        <OrgRoutes />
      </BrowserRouter>
    </Providers>
  );
}
