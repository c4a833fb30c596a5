import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The access page (issue 29): what the product holds, its purposes, the disclosures. */
export const privacyAccessCatalog = defineCatalog('privacyAccess', en, {
  hi: () => import('./locales/hi.json'),
});
