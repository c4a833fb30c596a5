import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/**
 * Any console.error during a server test fails it: an unexpected error path must not pass silently.
 * The calls are still printed; the test (or, outside tests, the file) fails after it ran.
 *
 * Without per-file isolation (vitest.config.ts, ADR 0036) this file runs again for each test file in one
 * process. So the real console.error is wrapped once per process and every call goes to one list kept on
 * `globalThis`, tagged with the file that was running: a call a file's late work makes after that file
 * ended fails the next file's start, naming the file that made it, and none is lost.
 */
interface ConsoleErrorLog {
  calls: { file: string; text: string }[];
}

const key = Symbol.for('veridocs.test.consoleErrors');
const holder = globalThis as unknown as Record<symbol, ConsoleErrorLog | undefined>;

function installOnce(): ConsoleErrorLog {
  const existing = holder[key];
  if (existing) return existing;
  const log: ConsoleErrorLog = { calls: [] };
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    log.calls.push({
      file: expect.getState().testPath ?? 'outside a test file',
      text: args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '),
    });
    original(...args);
  };
  holder[key] = log;
  return log;
}

const log = installOnce();

function assertNoConsoleErrors(where: string) {
  if (log.calls.length === 0) return;
  const seen = log.calls.splice(0);
  throw new Error(
    `console.error was called ${where}:\n${seen.map((c) => `[${c.file}] ${c.text}`).join('\n---\n')}`,
  );
}

beforeAll(() => assertNoConsoleErrors('after an earlier test file had finished'));
afterEach(() => assertNoConsoleErrors('during this test'));
afterAll(() => assertNoConsoleErrors('in this file (outside a test)'));
