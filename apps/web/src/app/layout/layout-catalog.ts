import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The frames' strings: top bar, navigation, notifications panel, public shell, skip link. */
export const layoutCatalog = defineCatalog('layout', en, { hi: () => import('./locales/hi.json') });
