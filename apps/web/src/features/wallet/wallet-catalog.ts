import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

export const walletCatalog = defineCatalog('wallet', en, { hi: () => import('./locales/hi.json') });
