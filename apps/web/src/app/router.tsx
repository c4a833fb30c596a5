import { Suspense } from 'react';
import { Navigate, Route, Routes, matchPath, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader/page-loader';
import { lazyScreen, type LazyScreen } from '../lib/lazy-screen';
import { useDocumentTitle } from './page-meta';
import { RouteErrorBoundary } from './route-error-boundary';
import { LOGGED_IN_ONLY_PATHS, PATHS, returnPath, type FromState } from './paths';
import { loadWithRetry } from '@veridocs/shared';
import { useAppSelector } from './store/hooks';
import { selectIsLoggedIn } from './store/selectors';
import type { AppStore } from './store/store';

// Every screen is loaded lazily, so /login loads as little as possible (MUI alone is ~105 KB gzip).
const login = lazyScreen(() => import('../features/auth/login-page'));
// On a desktop window, once the layout's side navigation and notifications panel are in too.
const appLayout = lazyScreen(() =>
  import('./layout/app-layout').then(async (layout) => {
    await layout.desktopPartsLoaded();
    return layout;
  }),
);
const publicShell = lazyScreen(() => import('./layout/public-shell'));
const home = lazyScreen(() => import('../features/home/home-page'));
const profile = lazyScreen(() => import('./profile-screens'));
const info = lazyScreen(() => import('../features/info/info-page'));
const terms = lazyScreen(() => import('../features/info/terms-page'));
const privacyPolicy = lazyScreen(() => import('../features/info/privacy-policy-page'));
const error = lazyScreen(() => import('../features/misc/error-page'));
const formEntry = lazyScreen(() => import('../features/ekyc/form-entry-page'));
const verification = lazyScreen(() => import('../features/verification/verification-page'));
const submitted = lazyScreen(() => import('../features/submitted/submitted-page'));
const formTxns = lazyScreen(() => import('../features/home/form-txns-page'));
const evaluationPartner = lazyScreen(() => import('../features/evaluation/select-evaluation-partner-page'));
const verificationInfo = lazyScreen(() => import('../features/verification/verification-info-page'));
const profileMode = lazyScreen(() => import('../features/profile-details/profile-mode-page'));
const basicDetails = lazyScreen(() => import('../features/profile-details/basic-details-page'));
const contactDetails = lazyScreen(() => import('../features/profile-details/contact-details-page'));
const insufficiency = lazyScreen(() => import('../features/insufficiency/insufficiency-page'));
const digilocker = lazyScreen(() => import('../features/digilocker/digilocker-page'));
/** Every payment route (one chunk: payment-screens.tsx picks the screen by path). */
const payments = lazyScreen(() => import('../features/payments/payment-screens'));
/** The payment screens of the signed-in candidate (/payment is open to all, spec §2). */
const PAYMENT_PATHS = [
  PATHS.selectMode,
  PATHS.choosePaymentRegion,
  PATHS.transactionHistory,
  PATHS.formPayments,
];
const wallet = lazyScreen(() => import('../features/wallet/wallet-page'));
const walletCredential = lazyScreen(() => import('../features/wallet/credential-page'));
const credentialVerify = lazyScreen(() => import('../features/wallet/verify-page'));
/** The one generic page for the screens later issues build. */
const notifications = lazyScreen(() => import('../features/notifications/notifications-page'));
const comingSoon = lazyScreen(() => import('../features/misc/coming-soon-page'));
/** The institution's pages (issue 27): their own plain frame, with or without a candidate's session. */
const respond = lazyScreen(() => import('../features/respond/respond-screens'));
const respondRoute = <Route path={`${PATHS.respond}/*`} element={<respond.Component />} />;

/** The screen of each path that has one of its own (others show the generic page). */
const SCREENS: readonly [pattern: string, screen: { preload: () => Promise<unknown> }][] = [
  [PATHS.home, home],
  [PATHS.profile, profile],
  [PATHS.privacy, profile],
  [PATHS.formEntry, formEntry],
  [PATHS.verification, verification],
  [PATHS.submitted, submitted],
  [PATHS.formTxns, formTxns],
  [PATHS.selectEvaluationPartner, evaluationPartner],
  [PATHS.verificationInfo, verificationInfo],
  [PATHS.profileMode, profileMode],
  [PATHS.basicDetails, basicDetails],
  [PATHS.contactDetails, contactDetails],
  [PATHS.verificationInsufficiency, insufficiency],
  [PATHS.digilocker, digilocker],
  [PATHS.notifications, notifications],
  [PATHS.faq, info],
  [PATHS.instructions, info],
  [PATHS.terms, terms],
  [PATHS.privacyPolicy, privacyPolicy],
  [PATHS.error, error],
  [PATHS.wallet, wallet],
  [PATHS.walletCredential, walletCredential],
  [PATHS.credentialVerify, credentialVerify],
  ...[PATHS.payment, ...PAYMENT_PATHS].map((path): [string, typeof payments] => [path, payments]),
];

/** The screens open to everyone, in the public frame when signed out. */
const PUBLIC_SCREENS: readonly unknown[] = [info, terms, privacyPolicy, error, payments, credentialVerify];

/** The longest the first render waits for its screen's data (the prerendered page shows meanwhile). */
const FIRST_DATA_WAIT_MS = 2_000;

/**
 * Fetches the chunks the first screen needs all at once, at start: rendered one inside the other, the
 * layout and then its screen would each be fetched only once the one around it has run (two more
 * round trips on a phone's network before the screen's own requests). The first render waits for it:
 * a screen that suspends shows its fallback, and React then holds the screen back for up to 300 ms
 * more (its throttle on revealing suspended content), delaying the screen and its requests.
 * The form entry's data is asked for too, once the session has started and the language is set
 * (`ready`; features/ekyc/form-entry-data.ts), so that its first render has it; that wait is capped.
 */
export async function preloadRoute(
  location: { pathname: string; search: string },
  loggedIn: boolean,
  store: AppStore,
  ready: Promise<unknown>,
): Promise<void> {
  const { pathname } = location;
  const screen = SCREENS.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  const chunks: { preload: () => Promise<unknown> }[] = [];
  if (loggedIn) chunks.push(appLayout, screen ?? comingSoon);
  else if (screen && PUBLIC_SCREENS.includes(screen)) chunks.push(publicShell, screen);
  // Signed out, any other path shows the sign-in page (its own chunk, issue 31 §2) or sends there; a
  // form link with ?sso signs in by itself. The institution's pages load their own.
  else if (!matchPath(`${PATHS.respond}/*`, pathname))
    chunks.push(login, ...(screen === formEntry ? [formEntry] : []));
  const data =
    loggedIn && screen === formEntry
      ? Promise.all([loadWithRetry(() => import('../features/ekyc/form-entry-data')), ready])
          // A session that could not be renewed at start has ended: its screen asks nothing.
          .then(([{ prefetchFormEntry }]) =>
            selectIsLoggedIn(store.getState()) ? prefetchFormEntry(store, location) : undefined,
          )
          .catch(() => undefined)
      : null;
  // A failed preload is not an error: the screen's own lazy() asks again and shows its failure.
  await Promise.all([
    ...chunks.map((chunk) => chunk.preload().catch(() => undefined)),
    data && Promise.race([data, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]),
  ]);
}

/** To /login, remembering where the visitor wanted to go (the login screen returns there). */
function RedirectToLogin({ keepFrom }: { keepFrom: boolean }) {
  const location = useLocation();
  const state: FromState | undefined = keepFrom
    ? { from: { pathname: location.pathname, search: location.search, hash: location.hash } }
    : undefined;
  return <Navigate to={PATHS.login} replace state={state} />;
}

/** A logged-in visitor on /login goes to the saved `from` location, or home. */
function RedirectAfterLogin() {
  const location = useLocation();
  return <Navigate to={returnPath(location.state)} replace />;
}

/**
 * The form entry without a session: a single sign-on link (?sso) signs in by itself (spec §2); any other
 * form link goes to /login and comes back after sign-in.
 */
function LoggedOutFormEntry() {
  const { search } = useLocation();
  if (new URLSearchParams(search).get('sso')) return <formEntry.Component />;
  return <RedirectToLogin keepFrom />;
}

/**
 * The signed-in screens that are just their path's element, without props (the form entry and the
 * logged-in-only ones): routed from SCREENS rather than one by one, which the sign-in chunk pays for.
 */
const SIGNED_IN_SCREENS = SCREENS.filter(
  ([path]) => path === PATHS.formEntry || (LOGGED_IN_ONLY_PATHS as readonly string[]).includes(path),
) as unknown as [string, LazyScreen<object>][];

/** The logged-in paths without a screen of their own yet show the generic page. */
const UNBUILT_PATHS = LOGGED_IN_ONLY_PATHS.filter((path) => !SCREENS.some(([pattern]) => pattern === path));

/** The screens open to everyone, shared by both route tables. */
function commonRoutes() {
  return [
    <Route key="faq" path={PATHS.faq} element={<info.Component tab="faq" />} />,
    <Route key="instructions" path={PATHS.instructions} element={<info.Component tab="instructions" />} />,
    <Route key="error" path={PATHS.error} element={<error.Component />} />,
    <Route key="terms" path={PATHS.terms} element={<terms.Component />} />,
    <Route key="privacy" path={PATHS.privacyPolicy} element={<privacyPolicy.Component />} />,
    <Route key="payment" path={PATHS.payment} element={<payments.Component />} />,
    <Route key="credential-verify" path={PATHS.credentialVerify} element={<credentialVerify.Component />} />,
  ];
}

function LoggedOutRoutes() {
  return (
    <Routes>
      <Route path={PATHS.login} element={<login.Component />} />
      {respondRoute}
      {/* The form entry needs a session: sign in first, then come back to the same form URL. */}
      <Route path={PATHS.formEntry} element={<LoggedOutFormEntry />} />
      <Route path={PATHS.home} element={<RedirectToLogin keepFrom />} />
      {LOGGED_IN_ONLY_PATHS.map((path) => (
        <Route key={path} path={path} element={<RedirectToLogin keepFrom />} />
      ))}
      <Route element={<publicShell.Component />}>{commonRoutes()}</Route>
      <Route path="*" element={<RedirectToLogin keepFrom={false} />} />
    </Routes>
  );
}

function LoggedInRoutes() {
  return (
    <Routes>
      <Route path={PATHS.login} element={<RedirectAfterLogin />} />
      {respondRoute}
      <Route element={<appLayout.Component />}>
        <Route index element={<home.Component />} />
        {SIGNED_IN_SCREENS.map(([path, screen]) => (
          <Route key={path} path={path} element={<screen.Component />} />
        ))}
        {UNBUILT_PATHS.map((path) => (
          <Route key={path} path={path} element={<comingSoon.Component />} />
        ))}
        {commonRoutes()}
      </Route>
      <Route path="*" element={<Navigate to={PATHS.home} replace />} />
    </Routes>
  );
}

export function AppRoutes() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { pathname } = useLocation();
  useDocumentTitle();
  // The last boundary: a layout (or /login) whose code fails still leaves a message, never a blank page.
  return (
    <RouteErrorBoundary resetKey={pathname} standalone>
      <Suspense fallback={<PageLoader fullHeight />}>
        {loggedIn ? <LoggedInRoutes /> : <LoggedOutRoutes />}
      </Suspense>
    </RouteErrorBoundary>
  );
}
