import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

/**
 * Drizzle's migrator applies the entries whose `when` is later than the last one a database applied:
 * an entry merged from a branch with an earlier `when` than one already applied would be skipped
 * silently (seen on a bench database). Hand-written entries must therefore keep both orders.
 */
describe('the migrations journal', () => {
  it('numbers its entries in order, each later than the one before', () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx, entry.tag).toBe(i);
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it('lists every migration file once, and only those', () => {
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''))
      .sort();
    expect([...journal.entries.map((e) => e.tag)].sort()).toEqual(files);
    expect(new Set(journal.entries.map((e) => e.tag)).size).toBe(journal.entries.length);
  });
});
