import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { precompress } from '../../packages/ui/src/vite-precompress.js';

/** The web builds from the shared TypeScript sources, never from a possibly stale `dist/`. */
const sharedSource = decodeURIComponent(
  new URL('../../packages/shared/src/index.ts', import.meta.url).pathname,
);

/**
 * `import { x } from '@veridocs/shared'` becomes an import of the module of the package that exports x.
 * Through the barrel every importer reaches every module of the package in the module graph, which
 * the chunk groups below read: the modules of `packages/shared` (zod's schemas among them) would all
 * look shared by every screen. Tree-shaking already dropped what is unused; this tells the grouping
 * which screen uses what (issue 31 §2). A name the map does not know keeps the barrel import.
 */
function sharedDirectImports(): Plugin {
  const barrelDir = sharedSource.slice(0, sharedSource.lastIndexOf('/') + 1);
  let owner: Map<string, string> | undefined;
  /** The names a module exports, each with the module that declares it (a re-export names its source). */
  const exportsOf = (file: string): [name: string, file: string][] => {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const names: [string, string][] = [];
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    for (const statement of source.statements) {
      const exported = ts.canHaveModifiers(statement)
        ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        : false;
      if (
        ts.isExportDeclaration(statement) &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        const from =
          statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
            ? new URL(statement.moduleSpecifier.text.replace(/\.js$/, '.ts'), `file://${dir}`).pathname
            : file;
        for (const element of statement.exportClause.elements)
          names.push([element.name.text, element.propertyName ? file : from]);
      } else if (exported && ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name)) names.push([declaration.name.text, file]);
      } else if (
        exported &&
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isEnumDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement)) &&
        statement.name
      )
        names.push([statement.name.text, file]);
    }
    return names;
  };
  const load = () => {
    const map = new Map<string, string>();
    for (const match of readFileSync(sharedSource, 'utf8').matchAll(/export \* from '\.\/(.+)\.js';/g)) {
      const file = `${barrelDir}${match[1]}.ts`;
      for (const [name, declaredIn] of exportsOf(file)) map.set(name, declaredIn);
    }
    return map;
  };
  return {
    name: 'veridocs-shared-direct-imports',
    apply: 'build',
    transform(code, id) {
      if (!code.includes('@veridocs/shared') || id.includes('/node_modules/')) return null;
      owner ??= load();
      const map = owner;
      const rewritten = code.replace(
        /(import|export)\s*\{([^}]*)\}\s*from\s*["']@veridocs\/shared["'];?/g,
        (whole, keyword: string, list: string) => {
          const specifiers = list
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean);
          const byFile = new Map<string, string[]>();
          for (const specifier of specifiers) {
            const file = map.get(specifier.split(/\s+as\s+/)[0]!.trim());
            if (!file) return whole;
            byFile.set(file, [...(byFile.get(file) ?? []), specifier]);
          }
          return [...byFile]
            .map(([file, names]) => `${keyword} { ${names.join(', ')} } from ${JSON.stringify(file)};`)
            .join('\n');
        },
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/**
 * Reached through @mui/system's barrel (and class-name modules MUI's theme code refers to), used only
 * by later screens: left out of the sign-in chunk, they stay out of the first chunk.
 */
const laterOnly =
  /\/node_modules\/@mui\/(system\/(Stack|Container|useMediaQuery|cssContainerQueries|cssGrid)\/|material\/(Autocomplete|ToggleButton|ListItemButton|Select|AccordionSummary|MenuItem|NativeSelect|FilledInput|Input)\/)/;

/**
 * Everything the sign-in page needs before it runs (the entry and login-page.tsx, with their static
 * imports), collected once the module graph is known. It becomes two chunks instead of dozens of small
 * ones that each cost a request and compress worse on their own (ADR 0008): `sign-in`, what every page
 * loads anyway (the entry's modules and the two frames'), and `sign-in-page`, the page itself with its
 * text field and radio buttons, which a signed-in screen loads only if it has such fields (issue 31
 * §2: the form home loaded ~10 KB gzip of the sign-in page; /login +0.6 KB for the split).
 */
function signInChunk(): { plugin: Plugin; name: (id: string) => string | null } {
  const members = new Set<string>();
  /** What every page loads anyway: the entry's modules and those of the two frames (ADR 0015). */
  const common = new Set<string>();
  const frames = /\/src\/(main\.tsx|app\/layout\/(app-layout|public-shell)\.tsx)$/;
  // Every module reaches MUI's InputBase through its styles barrel (a class-name table imports it);
  // only the screens with a text field use it: it goes with the sign-in page's fields.
  const fieldsOnly = /\/node_modules\/@mui\/material\/InputBase\/|^\0veridocs-lazy-textarea-autosize$/;
  const plugin: Plugin = {
    name: 'veridocs-sign-in-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const reach = (roots: string[], into: Set<string>) => {
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      reach(
        ids.filter((id) => id.endsWith('/src/main.tsx') || id.endsWith('/src/features/auth/login-page.tsx')),
        members,
      );
      reach(
        ids.filter((id) => frames.test(id)),
        common,
      );
    },
  };
  // The shared barrel reaches every module of the package; the sign-in page uses none of the schemas
  // (nor zod), the form, verification, profile, Aadhaar and MRZ rules or the document constants (a new
  // module of the package with zod in it belongs here: chunk-report's budget fails otherwise), so they are left to the
  // chunks of the screens that do (what a module of this chunk exports is built into it, used or not).
  const unused =
    /\/node_modules\/zod\/|\/packages\/shared\/src\/(schemas\/|rules\/(form-|verification|profile-details|aadhaar|mrz|pricing|support-chat)|constants\/(api-paths|indian-states|files|verification-types|error-codes|email-otp))/;
  // The entry's own code stays in the entry chunk: its top-level awaits (the session, the stored
  // language) would otherwise hold this chunk's evaluation, and a chunk loaded meanwhile that imports
  // from it (the Devanagari font's loader, for the preload helper) would wait for itself.
  const entry = (id: string) => id.endsWith('/src/main.tsx');
  return {
    plugin,
    name: (id) => {
      if (!members.has(id) || unused.test(id) || laterOnly.test(id) || entry(id)) return null;
      return common.has(id) && !fieldsOnly.test(id) ? 'sign-in' : 'sign-in-page';
    },
  };
}

const signIn = signInChunk();

/** Below this (source bytes of a set's modules, ~2 KB gzip), a set of screens' modules is merged. */
const SMALL_GROUP = 8000;

/**
 * Fewer, larger chunks for the signed-in screens (issue 31 §2: the form home loaded 71 files). Left to
 * itself rolldown makes one chunk per set of lazily loaded modules (screens, dialogs, steps) sharing
 * modules: dozens of files under 1 KB gzip (an MUI component, an icon, a catalog), each a request.
 * Instead:
 * - `signed-in`: what the app layout imports (every signed-in screen loads it with the layout), unless a
 *   screen of the public frame uses it too (grouped by which of those do: `shell-*`);
 * - the rest by exactly which of the router's screens import it (a screen's lazily loaded parts do not
 *   count): no screen loads a module it does not use;
 * - except the sets under SMALL_GROUP, merged by which main screens (home, form home, /wallet, payment,
 *   verification) they serve: a screen that uses one of those modules loads the merged chunk (at most
 *   +0.4 KB gzip on any screen when measured; every screen loads less than before, issue 31 §2).
 */
function screenGroups(): { plugin: Plugin; name: (id: string) => string | null } {
  const mainScreens: Record<string, RegExp> = {
    h: /\/src\/features\/home\/home-page\.tsx$/,
    f: /\/src\/features\/ekyc\/form-entry-page\.tsx$/,
    w: /\/src\/features\/wallet\/wallet-page\.tsx$/,
    p: /\/src\/features\/payments\/payment-screens\.tsx$/,
    v: /\/src\/features\/verification\/verification-page\.tsx$/,
  };
  const publicFrame =
    /\/src\/(app\/layout\/public-shell|features\/(auth\/login-page|info\/|misc\/error-page))[^/]*\.tsx$/;
  const sharedOrZod = /\/node_modules\/zod\/|\/packages\/shared\/src\//;
  /** Of `laterOnly`, the system's modules and the class-name tables (the form home uses none). */
  const muiBarrelOnly = /\/@mui\/(system\/|material\/\w+\/\w+Classes\.mjs$)/;
  const layout = /\/src\/app\/layout\/app-layout\.tsx$/;
  const otpStep = /\/src\/features\/auth\/otp-step\.tsx$/;
  /** The OTP entry's modules (with their barrels) and the app's modules they import (the countdown). */
  const otpEntry = /\/src\/components\/(otp-entry|block-code-input)\//;
  const otpEntryOwn = new Set<string>();
  const roots = new Set<string>();
  let publicFrames: string[] = [];
  /** The router's screens (and the profile's privacy pages), each with a short number for chunk names. */
  const routeScreens = new Set<string>();
  const screenIndex = new Map<string, number>();
  const screenTables = /\/src\/app\/(router|profile-screens)\.tsx$/;
  /** For each module, the lazily loaded modules (screens, dialogs) whose static imports reach it. */
  const reachedBy = new Map<string, Set<string>>();
  /** The screens that import a module, as a chunk name part; null for none. */
  const signatureOf = (id: string): string | null => {
    const screens = [...(reachedBy.get(id) ?? [])]
      .filter((root) => routeScreens.has(root))
      .map((root) => screenIndex.get(root))
      .sort();
    return screens.length === 0 ? null : screens.join('-');
  };
  /**
   * zod and the shared package apart from the screens' own code, grouped the same way: a lazily loaded
   * answer schema (ADR 0013) imports shared modules that screens import too, and grouped with those
   * screens' code it loaded their forms and dialogs with it (issue 31 §2: ~94 KB gzip more before the
   * form home's tiles).
   */
  const kindOf = (id: string) => (sharedOrZod.test(id) ? 'schemas' : 'screens');
  /** The source size of each kind's set's modules (their sum, before minifying). */
  const signatureSize = new Map<string, number>();
  const plugin: Plugin = {
    name: 'veridocs-screen-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      for (const id of ids)
        for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) roots.add(target);
      publicFrames = [...roots].filter((root) => publicFrame.test(root)).sort();
      const own = ids.filter((id) => otpEntry.test(id));
      while (own.length > 0) {
        const id = own.pop()!;
        if (otpEntryOwn.has(id) || id.includes('/node_modules/') || !id.includes('/src/')) continue;
        otpEntryOwn.add(id);
        own.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      for (const root of [...roots].sort())
        if (
          (this.getModuleInfo(root)?.dynamicImporters ?? []).some((importer) => screenTables.test(importer))
        ) {
          routeScreens.add(root);
          screenIndex.set(root, screenIndex.size);
        }
      for (const root of roots) {
        const stack = [root];
        const seen = new Set<string>();
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          let set = reachedBy.get(id);
          if (!set) reachedBy.set(id, (set = new Set()));
          set.add(root);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      }
      for (const id of ids) {
        const signature = signatureOf(id);
        if (signature === null) continue;
        const size = this.getModuleInfo(id)?.code?.length ?? 0;
        const key = `${kindOf(id)}-${signature}`;
        signatureSize.set(key, (signatureSize.get(key) ?? 0) + size);
      }
    },
  };
  const name = (id: string): string | null => {
    const by = [...(reachedBy.get(id) ?? [])];
    // Every module that imports MUI's Box reaches these through the system's barrel: grouped by that,
    // they loaded with every screen (in the OTP step's chunk). A chunk of their own instead, which only
    // the screens that use one load (issue 31 §2).
    // (Not in the server-side build, which has no screens: `by` is empty there.)
    if (by.length > 0 && laterOnly.test(id) && muiBarrelOnly.test(id)) return 'mui-later';
    // What the OTP step reaches is one small chunk of its own (~5 KB gzip): grouped with the router's
    // screens, a phone reloading on the OTP step (back from its SMS app) loaded ~95 KB of their code
    // (the `signed-in` chunk, react-hook-form, zod) before the input worked. Screens that use one of
    // these modules load the chunk too (+2–3 KB). What other screens reach as well, apart from the OTP
    // entry's own modules (the dates, telemetry...), is a chunk apart: the form home and the public
    // pages use those, not the six blocks (issue 31 §2).
    if (by.some((root) => otpStep.test(root))) {
      if (sharedOrZod.test(id)) return null;
      return otpEntryOwn.has(id) || by.every((root) => otpStep.test(root)) ? 'otp-step' : 'otp-step-shared';
    }
    if (by.some((root) => layout.test(root))) {
      // Grouped by which screens of the public frame use them too: none of those loads more than it did.
      const outside = by
        .filter((root) => publicFrame.test(root))
        .map((root) => publicFrames.indexOf(root))
        .sort();
      if (outside.length === 0) return 'signed-in';
      // zod and the shared package are reached from the sign-in page's modules for code it does not
      // run (tree-shaken there): grouped by that, they would all be loaded with the first schema used.
      if (sharedOrZod.test(id)) return null;
      return `shell-${outside.join('-')}`;
    }
    // Grouped by exactly which screens (the router's lazy screens) import it: no screen loads a module
    // it does not use. A lazily loaded part of a screen (a dialog, a step) is not a screen here: what
    // only such parts use is left to rolldown.
    const exact = signatureOf(id);
    if (exact === null) return null;
    const kind = kindOf(id);
    // Never merged: a merged set of schemas imported a set that imported it back (shared modules import
    // each other), and one of the two chunks ran before what it reads was defined. Sets by exact
    // screens import only sets used by the same screens or more (shared modules import nothing but
    // zod), so they form no cycle; chunkGraph fails the build on any.
    if (kind === 'schemas' || (signatureSize.get(`${kind}-${exact}`) ?? 0) >= SMALL_GROUP)
      return `${kind}-${exact}`;
    // A small set (an icon, an MUI component two screens share): one chunk with the other small sets
    // of the same main screens, so the form home is not dozens of files (ADR 0008). A screen that uses
    // one of them loads them all: a few KB at most.
    const main = Object.entries(mainScreens)
      .filter(([, pattern]) => by.some((root) => pattern.test(root)))
      .map(([key]) => key)
      .join('');
    // The form home's small sets are one chunk whichever other screens use them (issue 31 §2: it loaded
    // six files of ~1 KB gzip); those screens load that chunk, a few KB.
    if (main.includes('f')) return `${kind}-f-small`;
    return main === '' ? `${kind}-${exact}` : `${kind}-${main}-small`;
  };
  return { plugin, name };
}

const screens = screenGroups();

/**
 * RTK Query loads with the signed-in screens only (ADR 0013). It uses much of Redux Toolkit, immer and
 * reselect that the sign-in page does not (createAsyncThunk, immer's patches...); since those modules
 * are in the sign-in chunk, whatever any chunk uses of them would be built into it. So RTK Query's
 * imports of them resolve to the packages' other ES builds (same code, other files): what it needs is
 * built into its own chunks and /login stays as it was. Those are the packages' minified browser and
 * production builds, the smallest (issue 31 §2); redux itself is shared, /login uses all of it.
 */
function rtkQueryOwnBuilds(): Plugin {
  const builds: Record<string, string> = {
    '@reduxjs/toolkit': '@reduxjs/toolkit/dist/redux-toolkit.browser.mjs',
    immer: 'immer/dist/immer.production.mjs',
    reselect: 'reselect/dist/reselect.browser.mjs',
  };
  const ownFiles = Object.values(builds).map((file) => `/node_modules/${file}`);
  const inRtkQuery = (importer: string) =>
    importer.includes('/node_modules/@reduxjs/toolkit/dist/query/') ||
    ownFiles.some((file) => importer.endsWith(file));
  return {
    name: 'veridocs-rtk-query-own-builds',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const build = builds[source];
      if (!build || !importer || !inRtkQuery(importer)) return null;
      return decodeURIComponent(new URL(`../../node_modules/${build}`, import.meta.url).pathname);
    },
  };
}

/**
 * MUI's createTheme imports its CSS-variables theme builder (~4 KB gzip with its helpers) for the
 * `cssVariables: true` case, which this app does not use: the branch is dead, but a bundler cannot know
 * it. In the build, the import is answered with a function that fails loudly: turning CSS variables on
 * later stops the built app at start (every e2e test) instead of shipping a broken theme (ADR 0012).
 */
function withoutCssVariablesTheme(): Plugin {
  const stub = '\0veridocs-no-css-variables-theme';
  return {
    name: 'veridocs-no-css-variables-theme',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './createThemeWithVars.mjs' &&
        importer?.endsWith('/@mui/material/styles/createTheme.mjs')
      )
        return stub;
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      return `export default function createThemeWithVars() {
  throw new Error('MUI CSS variables are off in this app (vite.config.ts, ADR 0012)');
}`;
    },
  };
}

/**
 * @emotion/react imports hoist-non-react-statics for its `withTheme` (which neither the app nor MUI
 * calls): a CommonJS module kept for its side effects, with an older second copy of react-is, ~1 KB
 * gzip on /login. In the build, that import is answered with a small ES module that copies a
 * component's own statics as the package does, minus React's (the keys the package skips).
 */
function smallHoistStatics(): Plugin {
  const small = '\0veridocs-hoist-non-react-statics';
  return {
    name: 'veridocs-hoist-non-react-statics',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'hoist-non-react-statics' && importer?.includes('/node_modules/@emotion/react/'))
        return small;
      return null;
    },
    load(id) {
      if (id !== small) return null;
      return `const REACT_STATICS = new Set(['childContextTypes', 'contextType', 'contextTypes', 'defaultProps',
  'displayName', 'getDefaultProps', 'getDerivedStateFromError', 'getDerivedStateFromProps', 'mixins', 'propTypes',
  'type', 'render', 'compare', '$$typeof', 'name', 'length', 'prototype', 'caller', 'callee', 'arguments', 'arity']);
export default function hoistNonReactStatics(target, source) {
  if (typeof source === 'string') return target;
  for (const key of [...Object.getOwnPropertyNames(source), ...Object.getOwnPropertySymbols(source)]) {
    if (REACT_STATICS.has(key)) continue;
    try {
      Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(source, key));
    } catch {
      // A property the target cannot take: skipped, as the package does.
    }
  }
  return target;
}`;
    },
  };
}

/**
 * MUI's InputBase (every text field, the sign-in page's too) imports TextareaAutosize for `multiline`
 * fields, ~1 KB gzip the sign-in page never renders. In the build, InputBase gets a stand-in that
 * loads the real component the first time a multiline field renders (its Suspense fallback is an
 * empty textarea of the same rows), so multiline keeps working and /login stays lighter.
 */
function lazyTextareaAutosize(): Plugin {
  const standIn = '\0veridocs-lazy-textarea-autosize';
  return {
    name: 'veridocs-lazy-textarea-autosize',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../TextareaAutosize/index.mjs' &&
        importer?.endsWith('/@mui/material/InputBase/InputBase.mjs')
      )
        return standIn;
      return null;
    },
    load(id) {
      if (id !== standIn) return null;
      return `import { Suspense, createElement, forwardRef, lazy } from 'react';
const Real = lazy(() => import('@mui/material/TextareaAutosize'));
export default forwardRef(function TextareaAutosize(props, ref) {
  const { minRows, maxRows, ...rest } = props;
  return createElement(
    Suspense,
    { fallback: createElement('textarea', { ...rest, ref, rows: minRows ?? 1 }) },
    createElement(Real, { ...props, ref }),
  );
});`;
    },
  };
}

/**
 * Compiles the ICU messages of every catalog (`locales/<language>.json` beside a feature) when it is imported, so
 * the browser gets Lingui's small runtime and no message parser (ADR 0014). A malformed message
 * (an unclosed `{`, a plural without `other`) fails the build and the tests that import it.
 */
function compiledCatalogs(): Plugin {
  return {
    name: 'veridocs-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.+\/locales\/[a-z]{2}\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, unknown>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        if (typeof message !== 'string') throw new Error(`${id}: "${key}" is not a string`);
        try {
          compiled[key] = compileMessageOrThrow(message);
        } catch (error) {
          throw new Error(`${id}: "${key}" is not a valid ICU message: ${String(error)}`, { cause: error });
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * The chunk graph's two rules. A lazy chunk's preload list leaves out the chunks its importer
 * statically imports: those ran before the importer did, but Vite lists every chunk of the lazy one's
 * graph and its helper appends a `<link rel="modulepreload">` for each one without a link (the page's
 * own chunks have none). That was 970 links across the app's lazy imports, now 748, each some main
 * thread on a phone (issue 31 §2). And no chunks may form an import cycle (below).
 * (With `build.chunkImportMap`, off here, both would see import-map keys, not file names.)
 */
function chunkGraph(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], host: { hostId: string; hostType: string }) => string[];
} {
  const staticImports = new Map<string, readonly string[]>();
  const closures = new Map<string, Set<string>>();
  const closureOf = (file: string): Set<string> => {
    let closure = closures.get(file);
    if (closure) return closure;
    closure = new Set();
    const pending = [...(staticImports.get(file) ?? [])];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (closure.has(next)) continue;
      closure.add(next);
      pending.push(...(staticImports.get(next) ?? []));
    }
    closures.set(file, closure);
    return closure;
  };
  return {
    plugin: {
      name: 'veridocs-chunk-graph',
      // Before Vite's import analysis writes the preload lists, which calls resolveDependencies.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          staticImports.clear();
          closures.clear();
          for (const [file, output] of Object.entries(bundle))
            if (output.type === 'chunk') staticImports.set(file, output.imports);
          // Chunks in an import cycle may run a module before one it reads is defined (a
          // grouping of shared schemas did: "Cannot read properties of undefined"). None may.
          for (const file of staticImports.keys())
            for (const imported of staticImports.get(file) ?? [])
              if (closureOf(imported).has(file)) {
                const named = (chunk: string) => `${chunk} (${(bundle[chunk] as { name?: string }).name})`;
                this.error(
                  `chunks ${named(file)} and ${named(imported)} are in an import cycle (vite.config.ts)`,
                );
              }
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId, hostType }) => {
      if (hostType !== 'js' || !staticImports.has(hostId)) return deps;
      const loaded = closureOf(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
const loadedChunks = chunkGraph();

export default defineConfig(({ isSsrBuild }) => ({
  // The server-side build (scripts/prerender.mjs) only renders pages: no chunks, no compressed copies.
  plugins: isSsrBuild
    ? [react(), compiledCatalogs()]
    : [
        react(),
        compiledCatalogs(),
        withoutCssVariablesTheme(),
        smallHoistStatics(),
        lazyTextareaAutosize(),
        sharedDirectImports(),
        signIn.plugin,
        screens.plugin,
        rtkQueryOwnBuilds(),
        loadedChunks.plugin,
        precompress('veridocs-precompress'),
      ],
  resolve: {
    alias: [
      { find: '@veridocs/shared', replacement: sharedSource },
      // The browser build (its package's `browser` field), also for the jsdom tests, which resolve as Node.
      { find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: { port: 4173, proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/chunk-report.mjs reads the manifest to measure what each route loads.
    manifest: true,
    sourcemap: false,
    modulePreload: { resolveDependencies: loadedChunks.resolveDependencies },
    chunkSizeWarningLimit: 400,
    // The demo video's files stay files (ADR 0034): a small caption file as a data: URL would be
    // refused by the CSP's media-src, and would sit in the dialog's script.
    assetsInlineLimit: (file: string) => (/\/demo-video\//.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: (id: string) => signIn.name(id),
              debugName: 'sign-in',
              test: (id: string) => signIn.name(id) !== null,
              priority: 2,
            },
            {
              name: (id: string) => screens.name(id),
              debugName: 'screens',
              test: (id: string) => screens.name(id) !== null,
              priority: 1,
              // Each module goes to the group of the screens that import it: pulled along with an
              // importer, RTK Query would land in the form home's own chunk (the e2e specs run these chunks).
              includeDependenciesRecursively: false,
            },
          ],
        },
        // The sign-in chunk carries the file name of every other chunk (the preload map of each lazy
        // screen): names cost ~0.25 KB gzip of the /login budget, so only the sign-in chunk keeps its own,
        // and the others' hashes are 7 characters (the fewest rolldown allows for this many chunks).
        chunkFileNames: (chunk) =>
          chunk.name === 'sign-in' ? 'assets/[name]-[hash].js' : 'assets/[hash:7].js',
      },
    },
  },
}));
