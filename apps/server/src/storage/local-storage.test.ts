import type * as nodeFs from 'node:fs';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from './local-storage.js';
import { newStorageKey } from './index.js';

/**
 * Every part file is opened late, as when the thread pool is busy with other work (hashing, images):
 * the open the write stream queued finishes after a refusal has already rejected the pipeline.
 */
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof nodeFs>();
  const lateOpen = (...args: unknown[]) =>
    setTimeout(() => (fs.open as (...a: unknown[]) => void)(...args), 50);
  const createWriteStream = ((path: string, options: object) =>
    fs.createWriteStream(path, { ...options, fs: { ...fs, open: lateOpen } })) as typeof fs.createWriteStream;
  return { ...fs, default: { ...fs, createWriteStream }, createWriteStream };
});

const dir = mkdtempSync(join(tmpdir(), 'veridocs-local-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local storage under a busy thread pool', () => {
  it('a body refused before its first byte leaves no part file, even one opened after the refusal', async () => {
    const storage = createLocalStorage(dir);
    const refused = () =>
      Readable.from(
        (async function* () {
          yield* [];
          throw new Error('not an allowed type');
        })(),
      );
    // Whether the pipeline settles before the open varies run to run: ten refusals meet both orders.
    for (let i = 0; i < 10; i++)
      await expect(storage.put(newStorageKey(), refused())).rejects.toThrow('not an allowed type');
    // Long enough for a late open to have created the file, had the put not waited for it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const left = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(left.map((e) => e.name)).toEqual([]);
  });
});
