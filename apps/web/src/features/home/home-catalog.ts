import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

export const homeCatalog = defineCatalog('home', en, { hi: () => import('./locales/hi.json') });
