import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader/page-loader';
import { useDocumentTitle } from './page-meta';
import { LOGGED_IN_ONLY_PATHS, PATHS, returnPath, type FromState } from './paths';
import { useAppSelector } from './store/hooks';
import { selectIsLoggedIn } from './store/selectors';

// Every screen is loaded lazily, so /login loads as little as possible (MUI alone is ~105 KB gzip).
const LoginPage = lazy(() => import('../features/auth/login-page'));
const AppLayout = lazy(() => import('./layout/app-layout'));
const PublicShell = lazy(() => import('./layout/public-shell'));
const HomePage = lazy(() => import('../features/home/home-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const InfoPage = lazy(() => import('../features/info/info-page'));
const TermsPage = lazy(() => import('../features/info/terms-page'));
const PrivacyPolicyPage = lazy(() => import('../features/info/privacy-policy-page'));
const ErrorPage = lazy(() => import('../features/misc/error-page'));
/** The one generic page for the screens later issues build. */
const ComingSoonPage = lazy(() => import('../features/misc/coming-soon-page'));

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

/** The screens open to everyone, shared by both route tables. */
function commonRoutes() {
  return [
    <Route key="faq" path={PATHS.faq} element={<InfoPage tab="faq" />} />,
    <Route key="instructions" path={PATHS.instructions} element={<InfoPage tab="instructions" />} />,
    <Route key="error" path={PATHS.error} element={<ErrorPage />} />,
    <Route key="terms" path={PATHS.terms} element={<TermsPage />} />,
    <Route key="privacy" path={PATHS.privacyPolicy} element={<PrivacyPolicyPage />} />,
    <Route key="payment" path={PATHS.payment} element={<ComingSoonPage />} />,
  ];
}

function LoggedOutRoutes() {
  return (
    <Routes>
      <Route path={PATHS.login} element={<LoginPage />} />
      {/* The form entry needs a session: sign in first, then come back to the same form URL. */}
      <Route path={PATHS.formEntry} element={<RedirectToLogin keepFrom />} />
      <Route path={PATHS.home} element={<RedirectToLogin keepFrom />} />
      {LOGGED_IN_ONLY_PATHS.map((path) => (
        <Route key={path} path={path} element={<RedirectToLogin keepFrom />} />
      ))}
      <Route element={<PublicShell />}>{commonRoutes()}</Route>
      <Route path="*" element={<RedirectToLogin keepFrom={false} />} />
    </Routes>
  );
}

function LoggedInRoutes() {
  return (
    <Routes>
      <Route path={PATHS.login} element={<RedirectAfterLogin />} />
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path={PATHS.profile} element={<ProfilePage />} />
        <Route path={PATHS.formEntry} element={<ComingSoonPage />} />
        {LOGGED_IN_ONLY_PATHS.filter((path) => path !== PATHS.profile).map((path) => (
          <Route key={path} path={path} element={<ComingSoonPage />} />
        ))}
        {commonRoutes()}
      </Route>
      <Route path="*" element={<Navigate to={PATHS.home} replace />} />
    </Routes>
  );
}

export function AppRoutes() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  useDocumentTitle();
  return (
    <Suspense fallback={<PageLoader fullHeight />}>
      {loggedIn ? <LoggedInRoutes /> : <LoggedOutRoutes />}
    </Suspense>
  );
}
