import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** Copy told on several screens: the candidate's steps (instructions page, demo walkthrough). */
export const contentCatalog = defineCatalog('content', en, { hi: () => import('./locales/hi.json') });
