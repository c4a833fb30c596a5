import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The component tests' common frame (the console's and the portal's `src/test/setup.ts` call it with
 * their own reset): lazily loaded screens get time to compile, every storage is cleared after a test,
 * and any console.error (React warnings, act() warnings...) fails the test that caused it.
 */
export function setUpComponentTests(reset: () => void) {
  // Files share one module graph and one jsdom per worker (ADR 0036): URL's statics as the first file
  // found them, put back after every test (a test patches them to answer object URLs).
  const holder = globalThis as unknown as Record<symbol, Partial<typeof URL> | undefined>;
  const urlStatics = (holder[Symbol.for('veridocs.test.urlStatics')] ??= {
    createObjectURL: URL.createObjectURL,
    revokeObjectURL: URL.revokeObjectURL,
  });
  configure({ asyncUtilTimeout: 5000 });
  vi.setConfig({ testTimeout: 20_000 });
  let consoleErrors: string[] = [];

  beforeEach(() => {
    consoleErrors = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      consoleErrors.push(
        args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '),
      );
    });
  });

  afterEach(() => {
    cleanup();
    reset();
    window.sessionStorage.clear();
    window.localStorage.clear();
    vi.useRealTimers();
    const errors = consoleErrors;
    consoleErrors = [];
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Object.assign(URL, urlStatics);
    if (errors.length > 0) {
      throw new Error(`console.error was called during the test:\n${errors.join('\n---\n')}`);
    }
  });
}
