import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './table-owners.js';

/**
 * The boundary rules of eslint.config.js, run on fixture files that break them on purpose (the
 * `lint-fixtures` folders, which `npm run lint` ignores): each rule must report its fixture.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

const FIXTURES = {
  libReachesFeature: 'apps/web/src/lib/lint-fixtures/reaches-feature.ts',
  componentReachesApp: 'apps/web/src/components/lint-fixtures/reaches-app.ts',
  cycleA: 'apps/web/src/lib/lint-fixtures/cycle-a.ts',
  cycleB: 'apps/web/src/lib/lint-fixtures/cycle-b.ts',
  foreignTable: 'apps/server/src/modules/notifications/lint-fixtures/fixture-repository.ts',
  bareLazyWeb: 'apps/web/src/app/lint-fixtures/bare-lazy.tsx',
  bareLazyConsole: 'apps/console/src/app/lint-fixtures/bare-lazy.tsx',
  bareLazyOrg: 'apps/org/src/app/lint-fixtures/bare-lazy.tsx',
};

const TYPED_RULES = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
  '@typescript-eslint/no-unnecessary-type-assertion',
  '@typescript-eslint/switch-exhaustiveness-check',
];

type Reported = { ruleId: string | null; message: string; line: number };
const reports = new Map<string, Reported[]>();

beforeAll(async () => {
  const eslint = new ESLint({
    cwd: root,
    ignore: false,
    // The rules under test need no type information: skipping the TypeScript programs saves a minute.
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: Object.fromEntries(TYPED_RULES.map((rule) => [rule, 'off'])),
    },
  });
  const results = await eslint.lintFiles(Object.values(FIXTURES));
  for (const result of results) {
    const relative = result.filePath.slice(root.length).replaceAll('\\', '/');
    reports.set(
      relative,
      result.messages.map(({ ruleId, message, line }) => ({ ruleId, message, line })),
    );
  }
}, 180_000);

const rulesOf = (file: string) => (reports.get(file) ?? []).map((r) => r.ruleId);

describe('the layers of the web and console apps', () => {
  it('reports lib/ importing a feature', () => {
    const found = reports.get(FIXTURES.libReachesFeature) ?? [];
    expect(found).toContainEqual(
      expect.objectContaining({ ruleId: 'import-x/no-restricted-paths', line: 2 }),
    );
  });

  it('reports components/ importing app/', () => {
    expect(rulesOf(FIXTURES.componentReachesApp)).toContain('import-x/no-restricted-paths');
  });
});

describe('import cycles', () => {
  it('reports both ends of a cycle', () => {
    expect(rulesOf(FIXTURES.cycleA)).toContain('import-x/no-cycle');
    expect(rulesOf(FIXTURES.cycleB)).toContain('import-x/no-cycle');
  });
});

describe('table ownership (ADR 0043)', () => {
  it("reports a module writing another module's table and reading an undeclared one, not its own", () => {
    const found = (reports.get(FIXTURES.foreignTable) ?? []).filter(
      (r) => r.ruleId === 'veridocs/table-ownership',
    );
    expect(found.map((r) => r.message)).toEqual([
      "Module 'notifications' writes table 'profiles', owned by 'profile': call the owner's service (ADR 0043)",
      "Module 'notifications' reads table 'paymentRefunds', owned by 'payments', without declaring it in eslint-rules/table-owners.js (ADR 0043)",
    ]);
  });

  it('gives every table of the schema an owner', () => {
    const schema = new URL('../apps/server/src/db/schema/', import.meta.url);
    const tables = readdirSync(schema)
      .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
      .flatMap((name) => [
        ...readFileSync(new URL(name, schema), 'utf8').matchAll(/export const (\w+) = pgTable\(/g),
      ])
      .map((match) => match[1]);
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !tables.includes(table))).toEqual([]);
  });
});

describe('lazy chunks go through loadWithRetry (ADR 0044)', () => {
  const lazyLines = (file: string) =>
    (reports.get(file) ?? []).filter((r) => r.ruleId === 'veridocs/lazy-with-retry').map((r) => r.line);

  it('reports a bare, an async, a named and a React.lazy import, not those through loadWithRetry', () => {
    // Lines of apps/web/src/app/lint-fixtures/bare-lazy.tsx: the named loader is reported where it imports.
    expect(lazyLines(FIXTURES.bareLazyWeb)).toEqual([6, 8, 9, 11]);
  });

  it('applies to the console and the organisation portal', () => {
    expect(lazyLines(FIXTURES.bareLazyConsole)).toEqual([4]);
    expect(lazyLines(FIXTURES.bareLazyOrg)).toEqual([4]);
  });
});
