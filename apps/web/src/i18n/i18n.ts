import { useSyncExternalStore } from 'react';
import { setupI18n, type Messages } from '@lingui/core';
import { getItem, setItem } from '../lib/storage';

/**
 * The one i18n layer (ADR 0014): Lingui's small runtime, with ICU messages compiled at build time by
 * the `veridocs-catalogs` plugin in vite.config.ts. Each feature keeps its catalogs beside its code
 * (`locales/en.json`, `locales/hi.json`); English loads with the feature, Hindi only when chosen.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** What the language menu shows: each language in its own script. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };
/** The locale given to `Intl` for dates and numbers. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

export const LANGUAGE_STORAGE_KEY = 'veridocs-language';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const i18n = setupI18n();

/** A catalog as the build emits it: compiled messages keyed by the feature's own keys. */
type CompiledCatalog = Record<string, Messages[string]>;
type CatalogLoader = () => Promise<{ default: CompiledCatalog }>;

export interface Catalog<K extends string> {
  readonly area: string;
  /** Resolves once this catalog's messages for `language` are in the runtime. */
  ready(language: Language): Promise<void> | null;
  /** Type-only: the keys of the English catalog. */
  readonly keys?: K;
}

const catalogs: Catalog<string>[] = [];

function loadInto(language: Language, area: string, messages: CompiledCatalog) {
  const prefixed: Messages = {};
  for (const [key, message] of Object.entries(messages)) prefixed[`${area}.${key}`] = message;
  i18n.load(language, prefixed);
}

/**
 * Declares a feature's catalog. English is given as the imported JSON (it ships with the feature and
 * is there for the first render, also when pre-rendering); other languages as loaders.
 */
export function defineCatalog<T extends Record<string, unknown>>(
  area: string,
  english: T,
  others: Partial<Record<Exclude<Language, 'en'>, CatalogLoader>>,
): Catalog<Extract<keyof T, string>> {
  if (catalogs.some((catalog) => catalog.area === area))
    throw new Error(`Catalog "${area}" is declared twice`);
  loadInto('en', area, english as CompiledCatalog);
  const loading = new Map<Language, Promise<void>>();
  const loaded = new Set<Language>(['en']);
  const catalog: Catalog<Extract<keyof T, string>> = {
    area,
    ready(language) {
      if (loaded.has(language)) return null;
      let promise = loading.get(language);
      if (!promise) {
        const loader = language === 'en' ? undefined : others[language];
        // A message missing from a translation falls back to English, key by key (Lingui itself would
        // show the id); a language without a catalog for this area is English throughout.
        promise = (loader ? loader() : Promise.resolve({ default: {} })).then((module) => {
          loadInto(language, area, { ...(english as CompiledCatalog), ...module.default });
          loaded.add(language);
        });
        loading.set(language, promise);
      }
      return promise;
    },
  };
  catalogs.push(catalog);
  return catalog;
}

let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getLanguage = (): Language => current;

/** The language this browser chose before, or English. */
export function storedLanguage(): Language {
  const stored = typeof window === 'undefined' ? null : getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * Switches the language: loads every declared catalog's messages first, so no screen shows a mix,
 * then re-renders every `useT` user. Catalogs of screens loaded later load on their first render.
 */
export async function setLanguage(language: Language, { persist = true } = {}): Promise<void> {
  await Promise.all(catalogs.map((catalog) => catalog.ready(language)));
  if (language !== DEFAULT_LANGUAGE) await loadScriptFont(language);
  current = language;
  i18n.activate(language, [INTL_LOCALES[language], language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (persist) {
    setItem(LANGUAGE_STORAGE_KEY, language);
    // The server sends the pages pre-rendered in this language (apps/server/src/http/spa.ts).
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
  }
  for (const listener of listeners) listener();
}

/** The Devanagari font is fetched only for Hindi: English readers never download it. */
async function loadScriptFont(language: Language): Promise<void> {
  if (language === 'hi' && typeof document !== 'undefined') {
    await import('./devanagari-font').then((module) => module.loadDevanagariFont());
  }
}

i18n.activate(DEFAULT_LANGUAGE, [INTL_LOCALES[DEFAULT_LANGUAGE], DEFAULT_LANGUAGE]);

/**
 * The current language, re-rendering on change. Also while hydrating: the page was pre-rendered in
 * the language main.tsx sets before it hydrates, and a catalog whose Hindi is not loaded yet must
 * suspend then (a server snapshot of English skipped that and rendered the keys: React error 418).
 */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}

export type Values = Record<string, string | number | null | undefined>;
export type Translate<K extends string> = (key: K, values?: Values) => string;

/** Translates `key` of `catalog` in the current language (outside React: error messages, titles). */
export function translate<K extends string>(catalog: Catalog<K>, key: K, values?: Values): string {
  return i18n._(`${catalog.area}.${key}`, values);
}

/**
 * `t(key, values)` for one catalog, re-rendering when the language changes. While the catalog's
 * messages for the current language are loading (a screen opened after switching), the component
 * suspends: the nearest Suspense boundary shows its skeleton instead of a flash of English.
 */
export function useT<K extends string>(catalog: Catalog<K>): Translate<K> {
  const language = useLanguage();
  const pending = catalog.ready(language);
  // Thrown, not use()d: React replays a component that suspended in use() as soon as the promise
  // settles and then expects the same use() call, which a loaded catalog no longer makes ("did not
  // call use() when it finished"); and a use() on every render would mark every update as suspending.
  if (pending) throw pending;
  return (key, values) => translate(catalog, key, values);
}

/** Formats a number in the current language's conventions (lakh grouping in both). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(INTL_LOCALES[current], options).format(value);
}
