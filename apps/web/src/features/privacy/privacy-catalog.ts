import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/**
 * The candidate's privacy screens (issue 29, ADR 0049): the notice before a form starts (its text comes
 * from the server) and the privacy page (consents by request, their withdrawal).
 */
export const privacyCatalog = defineCatalog('privacy', en, { hi: () => import('./locales/hi.json') });
