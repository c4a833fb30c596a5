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
import { PATHS } from './app/paths';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { createAppState } from './app/session/create-app';
import { login } from './app/store/slices/auth-slice';

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

/**
 * Renders `path` signed out, or (`shell`) the signed-in layout with the home screen's skeleton: the
 * top bar, the navigation and placeholders every signed-in route shows while its script loads. The
 * shell's session is a placeholder that never leaves the build.
 */
export async function renderPage(path: string, { shell = false } = {}): Promise<RenderedPage> {
  const app = createAppState();
  if (shell) {
    app.store.dispatch(
      login({ accessToken: 'pre-render', refreshToken: 'pre-render', refreshTokenExpiresIn: 3600 }),
    );
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
  return { html, styles, title: documentTitleFor(path) };
}
