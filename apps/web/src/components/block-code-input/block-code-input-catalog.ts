import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The block inputs' default accessible names. */
export const blockCodeInputCatalog = defineCatalog('blockCodeInput', en, {
  hi: () => import('./locales/hi.json'),
});
