import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

export const brandingCatalog = defineCatalog('branding', en, { hi: () => import('./locales/hi.json') });
