import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@veridocs/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';

const API_PATH = /^\/api(\/|$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface PrerenderedLanguage {
  /** Public page path → its pre-rendered file under `prerendered/`. */
  pages: Record<string, string>;
  /** The signed-in app shell, for every other page. */
  shell: string;
}

interface PrerenderManifest {
  defaultLanguage: string;
  /** The cookie the app sets when the candidate chooses a language. */
  languageCookie: string;
  languages: Record<string, PrerenderedLanguage>;
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/**
 * Which HTML a page request gets: its pre-rendered page, else the app shell, in the language of the
 * candidate's cookie (else the default); index.html for a build without pre-rendering, such as
 * `vite build` alone. The web build writes the manifest (apps/web/scripts/prerender.mjs).
 */
function pageFiles(webDistDir: string): (path: string, cookieHeader: string | undefined) => string {
  const manifestFile = join(webDistDir, 'prerendered', 'manifest.json');
  if (!existsSync(manifestFile)) return () => 'index.html';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  const fallback = manifest.languages[manifest.defaultLanguage];
  if (!fallback) throw new Error(`${manifestFile} has no pages in its default language`);
  return (path, cookieHeader) => {
    const chosen = cookieValue(cookieHeader, manifest.languageCookie);
    const language =
      (chosen && Object.hasOwn(manifest.languages, chosen) && manifest.languages[chosen]) || fallback;
    return `prerendered/${(Object.hasOwn(language.pages, path) && language.pages[path]) || language.shell}`;
  };
}

/** A page: revalidated on every visit, and chosen by the language cookie. */
const sendPage = (reply: FastifyReply, file: string) =>
  reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile(file);

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
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      sendPage(reply, pageFile('/', request.headers.cookie)),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(path);
    if (hasSpa && isPage && !path.startsWith('/assets/')) {
      return sendPage(reply, pageFile(path, request.headers.cookie));
    }
    const { code, status } = ERROR_CODES.NOT_FOUND;
    return reply
      .code(status)
      .send({ code, data: null, message: `Route ${request.method} ${path} not found` });
  });
  return hasSpa;
}
