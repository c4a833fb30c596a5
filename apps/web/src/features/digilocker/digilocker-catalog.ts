import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The /digilocker screen's texts (issue 26). */
export const digilockerCatalog = defineCatalog('digilocker', en, {
  hi: () => import('./locales/hi.json'),
});
