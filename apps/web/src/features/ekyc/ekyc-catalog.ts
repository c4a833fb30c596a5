import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/**
 * The verification journey's screens: init screen, form home, tiles, banners and dialogs. The English of
 * the specification's strings repeats JOURNEY_TEXT (packages/shared) exactly; a test keeps them equal.
 */
export const ekycCatalog = defineCatalog('ekyc', en, { hi: () => import('./locales/hi.json') });
