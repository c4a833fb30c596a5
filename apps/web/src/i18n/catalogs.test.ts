import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * Every catalog of the app (`src/**\/locales/<language>.json`), read as written (`?raw` skips the
 * catalogs plugin): Hindi has English's keys, no empty message, and shows the values English shows
 * (it may add a plural English does not need).
 */
const files = import.meta.glob<string>('/src/**/locales/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * The arguments of a message (`{name}`, `{count, plural, …}`) with their format ('' for a plain one),
 * inside plural cases too. Compiled, a message is a list of texts and arguments `[name, format?,
 * cases?]`, each case again a message.
 */
function argumentsOf(message: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (parts: unknown) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      const [name, format, cases] = part as [string, unknown, unknown];
      if (!found.has(name) || !found.get(name)) found.set(name, typeof format === 'string' ? format : '');
      if (cases && typeof cases === 'object') for (const branch of Object.values(cases)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  return found;
}

/** Hindi may choose its words by a count English does not need (a plural), never show another value. */
const GRAMMAR = new Set(['plural', 'select', 'selectordinal']);

const catalogs = Object.keys(files)
  .filter((path) => path.endsWith('/en.json'))
  .map((english) => english.replace(/\/en\.json$/, ''));

describe('the catalogs', () => {
  it('are found', () => {
    expect(catalogs.length).toBeGreaterThan(5);
  });

  it.each(catalogs)('%s: Hindi has every English key, none empty, showing the same values', (folder) => {
    const en = JSON.parse(files[`${folder}/en.json`]!) as Record<string, string>;
    const raw = files[`${folder}/hi.json`];
    expect(raw, `${folder}/hi.json`).toBeDefined();
    const hi = JSON.parse(raw!) as Record<string, string>;
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const [key, message] of Object.entries(en)) {
      expect(hi[key]?.trim(), key).toBeTruthy();
      const english = argumentsOf(message);
      const hindi = argumentsOf(hi[key]!);
      // Every value English shows, Hindi shows too.
      expect(
        [...english.keys()].filter((name) => !hindi.has(name)),
        key,
      ).toEqual([]);
      // Hindi's own arguments only choose a form (the caller passes them for that).
      expect(
        [...hindi].filter(([name, format]) => !english.has(name) && !GRAMMAR.has(format)).map(([n]) => n),
        key,
      ).toEqual([]);
    }
  });
});
