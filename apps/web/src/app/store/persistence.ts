import { getItem, setItem, type StorageArea } from '../../lib/storage';

/**
 * The slices kept across reloads (spec §3), in the storage format redux-persist used before (ADR 0041),
 * so a tab open across the upgrade keeps its state: under `persist:<key>`, an object whose every key
 * holds that key's value as JSON text, plus `_persist`. Read synchronously when the store is made (the
 * first render sees them), written shortly after they change.
 */
const META = JSON.stringify({ version: -1, rehydrated: true });

/** The stored slice merged over its initial state (a key stored wins; one not stored keeps its default). */
export function readPersisted<S>(key: string, area: StorageArea, initial: S): S {
  const raw = getItem(`persist:${key}`, area);
  if (!raw) return initial;
  try {
    const stored = JSON.parse(raw) as Record<string, string>;
    const merged: Record<string, unknown> = { ...(initial as Record<string, unknown>) };
    for (const [name, text] of Object.entries(stored))
      if (name !== '_persist') merged[name] = JSON.parse(text) as unknown;
    return merged as S;
  } catch {
    // Unreadable (edited by hand, or another app's): start from the defaults.
    return initial;
  }
}

function writePersisted(key: string, area: StorageArea, value: unknown): void {
  const stored: Record<string, string> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) stored[name] = JSON.stringify(v);
  stored._persist = META;
  setItem(`persist:${key}`, JSON.stringify(stored), area);
}

export interface Persistor {
  /** Writes the changed slices now (the logout does, before it clears the storages). */
  flush(): Promise<void>;
}

/**
 * Keeps `slices` of the store's state in session storage, each under its own key, and marks the
 * versioned root key in local storage (which holds nothing else: the session has its own keys).
 */
export function persistSlices(
  store: { getState(): object; subscribe(listener: () => void): () => void },
  slices: readonly string[],
  rootKey: string,
): Persistor {
  setItem(`persist:${rootKey}`, JSON.stringify({ _persist: META }), 'local');
  const stateOf = () => store.getState() as Record<string, unknown>;
  let written = stateOf();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const state = stateOf();
    for (const name of slices)
      if (state[name] !== written[name]) writePersisted(name, 'session', state[name]);
    written = state;
  };
  store.subscribe(() => {
    const state = stateOf();
    // Several changes in a row are written once, after them.
    if (timer === null && slices.some((name) => state[name] !== written[name])) timer = setTimeout(write, 0);
  });
  return {
    flush: () => {
      write();
      return Promise.resolve();
    },
  };
}
