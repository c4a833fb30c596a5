import { describe, expect, it } from 'vitest';
import { isChunkLoadError, loadWithRetry } from './chunk-retry.js';

describe('loadWithRetry', () => {
  it('tries again after each wait and answers the first success', async () => {
    const waits: number[] = [];
    let calls = 0;
    const loaded = await loadWithRetry(
      () => (++calls < 3 ? Promise.reject(new TypeError('offline')) : Promise.resolve('screen')),
      [10, 20],
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(loaded).toBe('screen');
    expect(calls).toBe(3);
    expect(waits).toEqual([10, 20]);
  });

  it('throws the last failure once every attempt failed', async () => {
    let calls = 0;
    const failing = loadWithRetry(
      () => Promise.reject(new Error(`attempt ${++calls}`)),
      [1, 1],
      async () => undefined,
    );
    await expect(failing).rejects.toThrow('attempt 3');
  });

  it('does not wait when the first attempt works', async () => {
    const waits: number[] = [];
    await loadWithRetry(
      () => Promise.resolve(1),
      [10],
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(waits).toEqual([]);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://localhost/assets/abc1234.js',
    'error loading dynamically imported module: http://localhost/assets/abc1234.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/abc1234.css',
  ])('knows "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('tells a fault in a screen from a failed download', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(
      false,
    );
    expect(isChunkLoadError(null)).toBe(false);
  });
});
