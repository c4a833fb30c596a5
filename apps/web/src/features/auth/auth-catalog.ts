import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

export const authCatalog = defineCatalog('auth', en, { hi: () => import('./locales/hi.json') });
