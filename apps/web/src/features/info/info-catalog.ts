import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The instructions and FAQs of /instructions and /faq (spec §2). */
export const infoCatalog = defineCatalog('info', en, { hi: () => import('./locales/hi.json') });
