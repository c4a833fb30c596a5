import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The support chat's strings. */
export const supportCatalog = defineCatalog('support', en, { hi: () => import('./locales/hi.json') });
