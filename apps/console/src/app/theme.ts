import { createStaffTheme } from '@veridocs/ui';

/** The console's theme: the staff apps' one (packages/ui) in the candidate app's blue. */
export const theme = createStaffTheme({
  primary: { main: '#1d4e89', dark: '#143a68', light: '#4a74a8', contrastText: '#ffffff' },
  secondary: { main: '#0f6e63', dark: '#0a5249', contrastText: '#ffffff' },
  background: '#f3f5f8',
  divider: '#dde3ea',
});
