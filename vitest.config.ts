import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

/**
 * Server test files whose assertions are timings, orderings or memory limits of real processes and sockets,
 * or that start several of them.
 */
const TIMED_SERVER_FILES = [
  'apps/server/src/http/slow-clients.test.ts',
  'apps/server/src/modules/files/check-limits.test.ts',
  'apps/server/src/modules/documents/pool/check-pool.test.ts',
  'apps/server/src/jobs/orphan-sweep.test.ts',
  'apps/server/src/scale-out.process.test.ts',
];

/** Server test files that replace a module with `vi.mock`: each needs a module graph of its own. */
const MOCKING_SERVER_FILES = [
  'apps/server/src/http/input-guard.test.ts',
  'apps/server/src/modules/documents/analysis/ocr.test.ts',
  'apps/server/src/storage/local-storage.test.ts',
];

// A vi.mock in the shared graph would leak into later files or miss a module already loaded: say so here.
const serverSrc = fileURLToPath(new URL('./apps/server/src/', import.meta.url));
const unlisted = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => file.replaceAll('\\', '/'))
  .filter((file) => !MOCKING_SERVER_FILES.includes(`apps/server/src/${file}`))
  .filter((file) => /\bvi\.(mock|doMock|unmock|resetModules)\(/.test(readFileSync(serverSrc + file, 'utf8')))
  .map((file) => `apps/server/src/${file}`);
if (unlisted.length > 0)
  throw new Error(
    `Add these server test files to MOCKING_SERVER_FILES (they use vi.mock): ${unlisted.join(', ')}`,
  );

const serverProject = {
  environment: 'node',
  // A stubbed global or variable must not outlive its file: files share a process (ADR 0036).
  unstubGlobals: true,
  unstubEnvs: true,
  setupFiles: ['apps/server/src/test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  resolve: { alias: { '@veridocs/shared': shared } },
  test: {
    // Vitest's default on a 2-core machine is one worker; many files wait on child processes, sockets or
    // PostgreSQL, so two keep both cores busy (ADR 0036).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        // The lint's own rules, proven on fixtures that break them (eslint-rules/).
        extends: true,
        test: {
          name: 'lint',
          include: ['eslint-rules/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          ...serverProject,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...TIMED_SERVER_FILES, ...MOCKING_SERVER_FILES],
          // One module graph per worker, not per file: importing the whole app again for each of ~150 files
          // cost CI ~7 min of its Vitest time (ADR 0036 addendum). Each test builds its own app and database.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...serverProject, name: 'server-mocking', include: MOCKING_SERVER_FILES },
      },
      {
        extends: true,
        test: {
          // Files that measure time or memory: alone, after the rest, so a busy neighbour cannot fail them.
          name: 'server-timed',
          ...serverProject,
          include: TIMED_SERVER_FILES,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          // jsdom renders of whole screens take seconds on a loaded 2-core machine (CI), not 5 s at most.
          testTimeout: 15_000,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: './apps/console/vite.config.ts',
        test: {
          name: 'console',
          root: './apps/console',
          // One module graph per worker (ADR 0036 addendum): the shared frame resets transport, session and
          // storage after each test. 123 s → 62 s.
          isolate: false,
          // jsdom renders of whole screens take seconds on a loaded 2-core machine (CI), not 5 s at most.
          testTimeout: 15_000,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: './apps/org/vite.config.ts',
        test: {
          name: 'org',
          root: './apps/org',
          isolate: false,
          testTimeout: 15_000,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
