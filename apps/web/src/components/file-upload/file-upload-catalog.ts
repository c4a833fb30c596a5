import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The upload field's own texts; the spec's upload messages (FILE_TEXT) are the rules catalog's. */
export const fileUploadCatalog = defineCatalog('fileUpload', en, {
  hi: () => import('./locales/hi.json'),
});
