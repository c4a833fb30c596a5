import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { CONSOLE_BASE, ERROR_CODES, FORM_HOME_COOKIE, FORM_SHELL_TOKENS, ORG_BASE } from '@veridocs/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';

const API_PATH = /^\/api(\/|$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface PrerenderedLanguage {
  /** Public page path → its pre-rendered file under `prerendered/`. */
  pages: Record<string, string>;
  /** The signed-in app shell, for every other page. */
  shell: string;
  /** A form's home with FORM_SHELL_TOKENS in place of its names and ids (ADR 0018). */
  formShell?: string;
  /** The payment checkout while its quote loads, for `/payment?orgId&txId&region` (issue 31 §2). */
  paymentShell?: string;
}

/** The public names of a form, for its home's pre-rendered heading (null: no such form of that org). */
export type FormHeadingLookup = (
  formId: string,
  orgId: string,
) => Promise<{ orgName: string; formName: string } | null>;

/** /ekyc/<formId>/<txnId>: the form home of a transaction. */
const FORM_HOME_PATH = /^\/ekyc\/([^/]+)\/([^/]+)$/;
/** Ids put into the page as they are: anything else gets the plain shell. */
const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

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
 * A checkout link (spec §3 query: orgId, txId or txnId, region) and none of the other payment screens'
 * parameters (the status after the gateway, a cancellation, a receipt): those draw other screens.
 */
function isCheckoutLink(path: string, query: string): boolean {
  if (path !== '/payment') return false;
  const params = new URLSearchParams(query);
  return (
    Boolean(params.get('orgId')) &&
    Boolean(params.get('txId') ?? params.get('txnId')) &&
    ['IN', 'INTL'].includes(params.get('region') ?? '') &&
    !['order_id', 'cancelled', 'transactionHistory'].some((name) => params.has(name))
  );
}

interface PageChooser {
  /** The file a page request gets (`query`: the URL after `?`, for pages chosen by it). */
  file(path: string, cookieHeader: string | undefined, query?: string): string;
  /** The language's form-home template (read once), when the build made one. */
  formShell(cookieHeader: string | undefined): string | null;
}

/**
 * Which HTML a page request gets: its pre-rendered page, else the app shell, in the language of the
 * candidate's cookie (else the default); index.html for a build without pre-rendering, such as
 * `vite build` alone. The web build writes the manifest (apps/web/scripts/prerender.mjs).
 */
function pageFiles(webDistDir: string): PageChooser {
  const manifestFile = join(webDistDir, 'prerendered', 'manifest.json');
  if (!existsSync(manifestFile)) return { file: () => 'index.html', formShell: () => null };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  const fallback = manifest.languages[manifest.defaultLanguage];
  if (!fallback) throw new Error(`${manifestFile} has no pages in its default language`);
  const languageOf = (cookieHeader: string | undefined) => {
    const chosen = cookieValue(cookieHeader, manifest.languageCookie);
    return (chosen && Object.hasOwn(manifest.languages, chosen) && manifest.languages[chosen]) || fallback;
  };
  const templates = new Map<string, string>();
  return {
    file(path, cookieHeader, query = '') {
      const language = languageOf(cookieHeader);
      if (language.paymentShell && isCheckoutLink(path, query)) return `prerendered/${language.paymentShell}`;
      return `prerendered/${(Object.hasOwn(language.pages, path) && language.pages[path]) || language.shell}`;
    },
    formShell(cookieHeader) {
      const name = languageOf(cookieHeader).formShell;
      if (!name) return null;
      let template = templates.get(name);
      if (template === undefined) {
        template = readFileSync(join(webDistDir, 'prerendered', name), 'utf8');
        templates.set(name, template);
      }
      return template;
    },
  };
}

/**
 * The form home of a reloaded tab (ADR 0018): the language's form-home template with the form's names
 * and the link's ids, when the tab's cookie says it shows that transaction's home and the form is the
 * organisation's; null for the plain shell.
 */
async function formHomePage(
  pages: PageChooser,
  lookup: FormHeadingLookup | undefined,
  path: string,
  query: string,
  cookieHeader: string | undefined,
): Promise<string | null> {
  const match = FORM_HOME_PATH.exec(path);
  if (!match || !lookup) return null;
  const [, formId = '', txnId = ''] = match;
  const orgId = new URLSearchParams(query).get('orgId') ?? '';
  if (![formId, txnId, orgId].every((id) => PLAIN_ID.test(id))) return null;
  if (cookieValue(cookieHeader, FORM_HOME_COOKIE) !== txnId) return null;
  const template = pages.formShell(cookieHeader);
  if (!template) return null;
  const heading = await lookup(formId, orgId);
  if (!heading) return null;
  const T = FORM_SHELL_TOKENS;
  const values: Record<string, string> = {
    [T.formId]: formId,
    [T.txnId]: txnId,
    [T.orgId]: orgId,
    [T.orgName]: escapeHtml(heading.orgName),
    [T.formName]: escapeHtml(heading.formName),
  };
  return template.replace(new RegExp(Object.keys(values).join('|'), 'g'), (token) => values[token] ?? token);
}

/** A page built per request, compressed as the client accepts (brotli first, quick settings). */
function sendHtml(reply: FastifyReply, html: string, acceptEncoding: string | undefined) {
  const body = Buffer.from(html);
  const accepts = (name: string) => new RegExp(`\\b${name}\\b`).test(acceptEncoding ?? '');
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'Cookie, Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (accepts('br'))
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  if (accepts('gzip')) return reply.header('content-encoding', 'gzip').send(gzipSync(body, { level: 6 }));
  return reply.send(body);
}

/** A page: revalidated on every visit, and chosen by the language cookie. */
const sendPage = (reply: FastifyReply, file: string) =>
  reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile(file);

/** Any page under `base` (not its assets): the console's under /ops (ADR 0027), the portal's under /org. */
const isSubAppPage = (base: string, path: string) =>
  (path === base || path.startsWith(`${base}/`)) && !path.startsWith(`${base}/assets/`);

/** An app of its own served under a base: the console (/ops, ADR 0027) or the organisation portal (/org). */
interface SubApp {
  base: string;
  index: Buffer;
}

/**
 * An app of its own (apps/console under /ops, ADR 0027; apps/org under /org, ADR 0047), when built: its
 * files under `base`/ with the SPA's caching (hashed assets for a year, the rest revalidated). Answers
 * its index.html, which `subAppPage` then sends for every page under `base` (client-side routes).
 */
async function registerSubApp(app: FastifyInstance, base: string, distDir: string): Promise<SubApp | null> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: `${base}/`,
    // The candidate SPA's registration owns reply.sendFile; two cannot both decorate the reply.
    decorateReply: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const relative = filePath.slice(distDir.length).replace(/\\/g, '/');
      reply.header('cache-control', relative.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  // Read once: a few hundred bytes that change only with a new build (and a restart).
  const index = readFileSync(indexFile);
  for (const path of [base, `${base}/`])
    app.get(path, { schema: { hide: true } }, (_request, reply) => subAppPage(reply, index));
  return { base, index };
}

/** A sub-app's page: revalidated on every visit. */
const subAppPage = (reply: FastifyReply, index: Buffer) =>
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);

/**
 * Serves the built SPA (when its folder has an index.html), its precompressed .br/.gz copies to clients
 * that accept them: hashed files under /assets/ are cached
 * for a year, everything else is revalidated, and any other non-API GET gets index.html (client-side
 * routes: a pre-rendered page or the app shell, issue 10). Unknown API routes, and everything when no SPA is built, answer the 404 envelope.
 */
export async function registerSpaAndNotFound(
  app: FastifyInstance,
  webDistDir: string,
  formHeading?: FormHeadingLookup,
  consoleDistDir?: string,
  orgDistDir?: string,
): Promise<boolean> {
  const subApps: SubApp[] = [];
  for (const [base, distDir] of [
    [CONSOLE_BASE, consoleDistDir],
    [ORG_BASE, orgDistDir],
  ] as const) {
    const served = distDir ? await registerSubApp(app, base, distDir) : null;
    if (served) subApps.push(served);
  }
  const hasSpa = existsSync(join(webDistDir, 'index.html'));
  const pages: PageChooser = hasSpa
    ? pageFiles(webDistDir)
    : { file: () => 'index.html', formShell: () => null };
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
      sendPage(reply, pages.file('/', request.headers.cookie)),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(path);
    // Every /ops page is the console's and every /org page the portal's, never the candidate app's shell
    // (nor its pre-rendered pages).
    const subApp = isPage ? subApps.find((sub) => isSubAppPage(sub.base, path)) : undefined;
    if (subApp) return subAppPage(reply, subApp.index);
    const subAsset = [CONSOLE_BASE, ORG_BASE].some((base) => path.startsWith(`${base}/assets/`));
    if (hasSpa && isPage && !path.startsWith('/assets/') && !subAsset) {
      const query = request.url.slice(path.length + 1);
      const formHome = await formHomePage(pages, formHeading, path, query, request.headers.cookie);
      if (formHome) return sendHtml(reply, formHome, request.headers['accept-encoding']);
      return sendPage(reply, pages.file(path, request.headers.cookie, query));
    }
    const { code, status } = ERROR_CODES.NOT_FOUND;
    return reply
      .code(status)
      .send({ code, data: null, message: `Route ${request.method} ${path} not found` });
  });
  return hasSpa;
}
