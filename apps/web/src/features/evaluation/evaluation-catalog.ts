import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** /select-evaluation-partner: the partner, the reference number and its e-mail OTP. */
export const evaluationCatalog = defineCatalog('evaluation', en, { hi: () => import('./locales/hi.json') });
