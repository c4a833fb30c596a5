import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The right to erasure's page (issue 29, ADR 0049). */
export const erasureCatalog = defineCatalog('privacyErasure', en, { hi: () => import('./locales/hi.json') });
