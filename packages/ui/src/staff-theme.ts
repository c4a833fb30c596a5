import { createTheme, type PaletteColorOptions } from '@mui/material/styles';

/** What tells the two staff apps apart at a glance; the rest of their theme is one. */
export interface StaffColours {
  primary: PaletteColorOptions;
  secondary: PaletteColorOptions;
  background: string;
  divider: string;
}

/**
 * The staff apps' theme (the console, ADR 0027; the portal, ADR 0047): the candidate app's type and
 * status colours in a denser, desktop layout for people who work lists all day. Every text colour meets
 * WCAG AA on its surfaces; each app brings its own primary so neither is mistaken for the other.
 */
export function createStaffTheme(colours: StaffColours) {
  return createTheme({
    palette: {
      mode: 'light',
      primary: colours.primary,
      secondary: colours.secondary,
      error: { main: '#b3261e' },
      warning: { main: '#8a5a00' },
      success: { main: '#1e6b3a' },
      info: { main: '#1d5f99' },
      background: { default: colours.background, paper: '#ffffff' },
      text: { primary: '#1b2430', secondary: '#4a5566' },
      divider: colours.divider,
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
}
