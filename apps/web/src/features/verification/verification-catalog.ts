import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The /verification screen's own texts; the form's labels come from its config. */
export const verificationCatalog = defineCatalog('verification', en, {
  hi: () => import('./locales/hi.json'),
});
