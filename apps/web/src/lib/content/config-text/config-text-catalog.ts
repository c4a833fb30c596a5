import { defineCatalog } from '../../../i18n';
import en from './locales/en.json';

/**
 * The texts of the demo's verification configs (labels, titles, placeholders, validation messages):
 * a config is data from the server, in English; these are shown in the reader's language by their
 * English text (rule-text.ts). A config's text not listed here is shown as the organisation wrote it.
 */
export const configTextCatalog = defineCatalog('configText', en, { hi: () => import('./locales/hi.json') });
