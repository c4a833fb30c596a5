import { defineCatalog } from '../../../i18n';
import en from './locales/en.json';

/** The privacy policy of /privacy-policy (spec §2); its Hindi loads only for a reader who chose Hindi. */
export const privacyCatalog = defineCatalog('privacy', en, { hi: () => import('./locales/hi.json') });
