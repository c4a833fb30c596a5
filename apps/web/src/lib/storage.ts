/**
 * Web-storage helpers (spec §8): a failure logs a warning, reads then give null and writes false;
 * invalid JSON reads as {} (or [] when an array is asked for).
 */
export type StorageArea = 'local' | 'session';

function areaOf(area: StorageArea): Storage | null {
  // Pre-rendering at build time (entry-server.tsx) runs without a window: nothing is stored there.
  if (typeof window === 'undefined') return null;
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch (error) {
    console.warn(`Storage: ${area} storage is not available`, error);
    return null;
  }
}

export function getItem(key: string, area: StorageArea = 'local'): string | null {
  try {
    return areaOf(area)?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`Storage: could not read "${key}"`, error);
    return null;
  }
}

export function setItem(key: string, value: string, area: StorageArea = 'local'): boolean {
  const store = areaOf(area);
  if (!store) return false;
  try {
    store.setItem(key, value);
    return true;
  } catch (error) {
    console.warn(`Storage: could not write "${key}"`, error);
    return false;
  }
}

export function removeItem(key: string, area: StorageArea = 'local'): boolean {
  const store = areaOf(area);
  if (!store) return false;
  try {
    store.removeItem(key);
    return true;
  } catch (error) {
    console.warn(`Storage: could not remove "${key}"`, error);
    return false;
  }
}

export function clearStorage(area: StorageArea): boolean {
  const store = areaOf(area);
  if (!store) return false;
  try {
    store.clear();
    return true;
  } catch (error) {
    console.warn(`Storage: could not clear ${area} storage`, error);
    return false;
  }
}

/** Parses JSON text; invalid JSON gives {} (or [] when `array` is set). */
export function parseJson<T>(text: string, options: { array?: boolean } = {}): T {
  try {
    const value: unknown = JSON.parse(text);
    if (options.array && !Array.isArray(value)) return [] as T;
    return value as T;
  } catch {
    return (options.array ? [] : {}) as T;
  }
}

/** Reads and parses a JSON value; null when the key is absent or storage fails. */
export function getJson<T>(key: string, options: { area?: StorageArea; array?: boolean } = {}): T | null {
  const text = getItem(key, options.area ?? 'local');
  if (text === null) return null;
  return parseJson<T>(text, { array: options.array });
}

export function setJson(key: string, value: unknown, area: StorageArea = 'local'): boolean {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    console.warn(`Storage: could not serialise "${key}"`, error);
    return false;
  }
  return setItem(key, text, area);
}
