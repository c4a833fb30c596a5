import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

export const miscCatalog = defineCatalog('misc', en, { hi: () => import('./locales/hi.json') });
