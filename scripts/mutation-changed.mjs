// `npm run mutation:changed`: the mutation run (stryker.config.mjs) on those of its files that changed,
// or whose tests changed, since a base commit; then the per-file check. CI runs this: the whole run
// took about 9 minutes on a loaded 2-core machine before issue 26 added two files (`npm run mutation`,
// README "Test it").
//
// The base: MUTATION_BASE when set; on a branch, its merge base with main; on main, the first parent
// (for a merge commit: what the merged branch brought). Uncommitted changes count too.
import { execFileSync, spawnSync } from 'node:child_process';
import config from '../stryker.config.mjs';

/** Each mutated file with the tests that kill its mutants (vitest.mutation.config.ts). */
const TESTS_OF = {
  'packages/shared/src/rules/pricing.ts': ['packages/shared/src/rules/pricing.test.ts'],
  'packages/shared/src/rules/contrast.ts': ['packages/shared/src/rules/contrast.test.ts'],
  'packages/shared/src/rules/verification.ts': ['packages/shared/src/rules/verification.test.ts'],
  'packages/shared/src/rules/person-name.ts': ['packages/shared/src/rules/person-name.test.ts'],
  'apps/server/src/modules/transactions/state-machine.ts': [
    'apps/server/src/modules/transactions/transitions.test.ts',
  ],
  'apps/server/src/modules/sources/sources-fns.ts': ['apps/server/src/modules/sources/sources-fns.test.ts'],
  'packages/shared/src/rules/working-days.ts': ['packages/shared/src/rules/working-days.test.ts'],
  'packages/shared/src/rules/gst-invoice.ts': ['packages/shared/src/rules/gst-invoice.test.ts'],
};
/** A change to these reruns every file. */
const SETUP = ['stryker.config.mjs', 'vitest.mutation.config.ts', 'scripts/mutation-check.mjs'];

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const tryGit = (...args) => {
  try {
    return git(...args);
  } catch {
    return null;
  }
};

function baseCommit() {
  if (process.env.MUTATION_BASE) return process.env.MUTATION_BASE;
  const branch = tryGit('rev-parse', '--abbrev-ref', 'HEAD');
  if (branch !== 'main' && tryGit('rev-parse', '--verify', '--quiet', 'main')) {
    return tryGit('merge-base', 'HEAD', 'main');
  }
  return tryGit('rev-parse', '--verify', '--quiet', 'HEAD^1');
}

const missing = Object.keys(TESTS_OF).filter((file) => !config.mutate.includes(file));
const unmapped = config.mutate.filter((file) => !(file in TESTS_OF));
if (missing.length > 0 || unmapped.length > 0) {
  console.error(`scripts/mutation-changed.mjs and stryker.config.mjs disagree: ${[...missing, ...unmapped]}`);
  process.exit(1);
}

const base = baseCommit();
if (!base) {
  console.log('mutation: no base commit to compare with; nothing to do');
  process.exit(0);
}
const changed = new Set(git('diff', '--name-only', base).split('\n').filter(Boolean));
const all = SETUP.some((file) => changed.has(file));
const files = config.mutate.filter(
  (file) => all || changed.has(file) || TESTS_OF[file].some((test) => changed.has(test)),
);
if (files.length === 0) {
  console.log(`mutation: no mutated file or its tests changed since ${base.slice(0, 12)}; nothing to do`);
  process.exit(0);
}
console.log(`mutation: ${files.join(', ')} (changed since ${base.slice(0, 12)})`);
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('npx', ['stryker', 'run', '--mutate', files.join(',')]);
run('node', ['scripts/mutation-check.mjs']);
