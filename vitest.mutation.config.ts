import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The tests `npm run mutation` runs against each mutant (stryker.config.mjs): the unit tests of the pure
 * rules and the state machines, nothing that starts a database or a browser, so that a run stays short.
 * A test file that covers one of the mutated files belongs here; keep it free of I/O.
 */
export const MUTATION_TEST_FILES = [
  'packages/shared/src/rules/pricing.test.ts',
  'packages/shared/src/rules/contrast.test.ts',
  'packages/shared/src/rules/verification.test.ts',
  'packages/shared/src/rules/person-name.test.ts',
  'packages/shared/src/constants/spec-constants.test.ts',
  'apps/server/src/modules/transactions/transitions.test.ts',
  'apps/server/src/modules/sources/sources-fns.test.ts',
  'packages/shared/src/rules/working-days.test.ts',
  'packages/shared/src/rules/gst-invoice.test.ts',
];

const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@veridocs/shared': shared } },
  test: { name: 'mutation', include: MUTATION_TEST_FILES, environment: 'node' },
});
