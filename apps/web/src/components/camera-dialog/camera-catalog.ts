import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The camera's own texts; the spec's camera messages (FILE_TEXT) are the rules catalog's. */
export const cameraCatalog = defineCatalog('camera', en, { hi: () => import('./locales/hi.json') });
