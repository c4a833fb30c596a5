import { defineCatalog } from '../i18n';
import en from './locales/en.json';

/**
 * The strings every part of the app shares: the specification's fixed messages (`MESSAGES` in
 * packages/shared, whose English this catalog repeats exactly; a test keeps them equal) and the
 * language menu.
 */
export const commonCatalog = defineCatalog('common', en, { hi: () => import('./locales/hi.json') });
