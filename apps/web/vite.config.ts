import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The web builds from the shared TypeScript sources, never from a possibly stale `dist/`. */
const sharedSource = decodeURIComponent(
  new URL('../../packages/shared/src/index.ts', import.meta.url).pathname,
);

/**
 * Everything the sign-in page needs before it runs (the entry and login-page.tsx, with their static
 * imports), collected once the module graph is known. It becomes one chunk instead of dozens of small
 * ones that each cost a request and compress worse on their own (ADR 0008).
 */
function signInChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'veridocs-sign-in-chunk',
    apply: 'build',
    buildEnd() {
      const roots = [...this.getModuleIds()].filter(
        (id) => id.endsWith('/src/main.tsx') || id.endsWith('/src/features/auth/login-page.tsx'),
      );
      const stack = [...roots];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (members.has(id)) continue;
        members.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  // The shared barrel reaches every schema (and zod) and the form rules (which read the file schemas);
  // the sign-in page uses none of them, so they are left to the chunks of the screens that do.
  const unused = /\/node_modules\/zod\/|\/packages\/shared\/src\/(schemas\/|rules\/form-)/;
  return { plugin, test: (id) => members.has(id) && !unused.test(id) };
}

const signIn = signInChunk();

/**
 * Writes `.br` and `.gz` next to every text asset of the build, so the server sends compressed files
 * without compressing on each request (@fastify/static `preCompressed`). Phones on slow networks get
 * the sign-in page's ~115 KB instead of ~330 KB.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'veridocs-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || file.includes('/.vite/')) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  // JSX and TypeScript only: React Fast Refresh needs React itself, so an edit reloads the page in dev.
  plugins: [react({ refreshExclude: /./ }), signIn.plugin, precompress()],
  resolve: {
    alias: [
      { find: '@veridocs/shared', replacement: sharedSource },
      // The app runs on Preact with its React-compatible layer (ADR 0011): ~50 KB less than react-dom.
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
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
    chunkSizeWarningLimit: 400,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'sign-in', test: signIn.test }] } } },
  },
});
