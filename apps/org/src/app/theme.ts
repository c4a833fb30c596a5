import { createTheme } from '@mui/material/styles';

/**
 * The portal's theme: the console's density (apps/console/src/app/theme.ts) in a teal of its own, so an
 * organisation user never mistakes it for the verification team's console. Every text colour meets
 * WCAG AA on its surfaces.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0f5f5a', dark: '#0b4642', light: '#3f8a85', contrastText: '#ffffff' },
    secondary: { main: '#1d4e89', dark: '#143a68', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    warning: { main: '#8a5a00' },
    success: { main: '#1e6b3a' },
    info: { main: '#1d5f99' },
    background: { default: '#f3f6f6', paper: '#ffffff' },
    text: { primary: '#1b2430', secondary: '#4a5566' },
    divider: '#dce4e3',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, system-ui, sans-serif",
    fontSize: 14,
    h1: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: '1.25rem', fontWeight: 650, lineHeight: 1.3 },
    h3: { fontSize: '1.0625rem', fontWeight: 650, lineHeight: 1.35 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '3px solid #f0b429', outlineOffset: 2 } },
      },
    },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 650, color: '#4a5566', whiteSpace: 'nowrap' } } },
    MuiPaper: { defaultProps: { variant: 'outlined' } },
    // A long e-mail address in a message ("Invitation sent to …") wraps: on a phone it would otherwise
    // turn the message into a scrollable region that the keyboard cannot reach (axe: serious).
    MuiAlert: { styleOverrides: { message: { overflowWrap: 'anywhere' } } },
  },
});
