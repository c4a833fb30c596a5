// The app evaluates in stages, each in a task of its own (a top-level await between them), instead of
// one long task that Lighthouse counts as blocking time (issue 31 §2). Kept first, in this order.
import './boot/stage-react';
import './boot/stage-ui';
import './boot/stage-state';
import './boot/stage-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { PATHS } from './app/paths';
import { preloadRoute } from './app/router';
import { createAppState } from './app/session/create-app';
import { selectIsLoggedIn } from './app/store/selectors';
import { readStoredStep } from './features/auth/stored-step';
import { DEFAULT_LANGUAGE, setLanguage, storedLanguage } from './i18n';
import { config } from './lib/config';

// Telemetry (ADR 0032): no-ops unless configured; the real sinks load on demand, off the first screen.
const errorReportDsn = config.errorReportDsn;
const rootOptions = errorReportDsn
  ? await import('./lib/telemetry/envelope-reporter').then(({ installErrorReporting }) =>
      installErrorReporting(errorReportDsn, {
        release: config.release,
        environment: config.isProduction ? 'production' : 'development',
      }),
    )
  : {};
if (config.analytics)
  void Promise.all([import('./lib/telemetry/http-tracker'), import('./lib/telemetry/tracker')]).then(
    ([{ createHttpTracker }, { setTracker }]) => setTracker(createHttpTracker()),
  );

const app = createAppState();
const language = storedLanguage();
// A stored refresh token starts the periodic refresh; an expired access token is renewed first.
const sessionStarted = app.session.start();
const languageSet = language === DEFAULT_LANGUAGE ? null : setLanguage(language, { persist: false });
await Promise.all([
  // The first screen's chunks load meanwhile; the form entry's data once the session has started and
  // the language is set (its requests carry both).
  preloadRoute(
    window.location,
    selectIsLoggedIn(app.store.getState()),
    app.store,
    Promise.all([sessionStarted, languageSet]),
  ),
  sessionStarted,
  languageSet,
]);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const tree = (
  <StrictMode>
    <App app={app} />
  </StrictMode>
);
// The build pre-renders the public pages signed out, in each language (scripts/prerender.mjs): the
// page in the candidate's language is hydrated. The signed-in shell, a signed-in visitor on a public
// page, or a page in another language (a language chosen before the cookie existed) is drawn over
// instead, as React cannot hydrate markup that does not match.
// A sign-in step kept for a reload (the OTP or name step) is not the pre-rendered number step either.
const hydratable =
  container.dataset.prerendered === 'public' &&
  container.dataset.language === language &&
  !selectIsLoggedIn(app.store.getState()) &&
  !(window.location.pathname === PATHS.login && readStoredStep() !== null);
if (hydratable) hydrateRoot(container, tree, rootOptions);
else {
  // Drawn over a page that is already painted (the shell or a route's pre-rendered frame): as a
  // transition React yields to the browser every few milliseconds instead of one long task, which is
  // what Lighthouse counts as blocking time on the signed-in screens (issue 31 §2).
  const root = createRoot(container, rootOptions);
  startTransition(() => root.render(tree));
}
