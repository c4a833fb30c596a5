import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The candidate's privacy page (issue 29, ADR 0049): consents by request, their withdrawal. */
export const privacyCatalog = defineCatalog('privacy', en, { hi: () => import('./locales/hi.json') });
