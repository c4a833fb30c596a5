import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { loadWithRetry, type OrgRole } from '@veridocs/shared';
import { m } from '../messages';
import { OrgLayout } from './layout';
import { ORG_ROUTES, PUBLIC_ROUTES } from './org-routes';
import { PATHS } from './paths';
import { RouteErrorBoundary } from './route-error-boundary';
import { useSession } from './use-session';

const SignInPage = lazy(() => loadWithRetry(() => import('../features/auth/sign-in-page')));

export function PageLoader() {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={m.app.loading} />
    </Box>
  );
}

/** The first page the role may open: where `/` and a finished sign-in go. */
export function homePath(role: OrgRole | undefined): string {
  return ORG_ROUTES.find((route) => role && route.roles.includes(role))?.path ?? PATHS.signIn;
}

function NotFound() {
  const session = useSession();
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="h1">{m.app.notFoundTitle}</Typography>
      <Typography>{m.app.notFoundBody}</Typography>
      <Button
        component={RouterLink}
        to={homePath(session?.user.role)}
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
      >
        {m.app.backHome}
      </Button>
    </Stack>
  );
}

/** The signed-in pages: without a live session, the sign-in screen (then back here). */
function SignedIn({ roles, children }: { roles?: readonly OrgRole[]; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${PATHS.signIn}?next=${encodeURIComponent(next)}`} replace />;
  }
  const allowed = !roles || roles.includes(session.user.role);
  return (
    <OrgLayout session={session}>
      {/* A page whose code cannot be downloaded shows its message inside the layout (issue 24). */}
      <RouteErrorBoundary resetKey={location.pathname}>
        {allowed ? (
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        ) : (
          <Alert severity="warning">{m.app.forbidden}</Alert>
        )}
      </RouteErrorBoundary>
    </OrgLayout>
  );
}

function Public({ path, children }: { path: string; children: ReactNode }) {
  return (
    <RouteErrorBoundary resetKey={path}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

function SignInRoute() {
  const session = useSession();
  const location = useLocation();
  if (session) {
    // Back to the page that sent the visitor here (a path of the portal's only), else the start page.
    const next = new URLSearchParams(location.search).get('next');
    const back = next && next.startsWith('/') && !next.startsWith('//') ? next : homePath(session.user.role);
    return <Navigate to={back} replace />;
  }
  return (
    <Public path={PATHS.signIn}>
      <SignInPage />
    </Public>
  );
}

function Home() {
  const session = useSession();
  return <Navigate to={homePath(session?.user.role)} replace />;
}

/** The portal's pages under /org (react-router basename ORG_BASE). */
export function OrgRoutes() {
  return (
    <Routes>
      <Route path={PATHS.signIn} element={<SignInRoute />} />
      {PUBLIC_ROUTES.map(({ path, Component }) => (
        <Route
          key={path}
          path={path}
          element={
            <Public path={path}>
              <Component />
            </Public>
          }
        />
      ))}
      <Route path="/" element={<Home />} />
      {ORG_ROUTES.map(({ path, Component, roles }) => (
        <Route
          key={path}
          path={path}
          element={
            <SignedIn roles={roles}>
              <Component />
            </SignedIn>
          }
        />
      ))}
      <Route
        path="*"
        element={
          <SignedIn>
            <NotFound />
          </SignedIn>
        }
      />
    </Routes>
  );
}
