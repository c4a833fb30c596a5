import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The data export's page (issue 29, ADR 0049 "Export"). */
export const exportCatalog = defineCatalog('privacyExport', en, { hi: () => import('./locales/hi.json') });
