/**
 * Build-time rendering (scripts/prerender.mjs, issue 10 §1): the public pages and the signed-in app
 * shell rendered to HTML with their critical CSS, so a phone paints the page before any script runs.
 * The browser then hydrates the public pages (main.tsx) and renders over the shell.
 */
import { Writable } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { documentTitleFor } from './app/page-meta';
import { FORM_SHELL_META, FORM_SHELL_TOKENS } from '@veridocs/shared';
import { FORM_URL_KEY, PATHS } from './app/paths';
import { formEntryPath } from './app/path-builders';
import { AppProviders } from './app/providers';
import { setServerViewport } from './app/layout/server-viewport';
import { AppRoutes } from './app/router';
import { createAppState } from './app/session/create-app';
import { STARTUP_EXPIRY_MARGIN_S } from './app/session/session-controller';
import { profileUrl } from './app/store/profile-api';
import { AUTH_STORAGE_KEYS, login } from './app/store/slices/auth-slice';
import { organisationUrl, transactionInfoUrl } from './app/store/transactions-api';
import { setShowInitScreen } from './app/store/slices/form-data-slice';
import { setSearchedQuery } from './app/store/slices/misc-slice';
import { DEFAULT_HEADERS, apiUrl } from './lib/api-client';
import { EARLY_ANSWER_FRESH_MS, EARLY_REQUESTS_SLOT, earlyPlaceholder } from './lib/early-requests';
import { renderFormHeadingPlaceholders } from './lib/prerendered-form';
import { STORED_STEP } from './features/auth/stored-step';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, setLanguage, type Language } from './i18n';

/** Every page is pre-rendered in each language; the server picks by the language cookie. */
export { DEFAULT_LANGUAGE, LANGUAGES };
export const LANGUAGE_COOKIE = LANGUAGE_STORAGE_KEY;

/**
 * A reload on the sign-in page's OTP step (a phone back from its SMS app): the boot script fetches the
 * OTP step's chunk beside the app's instead of after the app has started and drawn the page (issue 31
 * §2). The step is in this session storage key (stored-step.ts); the chunk is the build's for `module`.
 */
export const OTP_STEP_RELOAD = {
  path: PATHS.login,
  storageKey: STORED_STEP,
  module: 'src/features/auth/otp-step.tsx',
} as const;

/**
 * What a signed-in screen needs before it draws its content, by path (issue 31 §2): the boot script
 * fetches these chunks beside the app's when a session is stored. Otherwise they came in waves, each
 * once the one before had run: the layout and the screen once the app had started, the schemas of
 * their answers once they had rendered (on the slow phone the form home's tiles: 3.03 → 2.48 s). Only
 * the form pages: for the home and /wallet, Lighthouse measured more blocking time with it (their
 * chunks, all in, ran back to back) and no slow-phone figure to gain. `path` is matched against the
 * location's pathname; `modules` are keys of Vite's manifest (source paths). `requests` are the GETs
 * its first render sends, which the boot script sends at once (lib/early-requests.ts): the URLs the
 * app's own endpoints build, with placeholders for the page URL's parts.
 */
export const SCREEN_PRELOADS = [
  {
    name: 'form',
    path: `^/${FORM_URL_KEY}/([^/]+)/([^/]+)/?$`,
    modules: [
      'src/app/layout/app-layout.tsx',
      'src/features/ekyc/form-entry-page.tsx',
      'src/app/store/api-schemas.ts',
      'src/features/ekyc/form-entry-data.ts',
    ],
    requests: [
      apiUrl(
        transactionInfoUrl({
          orgId: earlyPlaceholder.query('orgId'),
          txnId: earlyPlaceholder.segment(2),
        }),
      ),
      apiUrl(organisationUrl(earlyPlaceholder.query('orgId'))),
      apiUrl(profileUrl),
    ],
  },
];

/**
 * What the boot script's early requests carry, as the app's requests do (lib/api-client.ts): the same
 * headers, the stored bearer while the app would still use it, the stored language.
 */
export const EARLY_REQUESTS = {
  slot: EARLY_REQUESTS_SLOT,
  freshMs: EARLY_ANSWER_FRESH_MS,
  headers: DEFAULT_HEADERS,
  refreshTokenKey: AUTH_STORAGE_KEYS[1],
  expiryMarginSeconds: STARTUP_EXPIRY_MARGIN_S,
  languageKey: LANGUAGE_STORAGE_KEY,
} as const;

/** Where a session is kept (spec §3): a screen's chunks are fetched early only for a signed-in tab. */
export const ACCESS_TOKEN_STORAGE_KEY = AUTH_STORAGE_KEYS[0];

/** The sign-in page's own chunk (issue 31 §2), which the boot script fetches with the app's on /login. */
export const SIGN_IN_PAGE = { path: PATHS.login, module: 'src/features/auth/login-page.tsx' } as const;

/** The pages pre-rendered as they are, and hydrated in the browser. */
export const PUBLIC_PAGES = [
  PATHS.login,
  PATHS.faq,
  PATHS.instructions,
  PATHS.terms,
  PATHS.privacyPolicy,
  PATHS.error,
] as const;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The `<style data-emotion>` tags of exactly the styles the markup uses. */
  styles: string;
  title: string;
}

function toText(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
    });
    sink.on('finish', () => resolve(text));
    sink.on('error', reject);
    stream.on('error', reject);
    stream.pipe(sink);
  });
}

/** Renders `path` signed out, or signed in (a placeholder session that never leaves the build). */
async function render(
  path: string,
  language: Language,
  { signedIn = false, formHome = false } = {},
): Promise<{ html: string; styles: string }> {
  await setLanguage(language, { persist: false });
  const app = createAppState();
  if (signedIn) {
    app.store.dispatch(
      login({ accessToken: 'pre-render', refreshToken: 'pre-render', refreshTokenExpiresIn: 3600 }),
    );
  }
  if (formHome) {
    // The tab has this form's home open (not its init screen): what a reload of it shows.
    const [pathname = '', search = ''] = path.split('?');
    app.store.dispatch(setSearchedQuery({ pathname, search: search ? `?${search}` : '' }));
    app.store.dispatch(setShowInitScreen(false));
  }
  // One cache per page, keyed as the browser's default cache is ('css'): the browser's emotion takes
  // these style tags over instead of inserting the same rules again.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders app={app}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
    // A component that fails on the server would leave its boundary to the browser, with an inline
    // script the Content Security Policy blocks: the build fails instead.
    // Large boundaries would otherwise be sent apart and put in place by inline scripts.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await toText(prelude);
  if (errors.length > 0) {
    throw new Error(`Pre-rendering ${path} failed`, { cause: errors[0] });
  }
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles };
}

/** A public page as a signed-out visitor first sees it; the browser hydrates it. */
export async function renderPage(path: string, language: Language): Promise<RenderedPage> {
  return { ...(await render(path, language)), title: documentTitleFor(path) };
}

/**
 * The signed-in layouts choose phone, tablet or desktop in script (use-is-desktop.ts, top-bar.tsx),
 * which HTML cannot: the shell holds all three, and CSS shows the one the window's size picks, with
 * the same thresholds, so nothing moves when the app draws over it.
 */
const SHELL_LAYOUTS = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'tablet', viewport: { width: 800, height: 1000 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

const SHELL_CSS = `<style>[data-shell]{display:none}
@media (max-width:599.98px){[data-shell=phone]{display:block}}
@media (min-width:600px){[data-shell=tablet]{display:block}}
@media (min-width:1080.02px) and (min-height:500.02px){[data-shell=tablet]{display:none}[data-shell=desktop]{display:block}}</style>`;

/** Renders the signed-in page at `path` once per layout, each shown by CSS at its window sizes. */
async function renderLayouts(
  path: string,
  language: Language,
  options: { formHome?: boolean } = {},
): Promise<{ html: string; styles: string }> {
  let html = '';
  let styles = SHELL_CSS;
  try {
    for (const layout of SHELL_LAYOUTS) {
      setServerViewport(layout.viewport);
      const variant = await render(path, language, { signedIn: true, ...options });
      html += `<div data-shell="${layout.name}">${variant.html}</div>`;
      styles += variant.styles;
    }
  } finally {
    setServerViewport({ width: 0, height: 0 });
  }
  return { html, styles };
}

/**
 * The signed-in app shell: the top bar, the navigation and the home screen's placeholders, which every
 * signed-in route shows while its script loads (the browser draws the app over it).
 */
export async function renderShell(language: Language): Promise<RenderedPage> {
  return { ...(await renderLayouts(PATHS.home, language)), title: documentTitleFor(PATHS.home) };
}

/**
 * A form's home as a reload of it first shows it (ADR 0018): the frame, the organisation's request
 * heading and placeholders for the rest, with FORM_SHELL_TOKENS where the server puts the form's names
 * and the link's ids. Its heading is the page's largest paint, drawn before any script.
 */
export async function renderFormShell(language: Language): Promise<RenderedPage & { head: string }> {
  const T = FORM_SHELL_TOKENS;
  const path = formEntryPath(T.formId, T.txnId, T.orgId);
  renderFormHeadingPlaceholders(true);
  try {
    const page = await renderLayouts(path, language, { formHome: true });
    const head = `<meta name="${FORM_SHELL_META}" content="${T.formId}" data-org="${T.orgName}" data-form="${T.formName}" />`;
    return { ...page, head, title: documentTitleFor(path) };
  } finally {
    renderFormHeadingPlaceholders(false);
  }
}

/**
 * Signed-in routes whose first screen does not depend on the URL's ids: pre-rendered as they look while
 * their data loads (the frame, the screen's heading and intro text, skeletons), so their largest text
 * is in the HTML rather than drawn after ~250 KB of script and an API call (issue 31 §2).
 */
export const ROUTE_SHELLS = [PATHS.wallet] as const;

/**
 * The payment checkout (`/payment?orgId&txId&region`) as it looks while its quote loads: the server
 * sends it for such a link only (apps/server/src/http/spa.ts); the ids never show in it.
 */
export const PAYMENT_SHELL_PATH = `${PATHS.payment}?orgId=pre-render&txId=pre-render&region=IN`;

export async function renderRouteShell(path: string, language: Language): Promise<RenderedPage> {
  const pathname = path.split('?', 1)[0] ?? path;
  return { ...(await renderLayouts(path, language)), title: documentTitleFor(pathname) };
}
