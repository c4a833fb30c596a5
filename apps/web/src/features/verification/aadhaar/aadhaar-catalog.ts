import { defineCatalog } from '../../../i18n';
import en from './locales/en.json';

/** The Aadhaar OTP step's texts. */
export const aadhaarCatalog = defineCatalog('aadhaar', en, {
  hi: () => import('./locales/hi.json'),
});
