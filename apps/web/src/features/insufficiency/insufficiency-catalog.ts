import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** /verification/insufficiency ("Document Details"): the team's request and the candidate's answer. */
export const insufficiencyCatalog = defineCatalog('insufficiency', en, {
  hi: () => import('./locales/hi.json'),
});
