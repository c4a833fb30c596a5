import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { removeOldFiles, walkFiles } from './old-files.js';
import { assertKey, isInstallationId, isStorageKey, MARKER_PREFIX, type Storage } from './storage.js';

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
      const file = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(body, file);
        await rename(partial, target);
      } catch (error) {
        // A body refused before its first byte rejects the pipeline while the part file is still being
        // opened (the thread pool is busy under load): removed now, it would be created just after and
        // stay. Its close comes after the open, so the removal waits for it.
        if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
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
    async removePartials(before, options) {
      // A shared folder's part files cannot be told apart: not ours to remove then.
      if (options?.ownOnly) return 0;
      // A part file's time is its last write: one still streaming in is never older than its last chunk.
      return removeOldFiles(dir, before, (rel) => rel.endsWith('.part'));
    },
    async installationMarkers() {
      try {
        return (await readdir(join(dir, MARKER_PREFIX))).filter(isInstallationId).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async putInstallationMarker(id) {
      if (!isInstallationId(id)) throw new Error('invalid installation id');
      await mkdir(join(dir, MARKER_PREFIX), { recursive: true });
      await writeFile(join(dir, MARKER_PREFIX, id), `${id}\n`, { mode: 0o644 });
    },
  };
}
