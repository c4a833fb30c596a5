import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { version } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setNavigate } from '../lib/navigation';
import { setNotifier } from '../lib/notify';
import { runTestEndHooks } from './registry';

// The tests render with what ships, React 19 (ADR 0012). A compatibility layer reports an older version
// (preact/compat says 18.3.1), so a stray alias fails here instead of passing tests on another runtime.
if (!version.startsWith('19.')) {
  throw new Error(`The web tests must run on React 19, not ${version}: check the aliases in vite.config.ts`);
}

// Lazily loaded screens are compiled on first use in tests: give findBy* queries time for that.
configure({ asyncUtilTimeout: 5000 });
// Whole-screen flows type into MUI fields under jsdom: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

// Any console.error fails the test that caused it (React warnings, prop-type errors, act() warnings...).
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
