import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The nomination page (issue 29, DPDP Act s. 14). */
export const nominationCatalog = defineCatalog('privacyNomination', en, {
  hi: () => import('./locales/hi.json'),
});
