import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@veridocs/shared';
import type { FastifyInstance } from 'fastify';

const API_PATH = /^\/api(\/|$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface PrerenderManifest {
  /** Public page path → its pre-rendered file under `prerendered/`. */
  pages: Record<string, string>;
  /** The signed-in app shell, for every other page. */
  shell: string;
}

/**
 * Which HTML a page path gets: its pre-rendered page, else the app shell, else index.html (a build
 * without pre-rendering, such as `vite build` alone). The web build writes the manifest
 * (apps/web/scripts/prerender.mjs).
 */
function pageFiles(webDistDir: string): (path: string) => string {
  const manifestFile = join(webDistDir, 'prerendered', 'manifest.json');
  if (!existsSync(manifestFile)) return () => 'index.html';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  const pages = new Map(Object.entries(manifest.pages));
  return (path) => `prerendered/${pages.get(path) ?? manifest.shell}`;
}

/**
 * Serves the built SPA (when its folder has an index.html), its precompressed .br/.gz copies to clients
 * that accept them: hashed files under /assets/ are cached
 * for a year, everything else is revalidated, and any other non-API GET gets index.html (client-side
 * routes: a pre-rendered page or the app shell, issue 10). Unknown API routes, and everything when no SPA is built, answer the 404 envelope.
 */
export async function registerSpaAndNotFound(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const hasSpa = existsSync(join(webDistDir, 'index.html'));
  const pageFile = hasSpa ? pageFiles(webDistDir) : () => 'index.html';
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const relative = filePath.slice(webDistDir.length).replace(/\\/g, '/');
        reply.header('cache-control', relative.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
    // The wildcard route would answer "/" with 403 (a directory); it is the SPA's start page.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile(pageFile('/')),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(path);
    if (hasSpa && isPage && !path.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile(pageFile(path));
    }
    const { code, status } = ERROR_CODES.NOT_FOUND;
    return reply
      .code(status)
      .send({ code, data: null, message: `Route ${request.method} ${path} not found` });
  });
  return hasSpa;
}
