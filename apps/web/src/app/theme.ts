import { createTheme } from '@mui/material/styles';

/**
 * A calm, professional palette. Every text colour meets WCAG AA (4.5:1) on the white and the
 * background surfaces it is used on.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1d4e89', dark: '#143a68', light: '#4a74a8', contrastText: '#ffffff' },
    secondary: { main: '#0f6e63', dark: '#0a5249', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    warning: { main: '#8a5a00' },
    success: { main: '#1e6b3a' },
    info: { main: '#1d5f99' },
    background: { default: '#f5f7fa', paper: '#ffffff' },
    text: { primary: '#1b2430', secondary: '#4a5566' },
    divider: '#dde3ea',
  },
  shape: { borderRadius: 10 },
  typography: {
    // Hindi's Devanagari, after the Latin faces (they have no Devanagari glyphs, so Latin text keeps its
    // face); its @font-face exists only once Hindi is chosen (ADR 0014).
    fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Devanagari', system-ui, sans-serif",
    h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: '1.375rem', fontWeight: 650, lineHeight: 1.3 },
    h3: { fontSize: '1.125rem', fontWeight: 650, lineHeight: 1.35 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10, minHeight: 44 }, sizeLarge: { minHeight: 48 } },
    },
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '3px solid #f0b429', outlineOffset: 2 },
        },
      },
    },
    MuiLink: {
      styleOverrides: {
        root: { '&:focus-visible': { outline: '3px solid #f0b429', outlineOffset: 2, borderRadius: 2 } },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // A read-only form disables its fields, but their hints still inform: readable, not greyed out
    // (axe color-contrast on a submitted verification).
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
  },
});
