import { MESSAGES } from '@veridocs/shared';
import { commonCatalog, getLanguage, translate, useLanguage, useT } from '../../../i18n';
import { configTextCatalog } from '../config-text/config-text-catalog';
import configEn from '../config-text/locales/en.json';
import { rulesCatalog } from './rules-catalog';
import en from './locales/en.json';

export type RuleKey = keyof typeof en;

/**
 * A compiled message as the catalogs plugin emits it (Lingui's format): literal text and `[name]`
 * arguments. The English of this catalog uses no plural or select, so that it can be matched.
 */
type Compiled = ReadonlyArray<string | readonly [string]>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Pattern {
  key: RuleKey;
  regex: RegExp;
  names: string[];
}

const exact = new Map<string, { catalog: 'common' | 'rules' | 'config'; key: string }>();
const patterns: Pattern[] = [];
for (const [key, message] of Object.entries(MESSAGES)) exact.set(message, { catalog: 'common', key });
for (const [key, compiled] of Object.entries(configEn as unknown as Record<string, Compiled>))
  exact.set(compiled.join(''), { catalog: 'config', key });
for (const [key, compiled] of Object.entries(en as unknown as Record<string, Compiled>)) {
  const names: string[] = [];
  let source = '';
  for (const part of compiled) {
    if (typeof part === 'string') source += escape(part);
    else {
      names.push(part[0]);
      source += '(.+?)';
    }
  }
  if (names.length === 0) exact.set(compiled.join(''), { catalog: 'rules', key });
  else patterns.push({ key: key as RuleKey, regex: new RegExp(`^${source}$`), names });
}

/** Which entry translates a message ('common.key' or 'rules.key'), or null: for tests. */
export function ruleKeyOf(message: string): string | null {
  const known = exact.get(message);
  if (known) return `${known.catalog}.${known.key}`;
  const pattern = patterns.find(({ regex }) => regex.test(message));
  return pattern ? `rules.${pattern.key}` : null;
}

/**
 * A message of packages/shared (a form rule's, a FILE_TEXT or an option name, also as the server
 * sends it back) or a text of the demo's verification configs, in the current language: found by its English text; text it does not know (a
 * config's own message) is returned as it is. In English it is always returned unchanged.
 */
export function ruleText(message: string): string {
  if (getLanguage() === 'en') return message;
  const known = exact.get(message);
  if (known?.catalog === 'common') return translate(commonCatalog, known.key as keyof typeof MESSAGES);
  if (known?.catalog === 'config') return translate(configTextCatalog, known.key as keyof typeof configEn);
  if (known) return translate(rulesCatalog, known.key as RuleKey);
  for (const { key, regex, names } of patterns) {
    const match = regex.exec(message);
    if (!match) continue;
    // A number stays a number, for the plural rules of the translation ("Only 3 file(s)…"); a field's
    // label in it ("Roll number must be at most…") is the config's, translated like the config.
    const value = (i: number) => {
      const part = match[i + 1] ?? '';
      if (/^\d+$/.test(part)) return Number(part);
      const label = exact.get(part);
      return label?.catalog === 'config'
        ? translate(configTextCatalog, label.key as keyof typeof configEn)
        : part;
    };
    return translate(rulesCatalog, key, Object.fromEntries(names.map((name, i) => [name, value(i)])));
  }
  return message;
}

/** The catalogs `ruleText` reads (use-label-text.ts waits for them as `useRuleText` does). */
export const ruleTextCatalogs = [commonCatalog, rulesCatalog, configTextCatalog] as const;

/** `ruleText` for components: re-renders on a language change, suspends while the catalogs load. */
export function useRuleText(): typeof ruleText {
  useLanguage();
  useT(commonCatalog);
  useT(rulesCatalog);
  useT(configTextCatalog);
  return ruleText;
}

/** The rules catalog's `t`, for the shared texts a component shows by key (FILE_TEXT, FIELD_TEXT). */
export const useRulesT = () => useT(rulesCatalog);
