// @ts-check
/**
 * Mutation testing of the pure rules and the state machines (issue 25 §4): `npm run mutation`.
 * Stryker changes one operator, condition or literal at a time in the files below and runs the tests
 * that cover it (vitest.mutation.config.ts); a mutant the tests do not notice "survives". After the run,
 * scripts/mutation-check.mjs fails when any of these files scores under 90 % (Stryker's own
 * `thresholds.break` applies to the total only). Report: reports/mutation/mutation.html.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  mutate: [
    'packages/shared/src/rules/pricing.ts',
    'packages/shared/src/rules/contrast.ts',
    'packages/shared/src/rules/verification.ts',
    'packages/shared/src/rules/person-name.ts',
    'apps/server/src/modules/transactions/state-machine.ts',
    'apps/server/src/modules/sources/sources-fns.ts',
    'packages/shared/src/rules/working-days.ts',
    'packages/shared/src/rules/gst-invoice.ts',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Type errors are not behaviour: a mutant TypeScript would refuse is not counted either way.
  checkers: [],
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  // The sandbox copy needs the sources and configs only.
  ignorePatterns: ['data', 'e2e', 'bench', 'docs', 'reports', 'dist', 'coverage', 'test-results'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
export default config;
