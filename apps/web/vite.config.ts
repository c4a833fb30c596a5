import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The web builds from the shared TypeScript sources, never from a possibly stale `dist/`. */
const sharedSource = decodeURIComponent(
  new URL('../../packages/shared/src/index.ts', import.meta.url).pathname,
);

export default defineConfig({
  // JSX and TypeScript only: React Fast Refresh needs React itself, so an edit reloads the page in dev.
  plugins: [react({ refreshExclude: /./ })],
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
  },
});
