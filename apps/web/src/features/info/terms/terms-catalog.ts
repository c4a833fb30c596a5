import { defineCatalog } from '../../../i18n';
import en from './locales/en.json';

/** The terms of /terms (spec §2); their Hindi loads only for a reader who chose Hindi. */
export const termsCatalog = defineCatalog('terms', en, { hi: () => import('./locales/hi.json') });
