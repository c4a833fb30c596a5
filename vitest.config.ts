import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));
const testingLibraryReactEsm = fileURLToPath(
  new URL('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
);

export default defineConfig({
  resolve: { alias: { '@veridocs/shared': shared } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/server/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        // The web app runs on Preact (ADR 0011): every dependency is bundled through the aliases of
        // vite.config.ts, with browser entry points, so no test ever renders with React itself.
        resolve: {
          conditions: ['module', 'browser', 'import', 'development'],
          mainFields: ['browser', 'module', 'main'],
        },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Its package.json has no exports map: point at the ES build so the aliases apply to it.
          alias: [{ find: /^@testing-library\/react$/, replacement: testingLibraryReactEsm }],
          server: { deps: { inline: true } },
          // CommonJS-only (react-redux's selector hook): pre-bundled, which applies the aliases.
          deps: {
            optimizer: { client: { enabled: true, include: ['use-sync-external-store/with-selector.js'] } },
          },
        },
      },
    ],
  },
});
