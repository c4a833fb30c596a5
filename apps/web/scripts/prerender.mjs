// Pre-renders the public pages and the signed-in app shell into dist/prerendered/ (issue 10 §1), after
// `vite build`: a server-side build of src/entry-server.tsx renders each page with react-dom/static and
// its critical CSS into the built index.html. The API server sends these files for their routes
// (apps/server/src/http/spa.ts reads manifest.json); the browser hydrates them (src/main.tsx).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const ssrDir = join(root, 'dist-ssr');
const outDir = join(root, 'dist', 'prerendered');

await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  // Bundled, not imported from node_modules: several dependencies (redux-persist, MUI's icons) ship ES
  // modules that only a bundler resolves.
  ssr: { noExternal: true },
  build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true },
});

const {
  renderPage,
  renderShell,
  renderFormShell,
  renderRouteShell,
  ROUTE_SHELLS,
  PAYMENT_SHELL_PATH,
  PUBLIC_PAGES,
  LANGUAGES,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  OTP_STEP_RELOAD,
  SIGN_IN_PAGE,
  SCREEN_PRELOADS,
  EARLY_REQUESTS,
  ACCESS_TOKEN_STORAGE_KEY,
} = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
const template = readFileSync(join(root, 'dist', 'index.html'), 'utf8');
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
if (!ROOT.test(template)) throw new Error('dist/index.html has no #root with its boot message');

/**
 * The pre-rendered HTML paints the page by itself: the app's script starts once it has painted, from
 * a small boot module, instead of from the `<script>` and `modulepreload` tags Vite writes into the
 * head. Fetched with the HTML, the script competes with it on a slow network for nothing the first
 * paint needs, and Lighthouse counts every script that arrives before the largest paint as blocking it.
 */
const APP_SCRIPTS =
  /\s*<script type="module" crossorigin src="[^"]+"><\/script>|\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
const appScripts = [...template.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
if (appScripts.length === 0) throw new Error('dist/index.html loads no script');
/** Modules' chunks and the chunks they import, from Vite's manifest, but those the app loads anyway. */
function chunksOf(...modules) {
  const viteManifest = JSON.parse(readFileSync(join(root, 'dist', '.vite', 'manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const file = `/${viteManifest[key].file}`;
    if (files.has(file) || appScripts.includes(file)) return;
    files.add(file);
    for (const imported of viteManifest[key].imports ?? []) visit(imported);
  };
  for (const module of modules) {
    if (!viteManifest[module]) throw new Error(`the build's manifest has no chunk for ${module}`);
    visit(module);
  }
  return [...files];
}
const otpStepChunks = chunksOf(OTP_STEP_RELOAD.module);
const signInPageChunks = chunksOf(SIGN_IN_PAGE.module);
const screenPreloads = SCREEN_PRELOADS.map(({ name, path, modules, requests }) => ({
  name,
  path,
  chunks: chunksOf(...modules),
  requests,
}));
const boot = `// Starts the app once the pre-rendered page has painted (apps/web/scripts/prerender.mjs).
const otpStepReload = () => {
  try {
    const stored = JSON.parse(sessionStorage.getItem(${JSON.stringify(OTP_STEP_RELOAD.storageKey)}) ?? 'null');
    return location.pathname === ${JSON.stringify(OTP_STEP_RELOAD.path)} && stored?.step?.kind === 'otp';
  } catch {
    return false;
  }
};
const signedIn = () => {
  try {
    return Boolean(localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_STORAGE_KEY)}));
  } catch {
    return false;
  }
};
// The screen's first GETs, sent now with the app's headers; the app takes their answers (lib/early-requests.ts).
const early = ${JSON.stringify(EARLY_REQUESTS)};
const languages = ${JSON.stringify(LANGUAGES)};
const sendEarly = (templates, match) => {
  try {
    const token = localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_STORAGE_KEY)});
    if (!token || !localStorage.getItem(early.refreshTokenKey)) return;
    // A bearer the app would renew before using it first is not sent.
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (!(claims.exp * 1000 > Date.now() + early.expiryMarginSeconds * 1000)) return;
    const stored = localStorage.getItem(early.languageKey);
    const language = languages.includes(stored) ? stored : ${JSON.stringify(DEFAULT_LANGUAGE)};
    const query = new URLSearchParams(location.search);
    // A single sign-on link signs in (maybe someone else) first: the stored bearer is not used.
    if (query.has('sso')) return;
    let fits = true;
    const urls = templates.map((template) =>
      template.replace(/__(query|segment)_(\\w+?)__/g, (_, kind, key) => {
        const value = (kind === 'query' ? query.get(key)?.trim() : match[Number(key)]) ?? '';
        // A value that an encoding would change is left to the app, which encodes it its own way.
        if (!/^[\\w.-]+$/.test(value)) fits = false;
        return value;
      }),
    );
    // All or none: a screen whose URL the app will not ask for as filled in here has its own requests.
    if (!fits) return;
    const sent = [];
    for (const url of urls) {
      const hex = crypto.randomUUID().replace(/-/g, '') + crypto.randomUUID().replace(/-/g, '');
      const headers = {
        ...early.headers,
        'Accept-Language': language,
        traceparent: '00-' + hex.slice(0, 32) + '-' + hex.slice(32, 48) + '-00',
        Authorization: 'Bearer ' + token,
      };
      const answer = fetch(url, { headers })
        .then(async (response) => ({
          status: response.status,
          text: await response.text(),
          headers: Object.fromEntries(response.headers.entries()),
        }))
        .catch(() => null);
      sent.push({ url, headers, sentAt: performance.now(), answer });
    }
    window[early.slot] = sent;
    // What the app has not taken by the time it would no longer take it is dropped: answers and the
    // bearer they went with do not stay in the page.
    setTimeout(() => {
      if (window[early.slot] === sent) delete window[early.slot];
    }, early.freshMs);
  } catch {
    // Nothing sent early: the app sends its requests itself.
  }
};
const preload = (hrefs, name) => {
  for (const href of hrefs) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.dataset.boot = name;
    document.head.append(link);
  }
};
const start = () => {
  for (const src of ${JSON.stringify(appScripts)}) import(src);
  // The sign-in page's chunk is apart from the app's (the signed-in screens do not load it): on its
  // page it is fetched with them, not after the app has started.
  if (location.pathname === ${JSON.stringify(SIGN_IN_PAGE.path)}) preload(${JSON.stringify(signInPageChunks)}, 'sign-in-page');
  // Back on the OTP step after a reload: its chunk is fetched now, not after the app has drawn the page.
  if (otpStepReload()) preload(${JSON.stringify(otpStepChunks)}, 'otp-step');
  // A signed-in screen's layout, screen and answer schemas: fetched now, not one wave after another.
  if (screen) preload(screen.chunks, screen.name);
};
// The signed-in screen of this page, if any. Its first GETs go now, before the page has painted:
// they are small, and their answers otherwise come only after the app's script has run.
const screen = signedIn()
  ? ${JSON.stringify(screenPreloads)}.find(({ path }) => new RegExp(path).test(location.pathname))
  : undefined;
if (screen) sendEarly(screen.requests, location.pathname.match(new RegExp(screen.path)));
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
`;
const bootFile = `boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
writeFileSync(join(root, 'dist', 'assets', bootFile), boot);

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Chromium may paint a page before its HTML is all parsed; the pre-rendered sign-in card, centred on
 * the screen, then grows and moves once the rest arrives: a layout shift. This asks it to hold the
 * first paint until the boot script after #root is parsed (a few kilobytes later; browsers without
 * `rel=expect` ignore it). Naming #root itself did not hold it in Chromium 156, so the target follows #root.
 */
const HOLD_PAINT_UNTIL_PARSED = '<link rel="expect" href="#boot" blocking="render" />';

function page({ html, styles, title, head = '' }, kind, language) {
  // The Content Security Policy allows no inline script: React must not have needed one.
  if (/<script(?![^>]*\ssrc=)/.test(html)) throw new Error(`pre-rendered ${title} holds an inline script`);
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `  ${HOLD_PAINT_UNTIL_PARSED}\n${head ? `  ${head}\n` : ''}${styles}\n  </head>`)
    .replace(APP_SCRIPTS, '')
    .replace('</body>', `  <script type="module" id="boot" src="/assets/${bootFile}"></script>\n  </body>`)
    .replace(
      ROOT,
      () => `<div id="root" data-prerendered="${kind}" data-language="${language}">${html}</div>`,
    );
}

function write(name, content) {
  const file = join(outDir, name);
  writeFileSync(file, content);
  const bytes = Buffer.from(content);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  );
}

rmSync(outDir, { recursive: true, force: true });
// English at the top (the default), every other language in its own folder.
const manifest = { defaultLanguage: DEFAULT_LANGUAGE, languageCookie: LANGUAGE_COOKIE, languages: {} };
for (const language of LANGUAGES) {
  const folder = language === DEFAULT_LANGUAGE ? '' : `${language}/`;
  mkdirSync(join(outDir, folder), { recursive: true });
  const entry = { pages: {}, shell: `${folder}shell.html`, formShell: `${folder}form-shell.html` };
  for (const path of PUBLIC_PAGES) {
    const name = `${folder}${path.slice(1)}.html`;
    write(name, page(await renderPage(path, language), 'public', language));
    entry.pages[path] = name;
  }
  write(entry.shell, page(await renderShell(language), 'shell', language));
  // Signed-in screens with their own frame (issue 31 §2): drawn over like the shell, never hydrated.
  for (const path of ROUTE_SHELLS) {
    const name = `${folder}${path.slice(1)}-shell.html`;
    write(name, page(await renderRouteShell(path, language), 'shell', language));
    entry.pages[path] = name;
  }
  entry.paymentShell = `${folder}payment-shell.html`;
  write(entry.paymentShell, page(await renderRouteShell(PAYMENT_SHELL_PATH, language), 'shell', language));
  // Filled per request by the server (apps/server/src/http/spa.ts): written plain, never precompressed.
  writeFileSync(join(outDir, entry.formShell), page(await renderFormShell(language), 'shell', language));
  manifest.languages[language] = entry;
}
writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
rmSync(ssrDir, { recursive: true, force: true });
console.log(
  `pre-rendered ${PUBLIC_PAGES.length} public pages and the app shell in ${LANGUAGES.join(', ')} into dist/prerendered/`,
);
