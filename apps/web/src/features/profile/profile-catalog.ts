import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

export const profileCatalog = defineCatalog('profile', en, { hi: () => import('./locales/hi.json') });
