import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tableOwnership from './eslint-rules/table-ownership.js';
import lazyWithRetry from './eslint-rules/lazy-with-retry.js';

/** The repository's own rules (eslint-rules/), proven on fixtures by eslint-rules/boundaries.test.ts. */
const veridocs = { rules: { ...tableOwnership.rules, ...lazyWithRetry.rules } };

/** Features never import each other (DESIGN.md §3). */
// Every folder under apps/web/src/features is a feature: none may import another.
const FEATURES = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const others = (feature) => FEATURES.filter((f) => f !== feature).join('|');
// The console's features (apps/console/src/features) follow the same rule among themselves.
const CONSOLE_FEATURES = readdirSync(new URL('./apps/console/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherConsole = (feature) => CONSOLE_FEATURES.filter((f) => f !== feature).join('|');
// The organisation portal's features (apps/org/src/features, ADR 0047) too.
const ORG_FEATURES = readdirSync(new URL('./apps/org/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherOrg = (feature) => ORG_FEATURES.filter((f) => f !== feature).join('|');

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/**',
      'coverage/**',
      // Files that break the rules on purpose: eslint-rules/boundaries.test.ts lints them with ignore off.
      '**/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Type-aware rules: a promise nobody awaits loses its rejection, and an async handler where a void
  // callback is expected lets an error escape React and Fastify unnoticed.
  {
    files: [
      'apps/server/**/*.ts',
      'apps/web/**/*.{ts,tsx}',
      'apps/console/**/*.{ts,tsx}',
      'apps/org/**/*.{ts,tsx}',
      'packages/shared/**/*.ts',
      'packages/ui/**/*.{ts,tsx}',
      'e2e/**/*.ts',
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  // No import cycles anywhere. Relative `.js` specifiers name the `.ts` sources (the server's style).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only the files of these extensions (its default is JavaScript's).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // lib/ and components/ are below app/ and features/: they never import them (DESIGN.md §3).
  ...['web', 'console'].map((app) => ({
    files: [`apps/${app}/src/lib/**/*.{ts,tsx}`, `apps/${app}/src/components/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: ['lib', 'components'].map((layer) => ({
            target: `./apps/${app}/src/${layer}`,
            from: [`./apps/${app}/src/app`, `./apps/${app}/src/features`],
            message: `${layer}/ never imports app/ or features/: move what both need down into lib/ or components/`,
          })),
        },
      ],
    },
  })),
  // A server module writes only the tables it owns and reads only those it declares (ADR 0043).
  {
    files: ['apps/server/src/**/*-repository.ts'],
    plugins: { veridocs },
    rules: { 'veridocs/table-ownership': 'error' },
  },
  // A lazy component's chunk is asked for again before its failure shows (ADR 0044).
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}', 'apps/org/src/**/*.{ts,tsx}'],
    plugins: { veridocs },
    rules: { 'veridocs/lazy-with-retry': 'error' },
  },
  // Nothing but config reads environment variables.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/config.ts',
      'apps/server/src/config/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts (and config/)' },
      ],
    },
  },
  // Drizzle only inside repositories and the db folder.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*-repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Drizzle is used only in *-repository.ts files',
            },
          ],
        },
      ],
    },
  },
  // packages/shared imports no server or browser code.
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                '@mui/*',
                'fastify',
                '@fastify/*',
                'drizzle-orm',
                'node:*',
                'axios',
                '**/apps/**',
              ],
              message: 'packages/shared stays free of server and browser code',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/console/src/**/*.{ts,tsx}',
      'apps/org/src/**/*.{ts,tsx}',
      'packages/ui/src/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'import.meta', property: 'env', message: 'Read configuration through lib/config.ts' },
      ],
    },
  },
  // The console (ADR 0027) is a bundle of its own: nothing of it may reach the candidate's app, and it
  // takes nothing from the candidate's app either (what both need lives in packages/shared).
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/console(/|$)|^(\\.\\./)+console(/|$)',
              message: 'apps/web never imports the console',
            },
            {
              regex: '(^|/)apps/org(/|$)',
              message: 'apps/web never imports the organisation portal',
            },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // By alias/path (".../features/home/...") or relatively from inside features ("../home/...").
              regex: `(^|/)features/(${others(feature)})(/|$)|^(\\.\\./)+(${others(feature)})(/|$)`,
              message: 'Features never import each other; compose them in app/',
            },
            {
              regex: '(^|/)apps/console(/|$)|^(\\.\\./)+console(/|$)',
              message: 'apps/web never imports the console',
            },
          ],
        },
      ],
    },
  })),
  ...CONSOLE_FEATURES.map((feature) => ({
    files: [`apps/console/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)apps/web(/|$)|(^|/)features/(${otherConsole(feature)})(/|$)|^(\\.\\./)+(${otherConsole(feature)})(/|$)`,
              message: 'Console features never import each other nor the candidate app; compose them in app/',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/console/src/app/**/*.{ts,tsx}', 'apps/console/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/web(/|$)|^(\\.\\./)+web(/|$)',
              message: 'The console never imports the candidate app',
            },
          ],
        },
      ],
    },
  },
  ...ORG_FEATURES.map((feature) => ({
    files: [`apps/org/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)apps/(web|console)(/|$)|(^|/)features/(${otherOrg(feature)})(/|$)|^(\\.\\./)+(${otherOrg(feature)})(/|$)`,
              message:
                'Portal features never import each other, the candidate app nor the console; compose them in app/',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/org/src/app/**/*.{ts,tsx}', 'apps/org/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/(web|console)(/|$)|^(\\.\\./)+(web|console)(/|$)',
              message: 'The portal never imports the candidate app nor the console',
            },
          ],
        },
      ],
    },
  },
  // What the console and the portal share in the browser: it serves the apps and imports none of them.
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/|^@veridocs/(web|console|org|server)$',
              message: 'packages/ui imports no app',
            },
          ],
        },
      ],
    },
  },
);
