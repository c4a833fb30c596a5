import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The name change dialog and its notice (spec §2 "Dialogs: name change"). */
export const nameChangeCatalog = defineCatalog('nameChange', en, { hi: () => import('./locales/hi.json') });
