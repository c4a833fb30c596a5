import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The privacy notice a candidate reads before a form starts (issue 29); the notice's text comes from the server. */
export const privacyCatalog = defineCatalog('privacy', en, { hi: () => import('./locales/hi.json') });
