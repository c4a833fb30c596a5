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
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: TIMED_SERVER_FILES,
          environment: 'node',
          setupFiles: ['apps/server/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Files that measure time or memory: alone, after the rest, so a busy neighbour cannot fail them.
          name: 'server-timed',
          include: TIMED_SERVER_FILES,
          environment: 'node',
          setupFiles: ['apps/server/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          testTimeout: 15_000,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
