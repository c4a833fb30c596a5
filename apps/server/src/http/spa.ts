import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@veridocs/shared';
import type { FastifyInstance } from 'fastify';

const API_PATH = /^\/api(\/|$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA (when its folder has an index.html), its precompressed .br/.gz copies to clients
 * that accept them: hashed files under /assets/ are cached
 * for a year, everything else is revalidated, and any other non-API GET gets index.html (client-side
 * routes). Unknown API routes, and everything when no SPA is built, answer the 404 envelope.
 */
export async function registerSpaAndNotFound(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const hasSpa = existsSync(join(webDistDir, 'index.html'));
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
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(path);
    if (hasSpa && isPage && !path.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const { code, status } = ERROR_CODES.NOT_FOUND;
    return reply
      .code(status)
      .send({ code, data: null, message: `Route ${request.method} ${path} not found` });
  });
  return hasSpa;
}
