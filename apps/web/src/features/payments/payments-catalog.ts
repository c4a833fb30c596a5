import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The payment screens: mode, region, payment, status, receipt, payment lists and the SDK redirect. */
export const paymentsCatalog = defineCatalog('payments', en, {
  hi: () => import('./locales/hi.json'),
});
