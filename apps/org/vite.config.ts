import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The portal builds from the shared TypeScript sources, never from a possibly stale `dist/`. */
const sharedSource = decodeURIComponent(
  new URL('../../packages/shared/src/index.ts', import.meta.url).pathname,
);

/**
 * Writes `.br` and `.gz` next to every text asset, as the candidate app's build does
 * (apps/web/vite.config.ts): the server sends them with @fastify/static `preCompressed`.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'veridocs-org-precompress',
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
        if (!/\.(js|css|html|svg|json|txt|mjs)$/.test(file)) continue;
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

/**
 * The organisation portal (issue 28, ADR 0047): its own bundle, served by the API server
 * under /org (ORG_BASE) from apps/org/dist, so nothing of it reaches the candidate app or the console.
 */
export default defineConfig({
  base: '/org/',
  plugins: [react(), precompress()],
  resolve: { alias: [{ find: '@veridocs/shared', replacement: sharedSource }] },
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
