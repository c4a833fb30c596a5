import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setTransport } from '../lib/api-client';
import { resetSessionForTests } from '../lib/session';

// Lazily loaded screens are compiled on first use in tests: give findBy* queries time for that.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

// Any console.error fails the test that caused it (React warnings, act() warnings...), as in apps/web.
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
  setTransport(null);
  window.sessionStorage.clear();
  window.localStorage.clear();
  resetSessionForTests();
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.join('\n---\n')}`);
  }
});
