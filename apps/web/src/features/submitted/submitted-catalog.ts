import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

export const submittedCatalog = defineCatalog('submitted', en, { hi: () => import('./locales/hi.json') });
