import { defineCatalog } from '../../i18n';
import en from './locales/en.json';

/** The form engine's own texts; the labels and options a config gives are its data, shown as given. */
export const dynamicFormCatalog = defineCatalog('dynamicForm', en, {
  hi: () => import('./locales/hi.json'),
});
