import { afterAll, afterEach } from 'vitest';

/**
 * Any console.error during a server test fails it: an unexpected error path must not pass silently.
 * The calls are still printed; the test (or, outside tests, the file) fails after it ran.
 */
// Without per-file isolation (vitest.config.ts) this file runs again for each test file in one process: wrap
// the real console.error once, and let the latest file's copy collect the calls.
const realError = Symbol.for('veridocs.test.realConsoleError');
const holder = globalThis as unknown as Record<symbol, typeof console.error | undefined>;
const original = (holder[realError] ??= console.error.bind(console));
let calls: string[] = [];

console.error = (...args: unknown[]) => {
  calls.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '));
  original(...args);
};

function assertNoConsoleErrors(where: string) {
  if (calls.length === 0) return;
  const seen = calls;
  calls = [];
  throw new Error(`console.error was called ${where}:\n${seen.join('\n---\n')}`);
}

afterEach(() => assertNoConsoleErrors('during this test'));
afterAll(() => assertNoConsoleErrors('in this file (outside a test)'));
