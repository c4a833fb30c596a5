import { defineCatalog, translate } from '../../i18n';
import en from './locales/en.json';

/** Page titles (spec §2 "Page titles"): small, on /login too (the document title). */
export const titlesCatalog = defineCatalog('titles', en, { hi: () => import('./locales/hi.json') });

type TitleKey = keyof typeof en;
/** A compiled plain message is its text in a one-element array (the catalogs plugin of vite.config.ts). */
const plainText = (message: unknown): string =>
  Array.isArray(message) && typeof message[0] === 'string' ? message.join('') : String(message);
const KEY_BY_TITLE = new Map<string, TitleKey>(
  Object.entries(en).map(([key, title]) => [plainText(title), key as TitleKey]),
);

/** An English page title (the spec's, from titleFor) in the current language. */
export function localTitle(title: string): string {
  const key = KEY_BY_TITLE.get(title);
  return key ? translate(titlesCatalog, key) : title;
}
