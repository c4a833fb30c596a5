/**
 * Loading a screen's code (a lazily imported chunk) again after it failed: a dropped connection or a
 * server restarting on the first visit to a screen is usually over a moment later (issue 24). Used by
 * the candidate app and the console; pure, so the delays are given and the waiting can be faked.
 */

/** The waits before each new attempt: three attempts in all, about 2.5 s before giving up. */
export const CHUNK_RETRY_DELAYS_MS: readonly number[] = [500, 2000];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `load` until it succeeds, waiting `delaysMs[i]` before attempt i + 2; the last failure is
 * thrown. Any failure is tried again: browsers word a failed module fetch differently (and a stale
 * chunk of an older deployment answers 404), and another attempt costs nothing but the wait.
 */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  delaysMs: readonly number[] = CHUNK_RETRY_DELAYS_MS,
  sleep: (ms: number) => Promise<void> = wait,
): Promise<T> {
  for (const delay of delaysMs) {
    try {
      return await load();
    } catch {
      await sleep(delay);
    }
  }
  return load();
}

/**
 * Whether an error is a screen's code failing to download (Chromium, Firefox, Safari, and Vite's
 * preload helper) rather than a fault in the screen: the screens word the two differently.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|module script|ChunkLoadError/i.test(
    message,
  );
}
