import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../packages/ui/src/vite-precompress.js';

/** The portal builds from the shared TypeScript sources, never from a possibly stale `dist/`. */
const sharedSource = decodeURIComponent(
  new URL('../../packages/shared/src/index.ts', import.meta.url).pathname,
);
/** What the console and the portal share in the browser (packages/ui), from source too. */
const uiSource = (entry: string) =>
  decodeURIComponent(new URL(`../../packages/ui/src/${entry}`, import.meta.url).pathname);

/**
 * The organisation portal (issue 28, ADR 0047): its own bundle, served by the API server
 * under /org (ORG_BASE) from apps/org/dist, so nothing of it reaches the candidate app or the console.
 */
export default defineConfig({
  base: '/org/',
  plugins: [react(), precompress('veridocs-org-precompress')],
  resolve: {
    alias: [
      { find: '@veridocs/shared', replacement: sharedSource },
      { find: /^@veridocs\/ui\/test$/, replacement: uiSource('test/index.ts') },
      { find: /^@veridocs\/ui$/, replacement: uiSource('index.ts') },
    ],
  },
  server: {
    port: 5175,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: { port: 4175, proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
