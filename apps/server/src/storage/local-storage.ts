import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { removeOldFiles, walkFiles } from './old-files.js';
import { assertKey, isStorageKey, type Storage } from './storage.js';

/**
 * Files under `dir` (DATA_DIR/files by default, never a served folder), two levels of fan-out by the
 * key. A put writes `<key>.<random>.part` beside the target and renames it on success: a reader never
 * sees a half-written object and a failed put leaves nothing behind (a killed process leaves the part
 * file, which the orphan sweep removes).
 */
export function createLocalStorage(dir: string): Storage {
  const pathOf = (key: string) => {
    assertKey(key);
    return join(dir, key);
  };
  return {
    kind: 'local',
    async put(key, body: Readable) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      const path = pathOf(key);
      try {
        return (await stat(path)).isFile();
      } catch {
        return false;
      }
    },
    async withLocalFile(key, use) {
      return use(pathOf(key));
    },
    async *listObjects() {
      for await (const file of walkFiles(dir)) {
        if (isStorageKey(file.rel)) yield { key: file.rel, modifiedAt: file.modifiedAt };
      }
    },
    removePartials(before) {
      // A part file's time is its last write: one still streaming in is never older than its last chunk.
      return removeOldFiles(dir, before, (rel) => rel.endsWith('.part'));
    },
  };
}
