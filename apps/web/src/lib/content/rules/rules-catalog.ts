import { defineCatalog } from '../../../i18n';
import en from './locales/en.json';

/**
 * The English constants of packages/shared the web shows (the form rules' messages, FILE_TEXT,
 * FIELD_TEXT, the option sets' names): shared must not import browser code, so they are translated
 * here, when shown, by their English text (rule-text.ts). A test keeps the English equal to shared's.
 */
export const rulesCatalog = defineCatalog('rules', en, { hi: () => import('./locales/hi.json') });
