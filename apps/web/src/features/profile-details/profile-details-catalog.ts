import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** /profile-mode, /basic-details and /contact-details. */
export const profileDetailsCatalog = defineCatalog('profileDetails', en, {
  hi: () => import('./locales/hi.json'),
});
