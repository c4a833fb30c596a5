import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The institution's pages (issue 27): the responder's page and the contact confirmation. */
export const respondCatalog = defineCatalog('respond', en, { hi: () => import('./locales/hi.json') });
