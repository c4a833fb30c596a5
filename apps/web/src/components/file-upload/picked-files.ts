/**
 * Files picked for a merged upload but not uploaded yet, kept in this browser's IndexedDB so that a
 * reload does not drop them (issue 24): under one key per transaction, verification and field, until
 * they are uploaded or removed, the candidate signs out, or a week has passed. Storage that is not
 * there (a private window, an old browser, the tests' jsdom) keeps nothing and says so only in the log:
 * the picker works as before.
 */

const DB_NAME = 'veridocs-picked-files';
const STORE = 'picks';
/** Picks older than this are dropped when the store is opened: a form is not left half-done longer. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

interface StoredFile {
  name: string;
  type: string;
  lastModified: number;
  /** The bytes, not the File: every implementation clones an ArrayBuffer; not every one a File. */
  data: ArrayBuffer;
}

interface StoredPicks {
  savedAt: number;
  files: StoredFile[];
}

/** The key of one field's picks. */
export const pickedFilesKey = (txnId: string, verification: string, fieldName: string) =>
  `${txnId}/${verification}/${fieldName}`;

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

let opening: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  opening ??= (async () => {
    if (typeof indexedDB === 'undefined') return null;
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    const db = await done(request);
    // Another tab deleting the database (a sign-out there) closes this connection.
    db.onversionchange = () => {
      db.close();
      opening = null;
    };
    await dropOld(db);
    return db;
  })().catch((error: unknown) => {
    console.warn('Picked files: IndexedDB is not available', error);
    opening = null;
    return null;
  });
  return opening;
}

async function dropOld(db: IDBDatabase): Promise<void> {
  const tx = db.transaction(STORE, 'readwrite');
  const cursor = tx.objectStore(STORE).openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (!at) return;
    const picks = at.value as StoredPicks | undefined;
    if (!picks || Date.now() - picks.savedAt > KEEP_MS) at.delete();
    at.continue();
  };
  await finished(tx);
}

/** The picks kept under `key`, in their order ([] when none or when nothing can be kept). */
export async function loadPickedFiles(key: string): Promise<File[]> {
  try {
    const db = await database();
    if (!db) return [];
    const picks = (await done(db.transaction(STORE).objectStore(STORE).get(key))) as StoredPicks | undefined;
    return (picks?.files ?? []).map(
      (f) => new File([f.data], f.name, { type: f.type, lastModified: f.lastModified }),
    );
  } catch (error) {
    console.warn('Picked files: could not read them', error);
    return [];
  }
}

// Writes one after the other, so that a later list never lands before an earlier one.
let writing: Promise<void> = Promise.resolve();

/** Keeps `files` under `key` in their order; none deletes the key. */
export function savePickedFiles(key: string, files: readonly File[]): Promise<void> {
  writing = writing.then(async () => {
    try {
      const db = await database();
      if (!db) return;
      const stored: StoredPicks | null =
        files.length === 0
          ? null
          : {
              savedAt: Date.now(),
              files: await Promise.all(
                files.map(async (file) => ({
                  name: file.name,
                  type: file.type,
                  lastModified: file.lastModified,
                  data: await file.arrayBuffer(),
                })),
              ),
            };
      const tx = db.transaction(STORE, 'readwrite');
      if (stored) tx.objectStore(STORE).put(stored, key);
      else tx.objectStore(STORE).delete(key);
      await finished(tx);
    } catch (error) {
      // Too large for the quota, or storage turned off: the picks stay on the screen until a reload.
      console.warn('Picked files: could not keep them', error);
    }
  });
  return writing;
}

/** Forgets every pick of this browser (sign-out). */
export function clearPickedFiles(): Promise<void> {
  writing = writing.then(async () => {
    if (typeof indexedDB === 'undefined') return;
    const db = await opening;
    db?.close();
    opening = null;
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(DB_NAME);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
  });
  return writing;
}
