import { opendir, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export interface FoundFile {
  path: string;
  /** Relative to the walked folder, '/'-separated. */
  rel: string;
  modifiedAt: Date;
}

/** Every file under `dir` (none when it does not exist), read folder by folder: a large store is never listed whole. */
export async function* walkFiles(dir: string, root = dir): AsyncGenerator<FoundFile> {
  let handle;
  try {
    handle = await opendir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of handle) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walkFiles(path, root);
    } else if (entry.isFile()) {
      // Gone meanwhile (renamed or removed by its writer): not ours to report.
      const info = await stat(path).catch(() => null);
      if (info) yield { path, rel: relative(root, path).split(sep).join('/'), modifiedAt: info.mtime };
    }
  }
}

/** Removes the files under `dir` that `match` and were last written before `before`; returns how many. */
export async function removeOldFiles(
  dir: string,
  before: Date,
  match: (rel: string) => boolean,
): Promise<number> {
  let removed = 0;
  for await (const file of walkFiles(dir)) {
    if (file.modifiedAt >= before || !match(file.rel)) continue;
    await rm(file.path, { force: true });
    removed += 1;
  }
  return removed;
}
