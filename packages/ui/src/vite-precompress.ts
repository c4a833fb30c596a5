import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** The part of Vite's Plugin this uses (packages/ui does not depend on Vite; each app's build does). */
export interface PrecompressPlugin {
  name: string;
  apply: 'build';
  configResolved(config: { root: string; build: { outDir: string } }): void;
  closeBundle(): void;
}

/**
 * Writes `.br` and `.gz` next to every text asset of a build, so the server sends compressed files
 * without compressing on each request (@fastify/static `preCompressed`): phones on slow networks get
 * a fraction of the bytes. Every app's build uses it (the candidate app, the console, the portal).
 */
export function precompress(name: string): PrecompressPlugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((entry) => {
          const path = join(dir, entry);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(file) || file.includes('/.vite/')) continue;
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
