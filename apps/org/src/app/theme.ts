import { createStaffTheme } from '@veridocs/ui';

/**
 * The portal's theme: the staff apps' one (packages/ui) in a teal of its own, so an organisation user
 * never mistakes it for the verification team's console.
 */
export const theme = createStaffTheme({
  primary: { main: '#0f5f5a', dark: '#0b4642', light: '#3f8a85', contrastText: '#ffffff' },
  secondary: { main: '#1d4e89', dark: '#143a68', contrastText: '#ffffff' },
  background: '#f3f6f6',
  divider: '#dce4e3',
});
