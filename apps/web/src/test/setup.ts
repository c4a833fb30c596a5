import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setNavigate } from '../lib/navigation';
import { setNotifier } from '../lib/notify';
import { runTestEndHooks } from './registry';

// Any console.error fails the test that caused it (React warnings, prop-type errors, act() warnings...).
let consoleErrors: string[] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map((arg) => (arg instanceof Error ? arg.stack ?? arg.message : String(arg))).join(' '));
  });
});

afterEach(() => {
  cleanup();
  runTestEndHooks();
  setNavigate(null);
  setNotifier(null);
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  const errors = consoleErrors;
  consoleErrors = [];
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.join('\n---\n')}`);
  }
});
