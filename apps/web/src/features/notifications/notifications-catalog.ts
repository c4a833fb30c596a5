import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The notifications list: relative times and the list's announcements. */
export const notificationsCatalog = defineCatalog('notifications', en, {
  hi: () => import('./locales/hi.json'),
});
