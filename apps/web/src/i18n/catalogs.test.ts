import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * Every catalog of the app (`src/**\/locales/<language>.json`), read as written (`?raw` skips the
 * catalogs plugin): Hindi has English's keys, no empty message, and the same ICU arguments per key.
 */
const files = import.meta.glob<string>('/src/**/locales/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * The argument names of a message (`{name}`, `{count, plural, …}`), inside plural cases too. Compiled,
 * a message is a list of texts and arguments `[name, format?, cases?]`, each case again a message.
 */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (parts: unknown) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      const [name, , cases] = part as [string, unknown, unknown];
      names.add(name);
      if (cases && typeof cases === 'object') for (const branch of Object.values(cases)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

const catalogs = Object.keys(files)
  .filter((path) => path.endsWith('/en.json'))
  .map((english) => english.replace(/\/en\.json$/, ''));

describe('the catalogs', () => {
  it('are found', () => {
    expect(catalogs.length).toBeGreaterThan(5);
  });

  it.each(catalogs)('%s: Hindi has every English key, none empty, with the same arguments', (folder) => {
    const en = JSON.parse(files[`${folder}/en.json`]!) as Record<string, string>;
    const raw = files[`${folder}/hi.json`];
    expect(raw, `${folder}/hi.json`).toBeDefined();
    const hi = JSON.parse(raw!) as Record<string, string>;
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const [key, message] of Object.entries(en)) {
      expect(hi[key]?.trim(), key).toBeTruthy();
      expect(argumentsOf(hi[key]!), key).toEqual(argumentsOf(message));
    }
  });
});
