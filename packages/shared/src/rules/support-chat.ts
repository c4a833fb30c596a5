import { FORM_URL_KEY } from '../constants/verification-types.js';

/**
 * The support chat widget (spec §2): only on form screens (the /ekyc/… form area, and the bare
 * /verification path), and only while the form's initial screen is not showing.
 */
export function isFormScreen(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return first === FORM_URL_KEY || pathname.replace(/\/+$/, '') === '/verification';
}
export function showsChatWidget(pathname: string, initScreenShowing: boolean): boolean {
  return isFormScreen(pathname) && !initScreenShowing;
}
