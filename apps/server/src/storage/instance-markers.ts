import { mkdir, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Marker files of running instances in a local file store (issue 31 §3): `<dir>/veridocs-instances/<id>`,
 * outside the key shape, so the orphan sweep and listings never take them for documents. An instance
 * that can read another's marker in its own folder shares that instance's folder (the same disk, or a
 * shared mount); one that cannot would answer 404 for the other's uploads.
 */
export const INSTANCE_MARKERS = 'veridocs-instances';
const ID = /^[0-9a-f-]{36}$/;

const markerPath = (dir: string, id: string) => {
  if (!ID.test(id)) throw new Error('invalid instance id');
  return join(dir, INSTANCE_MARKERS, id);
};

export async function putInstanceMarker(dir: string, id: string): Promise<void> {
  await mkdir(join(dir, INSTANCE_MARKERS), { recursive: true });
  await writeFile(markerPath(dir, id), `${id}\n`, { mode: 0o644 });
}

/** Whether `id`'s marker can be read in `dir` (its content checked: a stale cache is no proof). */
export async function canReadInstanceMarker(dir: string, id: string): Promise<boolean> {
  try {
    return (await readFile(markerPath(dir, id), 'utf8')).trim() === id;
  } catch {
    return false;
  }
}

/** Refreshes the marker's time (what the stale-marker cleanup reads); writes it again if it is gone. */
export async function touchInstanceMarker(dir: string, id: string): Promise<void> {
  const now = new Date();
  try {
    await utimes(markerPath(dir, id), now, now);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await putInstanceMarker(dir, id);
  }
}

export async function removeInstanceMarker(dir: string, id: string): Promise<void> {
  await rm(markerPath(dir, id), { force: true });
}

/**
 * Removes the markers of instances that died without stopping: not among `live`, and last touched
 * before `before`. Both, because a marker is written before its row, and a shared folder's clock may
 * not be ours. Returns how many.
 */
export async function removeStaleInstanceMarkers(
  dir: string,
  live: ReadonlySet<string>,
  before: Date,
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(join(dir, INSTANCE_MARKERS));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!ID.test(name) || live.has(name)) continue;
    const path = join(dir, INSTANCE_MARKERS, name);
    try {
      if ((await stat(path)).mtime >= before) continue;
      await rm(path, { force: true });
      removed += 1;
    } catch {
      // Removed by another instance meanwhile.
    }
  }
  return removed;
}
